import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Secao, TabelaRolavel } from '~/components/backoffice/pecas';
import { Caixa, Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { alterarTipoVistoria, apagarTipoVistoria, criarTipoVistoria, obterTipoVistoria } from '~/modules/vistorias/tipos.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { CATEGORIAS_VEICULO, type CategoriaVistoria } from '@db/schema';
import { ErroHttp } from '~/utils/errors';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Tipo de vistoria');

/**
 * /admin/vistorias/tipo/{uid?}: an inspection type with its categories, items and options on one form
 * (spec 000 §2 "inspection type form with categories, items and options"; decision 064). Without
 * JavaScript: each save adds one empty category and two empty items per category to fill next; an item
 * or category left without a name is dropped. Options are typed separated by ";".
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  if (!params.uid) return { tipo: null };
  return { tipo: await obterTipoVistoria({ db: context.db, hotsiteId: context.marca.id, uid: params.uid }) };
}

/** The form's flat fields (c.0.nome, c.0.i.1.opcoes...) → the type's shape. */
function tipoDoFormulario(campos: Record<string, string>, para: string[]) {
  const categorias: { nome: string; itens: Record<string, unknown>[] }[] = [];
  for (let ci = 0; ci < 60 && campos[`c.${ci}.nome`] !== undefined; ci++) {
    const nome = campos[`c.${ci}.nome`].trim();
    const itens: Record<string, unknown>[] = [];
    for (let ii = 0; ii < 110 && campos[`c.${ci}.i.${ii}.nome`] !== undefined; ii++) {
      const p = `c.${ci}.i.${ii}.`;
      if (!campos[`${p}nome`].trim()) continue;
      itens.push({
        nome: campos[`${p}nome`],
        tipo: campos[`${p}tipo`] || 'OPCAO',
        obrigatorio: campos[`${p}obrigatorio`] ?? 'false',
        opcoes: (campos[`${p}opcoes`] ?? '')
          .split(';')
          .map((o) => o.trim())
          .filter(Boolean),
        exemploUrl: campos[`${p}exemploUrl`] ?? '',
      });
    }
    if (nome || itens.length) categorias.push({ nome, itens });
  }
  return { nome: campos.nome ?? '', ativo: campos.ativo ?? 'false', disponibilizarParaTipos: para, categorias };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const base = { db: context.db, hotsiteId: context.marca.id, usuarioId: eu.id };
  try {
    if (campos._acao === 'excluir') {
      if (!params.uid) throw new ErroHttp(404, 'Tipo de vistoria não encontrado');
      await apagarTipoVistoria({ ...base, uid: params.uid });
      return redirect('/admin/vistorias/tipos');
    }
    if (campos._acao !== 'salvar') throw new ErroHttp(400, 'Ação desconhecida');
    const para = form.getAll('disponibilizarParaTipos').filter((x): x is string => typeof x === 'string');
    const entrada = tipoDoFormulario(campos, para);
    if (!params.uid) {
      const t = await criarTipoVistoria({ ...base, entrada });
      return redirect(`/admin/vistorias/tipo/${t.uid}`);
    }
    await alterarTipoVistoria({ ...base, uid: params.uid, entrada });
    return { ok: true as const, mensagem: 'Salvo com sucesso', erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

const vazio = (): CategoriaVistoria['itens'][number] => ({
  nome: '',
  tipo: 'OPCAO',
  obrigatorio: false,
  opcoes: [],
  exemploUrl: null,
  ordem: 0,
});

export default function TipoDeVistoria() {
  const { tipo: t } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;
  const erros = r?.erros;
  const categorias: CategoriaVistoria[] = [...(t?.categorias ?? []), { nome: '', ordem: 0, itens: [] }].map((c) => ({
    ...c,
    itens: [...c.itens, vazio(), vazio()],
  }));
  const somenteLeitura = t ? !t.podeEditar : false;
  // Messages of nested fields ("categorias.0.itens.1.opcoes") shown once above the form.
  const errosAninhados = Object.entries(erros ?? {}).filter(([k]) => k.startsWith('categorias'));
  return (
    <section>
      <h1>{t ? t.nome : 'Novo tipo de vistoria'}</h1>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      {errosAninhados.length ? (
        <ul className={s.perigo}>
          {errosAninhados.map(([k, m]) => (
            <li key={k}>{m?.[0]}</li>
          ))}
        </ul>
      ) : null}
      {somenteLeitura ? <p>Este tipo de vistoria é da plataforma e não pode ser editado.</p> : null}
      <Form method="post" key={t?.updatedAt ?? 'novo'}>
        <input type="hidden" name="_acao" value="salvar" />
        <Secao titulo="Tipo">
          <div className={s.grade3}>
            <Campo nome="nome" rotulo="Nome" obrigatorio valor={t?.nome ?? ''} erros={erros} />
          </div>
          <Caixa nome="ativo" rotulo="Ativo" marcado={t ? t.ativo : true} />
          <fieldset className={s.secao}>
            <legend>Disponível para (nenhuma marcada: todas)</legend>
            {CATEGORIAS_VEICULO.map((c) => (
              <label key={c} className={f.caixa}>
                <input type="checkbox" name="disponibilizarParaTipos" value={c} defaultChecked={t?.disponibilizarParaTipos.includes(c)} />
                {c}
              </label>
            ))}
          </fieldset>
        </Secao>
        {categorias.map((c, ci) => (
          <Secao key={ci} titulo={c.nome ? `Categoria ${ci + 1}: ${c.nome}` : 'Nova categoria'}>
            <Campo nome={`c.${ci}.nome`} rotulo="Nome da categoria" valor={c.nome} />
            <TabelaRolavel rotulo="Tipo de vistoria">
              <table className={f.tabela}>
                <thead>
                  <tr>
                    <th>Item</th>
                    <th>Tipo</th>
                    <th>Opções (separadas por ;)</th>
                    <th>Obrigatório</th>
                    <th>Exemplo (URL)</th>
                  </tr>
                </thead>
                <tbody>
                  {c.itens.map((i, ii) => {
                    const p = `c.${ci}.i.${ii}.`;
                    return (
                      <tr key={ii}>
                        <td>
                          <input
                            name={`${p}nome`}
                            defaultValue={i.nome}
                            className={f.entrada}
                            aria-label={`Item ${ii + 1} da categoria ${ci + 1}`}
                          />
                        </td>
                        <td>
                          <select name={`${p}tipo`} defaultValue={i.tipo} className={f.entrada} aria-label="Tipo do item">
                            <option value="OPCAO">Opções</option>
                            <option value="TEXTO">Texto</option>
                          </select>
                        </td>
                        <td>
                          <input name={`${p}opcoes`} defaultValue={i.opcoes.join('; ')} className={f.entrada} aria-label="Opções" />
                        </td>
                        <td>
                          <input type="checkbox" name={`${p}obrigatorio`} defaultChecked={i.obrigatorio} aria-label="Obrigatório" />
                        </td>
                        <td>
                          <input name={`${p}exemploUrl`} defaultValue={i.exemploUrl ?? ''} className={f.entrada} aria-label="Exemplo" />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TabelaRolavel>
          </Secao>
        ))}
        <div className={f.acoes}>
          {somenteLeitura ? null : (
            <button type="submit" className={botao}>
              Salvar
            </button>
          )}
          <Link to="/admin/vistorias/tipos">Voltar</Link>
        </div>
      </Form>
      {t && !somenteLeitura ? (
        <Form method="post">
          <input type="hidden" name="_acao" value="excluir" />
          <button type="submit" className={s.botaoPequeno}>
            Excluir tipo
          </button>
        </Form>
      ) : null}
    </section>
  );
}
