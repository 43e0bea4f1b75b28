import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { TabelaRolavel } from '~/components/backoffice/pecas';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { listarCarimbosLote, salvarCarimboLote } from '~/modules/backoffice/carimbos-lote.server';
import { alterarCarimbo, CARIMBO_IMAGEM_BYTES_MAXIMO, criarCarimbo, listarCarimbos } from '~/modules/backoffice/carimbos.server';
import { ROTULOS_POSICAO } from '~/modules/backoffice/rotulos-extras';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { idSchema } from '~/utils/id';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Carimbo de fotos');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const [carimbos, carimbosLote] = await Promise.all([
    listarCarimbos({ db: context.db, hotsiteId: context.marca.id }),
    listarCarimbosLote({ db: context.db, hotsiteId: context.marca.id }),
  ]);
  return { carimbos, carimbosLote };
}

const ACOES = ['ativar', 'desativar', 'remover'] as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request, {
    arquivos: 1,
    bytesPorArquivo: CARIMBO_IMAGEM_BYTES_MAXIMO,
    bytesTotal: CARIMBO_IMAGEM_BYTES_MAXIMO + 50_000,
  });
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const base = { db: context.db, hotsiteId: context.marca.id, usuarioId: eu.id };
  try {
    if (campos._acao === 'criar') {
      const a = form.get('imagem');
      const imagem = a && typeof a !== 'string' && a.size > 0 ? Buffer.from(await a.arrayBuffer()) : null;
      await criarCarimbo({ ...base, entrada: { ...campos, ativo: campos.ativo ?? 'false' }, imagem });
      return { ok: true as const, mensagem: 'Salvo com sucesso', erros: {}, valores: {} };
    }
    if (campos._acao === 'lote-salvar') {
      // Lot badges (decision 086): a new one without id, else the row's.
      const id = campos.id ? idSchema('Carimbo não encontrado').parse(campos.id) : null;
      await salvarCarimboLote({ ...base, id, entrada: { ...campos, ativo: campos.ativo ?? 'false' } });
      return { ok: true as const, mensagem: 'Salvo com sucesso', erros: {}, valores: {} };
    }
    const acao = ACOES.find((x) => x === campos._acao);
    if (!acao) throw new ErroHttp(400, 'Ação desconhecida');
    const id = idSchema('Carimbo não encontrado').parse(campos.id);
    await alterarCarimbo({ ...base, id, acao });
    return { ok: true as const, mensagem: acao === 'remover' ? 'Item apagado com sucesso' : 'Salvo com sucesso', erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

export default function CarimboFotos() {
  const { carimbos, carimbosLote } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as
    { ok: boolean; mensagem: string; erros: Record<string, string[]>; valores: Record<string, string> } | undefined;
  const erro = (campo: string) => (r?.erros?.[campo] ? <span className={f.erro}>{r.erros[campo][0]}</span> : null);
  return (
    <section>
      <div className={s.titulo}>
        <h1>Carimbo de fotos</h1>
      </div>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <p className={f.ajuda}>
        Os carimbos ativos são aplicados às fotos de lote enviadas a partir de agora (a foto guardada já sai carimbada). Fotos enviadas
        antes continuam como estão.
      </p>
      <Form method="post" encType="multipart/form-data" className={s.secao} aria-label="Novo carimbo">
        <input type="hidden" name="_acao" value="criar" />
        <div className={f.grade}>
          <label className={f.campo}>
            <span className={f.rotulo}>Nome</span>
            <input name="nome" required maxLength={80} className={f.entrada} defaultValue={r && !r.ok ? r.valores.nome : ''} />
            {erro('nome')}
          </label>
          <label className={f.campo}>
            <span className={f.rotulo}>Tipo</span>
            <select name="tipo" className={f.entrada} defaultValue={r && !r.ok ? r.valores.tipo : 'TEXTO'}>
              <option value="TEXTO">Texto</option>
              <option value="IMAGEM">Imagem</option>
            </select>
          </label>
          <label className={f.campo}>
            <span className={f.rotulo}>Texto (para carimbo de texto)</span>
            <input name="texto" maxLength={60} className={f.entrada} defaultValue={r && !r.ok ? r.valores.texto : ''} />
            {erro('texto')}
          </label>
          <label className={f.campo}>
            <span className={f.rotulo}>Imagem (PNG, JPEG ou WebP, até 2 MB)</span>
            <input type="file" name="imagem" accept="image/png,image/jpeg,image/webp" className={f.entrada} />
            {erro('imagem')}
          </label>
          <label className={f.campo}>
            <span className={f.rotulo}>Posição</span>
            <select name="posicao" className={f.entrada} defaultValue="inferior-direita">
              {Object.entries(ROTULOS_POSICAO).map(([k, v]) => (
                <option key={k} value={k}>
                  {v}
                </option>
              ))}
            </select>
          </label>
          <label className={f.campo}>
            <span className={f.rotulo}>Opacidade (%)</span>
            <input name="opacidade" type="number" min={5} max={100} defaultValue={60} className={f.entrada} />
            {erro('opacidade')}
          </label>
          <label className={f.campo}>
            <span className={f.rotulo}>Largura (% da foto)</span>
            <input name="largura" type="number" min={5} max={100} defaultValue={25} className={f.entrada} />
            {erro('largura')}
          </label>
        </div>
        <label className={f.caixa}>
          <input type="checkbox" name="ativo" defaultChecked /> Ativo
        </label>
        <button type="submit" className={botao}>
          Salvar carimbo
        </button>
      </Form>
      <TabelaRolavel rotulo="Carimbo de fotos">
        <table className={f.tabela} data-testid="carimbos">
          <thead>
            <tr>
              <th>Nome</th>
              <th>Tipo</th>
              <th>Posição</th>
              <th>Opacidade</th>
              <th>Largura</th>
              <th>Situação</th>
              <th>Ações</th>
            </tr>
          </thead>
          <tbody>
            {carimbos.map((c) => (
              <tr key={c.id}>
                <td>{c.nome}</td>
                <td>{c.tipo === 'TEXTO' ? `Texto: ${c.texto}` : 'Imagem'}</td>
                <td>{ROTULOS_POSICAO[c.posicao]}</td>
                <td>{c.opacidade}%</td>
                <td>{c.largura}%</td>
                <td>{c.ativo ? 'Ativo' : 'Inativo'}</td>
                <td>
                  <div className={f.acoes}>
                    <Form method="post">
                      <input type="hidden" name="_acao" value={c.ativo ? 'desativar' : 'ativar'} />
                      <input type="hidden" name="id" value={c.id} />
                      <button type="submit" className={botao}>
                        {c.ativo ? 'Desativar' : 'Ativar'}
                      </button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="_acao" value="remover" />
                      <input type="hidden" name="id" value={c.id} />
                      <button type="submit" className={botaoSecundario}>
                        Remover
                      </button>
                    </Form>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {carimbos.length === 0 ? <p>Nenhum carimbo cadastrado.</p> : null}
      <h2>Carimbos de lote</h2>
      <p className={f.ajuda}>
        Selos que a equipe escolhe para um lote no formulário do lote: aparecem no card (imagem do card, ou o nome) e na página do lote
        (imagem do lote), com um link opcional. Endereços http(s) ou caminhos do site.
      </p>
      <TabelaRolavel rotulo="Carimbo de fotos">
        <table className={f.tabela} data-testid="carimbos-lote">
          <thead>
            <tr>
              <th>Nome</th>
              <th>Imagem do card</th>
              <th>Imagem do lote</th>
              <th>Link</th>
              <th>Ativo</th>
              <th>Lotes</th>
              <th>Ações</th>
            </tr>
          </thead>
          <tbody>
            {[...carimbosLote, null].map((c) => (
              <tr key={c?.id ?? 'novo'}>
                <td>
                  <input
                    form={`carimbo-lote-${c?.id ?? 'novo'}`}
                    name="nome"
                    required
                    maxLength={40}
                    aria-label="Nome"
                    defaultValue={c?.nome ?? ''}
                    className={f.entrada}
                    placeholder={c ? undefined : 'Novo carimbo'}
                  />
                </td>
                <td>
                  <input
                    form={`carimbo-lote-${c?.id ?? 'novo'}`}
                    name="urlCard"
                    maxLength={500}
                    aria-label="Imagem do card"
                    defaultValue={c?.urlCard ?? ''}
                    className={f.entrada}
                  />
                </td>
                <td>
                  <input
                    form={`carimbo-lote-${c?.id ?? 'novo'}`}
                    name="urlLote"
                    maxLength={500}
                    aria-label="Imagem do lote"
                    defaultValue={c?.urlLote ?? ''}
                    className={f.entrada}
                  />
                </td>
                <td>
                  <input
                    form={`carimbo-lote-${c?.id ?? 'novo'}`}
                    name="link"
                    maxLength={500}
                    aria-label="Link"
                    defaultValue={c?.link ?? ''}
                    className={f.entrada}
                  />
                </td>
                <td>
                  <input
                    form={`carimbo-lote-${c?.id ?? 'novo'}`}
                    type="checkbox"
                    name="ativo"
                    aria-label="Ativo"
                    defaultChecked={c?.ativo ?? true}
                  />
                </td>
                <td>{c?.lotes ?? ''}</td>
                <td>
                  <Form method="post" id={`carimbo-lote-${c?.id ?? 'novo'}`}>
                    <input type="hidden" name="_acao" value="lote-salvar" />
                    {c ? <input type="hidden" name="id" value={c.id} /> : null}
                    <button type="submit" className={c ? botaoSecundario : botao}>
                      {c ? 'Salvar' : 'Adicionar'}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
    </section>
  );
}
