import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Escolha, Secao } from '~/components/backoffice/pecas';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { metaDaPagina } from '~/components/meta';
import { INTEGRADORAS } from '@db/schema/enums-catalogo';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { apagarTag, MENSAGENS_TAG, obterTag, salvarTag } from '~/modules/integracoes/tags.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { lerFormulario } from '~/utils/formulario.server';
import { idValido } from '~/utils/id';

/** One integration tag (spec 000 §2 `/admin/comitente-integracao-tag/{id?}`, ADM alone): uid, nome, chave, integradora. */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Tag de integração');

function idDaRota(id: string | undefined) {
  if (id === undefined) return null;
  const n = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  if (!idValido(n)) throw new ErroHttp(404, MENSAGENS_TAG.naoEncontrada);
  return n;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const id = idDaRota(params.id);
  return { tag: id === null ? null : await obterTag({ db: context.db, hotsiteId: context.marca.id, id }) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await exigirAcesso(request, context);
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  try {
    const id = idDaRota(params.id);
    const db = context.db;
    const hotsiteId = context.marca.id;
    if (campos._acao === 'apagar') {
      if (id === null) throw new ErroHttp(404, MENSAGENS_TAG.naoEncontrada);
      await apagarTag({ db, hotsiteId, id });
      return redirect('/admin/comitente-integracao-tags');
    }
    const r = await salvarTag({ db, hotsiteId, id, entrada: campos });
    if (id === null) return redirect(`/admin/comitente-integracao-tag/${r.id}`);
    return { ok: true as const, mensagem: 'Salvo com sucesso', erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

export default function TagDeIntegracao() {
  const { tag } = useLoaderData<typeof loader>();
  const t = useWording();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;
  const val = (c: string, atual: unknown) => (r && !r.ok && r.valores[c] !== undefined ? r.valores[c] : atual == null ? '' : String(atual));
  return (
    <section>
      <div className={s.titulo}>
        <h1>{tag ? `Tag: ${tag.nome}` : 'Nova tag de integração'}</h1>
        <Link to="/admin/comitente-integracao-tags">Voltar às tags</Link>
      </div>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <Form method="post" key={tag?.id ?? 'nova'}>
        <Secao titulo="Dados da tag">
          <div className={s.grade3}>
            <Campo nome="nome" rotulo="Nome" obrigatorio valor={val('nome', tag?.nome)} erros={r?.erros} maxLength={80} />
            <Campo
              nome="chave"
              rotulo="Chave"
              obrigatorio
              valor={val('chave', tag?.chave)}
              erros={r?.erros}
              maxLength={60}
              ajuda="O código da tag no sistema da integradora"
            />
            <Escolha
              nome="integradora"
              rotulo="Integradora"
              obrigatorio
              vazio="Escolha"
              opcoes={INTEGRADORAS.map((i) => ({ valor: i, nome: i }))}
              valor={val('integradora', tag?.integradora)}
              erros={r?.erros}
            />
          </div>
          {tag ? (
            <p className={f.ajuda}>
              uid <code>{tag.uid}</code> · classifica {t.contar('n_veiculos', tag.quantidadeVeiculos)}
            </p>
          ) : null}
        </Secao>
        <div className={f.acoes}>
          <button type="submit" className={botao}>
            Salvar
          </button>
        </div>
      </Form>
      {tag ? (
        <Form method="post" className={f.acoes}>
          <input type="hidden" name="_acao" value="apagar" />
          <button type="submit" className={botaoSecundario}>
            Apagar tag
          </button>
        </Form>
      ) : null}
    </section>
  );
}
