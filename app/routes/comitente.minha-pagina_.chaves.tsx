import { json, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import { PainelDeChaves, type RespostaDasChaves } from '~/components/comitente/chaves-de-api';
import * as s from '~/components/comitente/pagina.css';
import { container } from '~/components/layout.css';
import { useMarca, useWording } from '~/components/marca';
import { metaDaPagina } from '~/components/meta';
import { comitente as textos } from '~/locales/pt-BR/comitente';
import { comitentesDoUsuario, listarComitentes } from '~/modules/comitentes/usuarios-comitente.server';
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
 * /comitente/minha-pagina/chaves (Interno - Comitente; #30, decision 201): a seller's own users create, rotate
 * and revoke the API keys of the sellers they are tied to, and of no other. The secret is in the answer to
 * the create or rotate action only (no-store), kept as its SHA-256, never logged.
 */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Chaves de API');

async function quem(request: Request, context: LoaderFunctionArgs['context']) {
  const usuario = await exigirAcesso(request, context);
  if (!usuario) throw new Response('Efetuar login para acessar esta página', { status: 401 });
  const hotsiteId = context.marca.id;
  return { usuario, hotsiteId, comitentes: await comitentesDoUsuario({ db: context.db, hotsiteId, usuario }) };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { hotsiteId, comitentes } = await quem(request, context);
  const db = context.db;
  const [chaves, meus] = await Promise.all([
    listarCredenciais({ db, hotsiteId, comitentes }),
    listarComitentes({ db, hotsiteId, comitentes }),
  ]);
  return { chaves, comitentes: meus.filter((c) => c.ativo).map((c) => ({ valor: c.id, nome: c.nomeSite })) };
}

const SEM_CACHE = { headers: { 'Cache-Control': 'no-store' } };
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.get('Cache-Control') ? { 'Cache-Control': actionHeaders.get('Cache-Control')! } : loaderHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  const { usuario, hotsiteId, comitentes } = await quem(request, context);
  const form = await lerFormulario(request);
  const db = context.db;
  const acao = form.get('_acao');
  const uid = String(form.get('uid') ?? '');
  try {
    if (acao === 'rotacionar') {
      const r = await rotacionarCredencial({ db, hotsiteId, uid, comitentes });
      return json({ ok: true as const, mensagem: MENSAGENS_CREDENCIAL.rotacionada, segredo: r }, SEM_CACHE);
    }
    if (acao === 'revogar')
      return json({ ok: true as const, mensagem: (await revogarCredencial({ db, hotsiteId, uid, comitentes })).mensagem });
    const entrada = {
      comitenteId: form.get('comitenteId'),
      descricao: form.get('descricao'),
      permissoes: form.getAll('permissoes').filter((v) => typeof v === 'string'),
    };
    const r = await criarCredencial({ db, hotsiteId, usuarioId: usuario.id, entrada, comitentes });
    return json(
      { ok: true as const, mensagem: MENSAGENS_CREDENCIAL.criada, segredo: { clientId: r.clientId, segredo: r.segredo } },
      SEM_CACHE,
    );
  } catch (e) {
    return comoErroDeFormulario(e, { descricao: form.get('descricao'), comitenteId: form.get('comitenteId') });
  }
}

export default function ChavesDoComitente() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as RespostaDasChaves | undefined;
  const t = useWording(textos);
  const { tipo } = useMarca();
  return (
    <div className={`${container} ${s.pagina}`}>
      <header className={s.secao}>
        <h1>{t('comitente.chaves')}</h1>
        <p className={s.suave}>
          {t('chaves_comitente.subtitulo')} <Link to="/comitente/minha-pagina">{t('chaves_comitente.voltar')}</Link>
        </p>
      </header>
      {d.comitentes.length === 0 ? <Aviso>{t('chaves_comitente.nenhum_comitente')}</Aviso> : null}
      <section className={s.secao}>
        <PainelDeChaves
          chaves={d.chaves}
          comitentes={d.comitentes}
          resposta={r}
          tipo={tipo === 'loja' ? 'loja' : 'leilao'}
          rotuloComitente={t('chaves_comitente.comitente')}
        />
      </section>
    </div>
  );
}
