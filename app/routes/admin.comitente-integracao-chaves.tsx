import { json, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import * as s from '~/components/backoffice/backoffice.css';
import { PainelDeChaves, type RespostaDasChaves } from '~/components/comitente/chaves-de-api';
import { metaDaPagina } from '~/components/meta';
import { listarComitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import {
  criarCredencial,
  listarCredenciais,
  MENSAGENS_CREDENCIAL,
  revogarCredencial,
  rotacionarCredencial,
} from '~/modules/integracoes/credenciais.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { lerFormulario } from '~/utils/formulario.server';

/**
 * Sellers' API keys (issue #30, decision 167; ADM alone): a key per seller system, with the partner
 * permissions it needs. The secret is in the answer to the create or rotate action only, never again.
 */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Chaves de API dos comitentes');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const db = context.db;
  const hotsiteId = context.marca.id;
  const [chaves, comitentes] = await Promise.all([
    listarCredenciais({ db, hotsiteId, comitentes: 'todos' }),
    listarComitentes({ db, hotsiteId }),
  ]);
  return { chaves, comitentes: comitentes.filter((c) => c.ativo).map((c) => ({ valor: c.id, nome: c.nomeSite })) };
}

/** The answer that carries a secret is kept by no cache (browser back/forward, proxies). */
const SEM_CACHE = { headers: { 'Cache-Control': 'no-store' } };
/** A document answer takes its headers from here: the action's `no-store` when it sent one. */
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.get('Cache-Control') ? { 'Cache-Control': actionHeaders.get('Cache-Control')! } : loaderHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const db = context.db;
  const hotsiteId = context.marca.id;
  const acao = form.get('_acao');
  const uid = String(form.get('uid') ?? '');
  try {
    if (acao === 'rotacionar') {
      const r = await rotacionarCredencial({ db, hotsiteId, uid });
      return json({ ok: true as const, mensagem: MENSAGENS_CREDENCIAL.rotacionada, segredo: r }, SEM_CACHE);
    }
    if (acao === 'revogar') return json({ ok: true as const, mensagem: (await revogarCredencial({ db, hotsiteId, uid })).mensagem });
    const entrada = {
      comitenteId: form.get('comitenteId'),
      descricao: form.get('descricao'),
      permissoes: form.getAll('permissoes').filter((v) => typeof v === 'string'),
    };
    const r = await criarCredencial({ db, hotsiteId, usuarioId: eu.id, entrada });
    return json(
      { ok: true as const, mensagem: MENSAGENS_CREDENCIAL.criada, segredo: { clientId: r.clientId, segredo: r.segredo } },
      SEM_CACHE,
    );
  } catch (e) {
    return comoErroDeFormulario(e, { descricao: form.get('descricao'), comitenteId: form.get('comitenteId') });
  }
}

export default function ChavesDeApi() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as RespostaDasChaves | undefined;
  return (
    <section>
      <div className={s.titulo}>
        <h1>Chaves de API dos comitentes</h1>
        <Link to="/admin/dashboard-comitente-integracao">Dashboard de integração</Link>
      </div>
      <PainelDeChaves chaves={d.chaves} comitentes={d.comitentes} resposta={r} />
    </section>
  );
}
