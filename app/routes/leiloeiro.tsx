import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { PainelDoLeiloeiro } from '~/components/aovivo/painel-do-leiloeiro';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { moderarChat } from '~/modules/aovivo/chat.server';
import { COMANDOS, dadosDoPregao, executarComando } from '~/modules/aovivo/pregao.server';
import { ErroHttp, comoRespostaDeErro } from '~/utils/errors';
import { lerFormulario } from '~/utils/formulario.server';

/**
 * /leiloeiro (Leiloeiro + ADM): the auctioneer's panel. ?leilao= picks the auction (uid or id). Its
 * buttons post here; the action runs the same commands as POST /v1/leiloeiro/{leilaoUid}/... and the
 * chat moderation. With JavaScript (fetcher, `_js`) it answers JSON; without, it redirects back.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const pedido = new URL(request.url).searchParams.get('leilao');
  const dados = await dadosDoPregao({ db: context.db, hotsiteId: context.marca.id, leilao: pedido, staff: true }).catch((erro) => {
    if (erro instanceof ErroHttp) throw new Response(erro.mensagem, { status: erro.status });
    throw erro;
  });
  return { ...dados, mensagem: new URL(request.url).searchParams.get('mensagem') };
}

/** Built inside the action: COMANDOS comes from a .server module, absent from the browser's bundle. */
const acaoSchema = () =>
  z.object({
    intencao: z.enum([...COMANDOS, 'doulhe-uma', 'doulhe-duas', 'ocultar', 'bloquear', 'desbloquear'], 'Ação desconhecida'),
    leilaoUid: z.uuid({ error: 'Leilão inválido' }),
  });

export async function action({ request, context }: ActionFunctionArgs) {
  const u = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const js = form.get('_js') === '1';
  const responder = (status: number, corpo: { mensagem: string; [k: string]: unknown }, leilaoUid?: string) => {
    if (js) return Response.json({ ...corpo, ok: status < 400 }, { status: status >= 500 ? 500 : status >= 400 ? status : 200 });
    const b = new URLSearchParams({ mensagem: corpo.mensagem });
    if (leilaoUid) b.set('leilao', leilaoUid);
    return redirect(`/leiloeiro?${b}`);
  };
  const campos = acaoSchema().safeParse({ intencao: form.get('intencao'), leilaoUid: form.get('leilaoUid') });
  if (!campos.success) return responder(400, { mensagem: campos.error.issues[0]?.message ?? 'Dados inválidos' });
  const { intencao, leilaoUid } = campos.data;
  const { db, hub, marca } = context;
  try {
    if (intencao === 'ocultar' || intencao === 'bloquear' || intencao === 'desbloquear') {
      const entrada =
        intencao === 'ocultar'
          ? { acao: intencao, mensagemUid: form.get('mensagemUid') }
          : { acao: intencao, usuarioId: Number(form.get('usuarioId')) };
      return responder(200, await moderarChat({ db, hub, hotsiteId: marca.id, entrada, staffId: u.id }), leilaoUid);
    }
    const comando = intencao === 'doulhe-uma' || intencao === 'doulhe-duas' ? 'doulhe' : intencao;
    const valor = String(form.get('valor') ?? '').trim();
    const entrada =
      comando === 'doulhe'
        ? { etapa: intencao === 'doulhe-uma' ? 'uma' : 'duas' }
        : comando === 'lote-atual'
          ? { loteId: Number(form.get('loteId')) }
          : comando === 'lance' && valor
            ? { valor: Number(valor) }
            : {};
    const r = await executarComando({ db, hub, hotsiteId: marca.id, leilaoUid, comando, entrada, usuarioId: u.id });
    return responder(r.status, { mensagem: MENSAGENS_OK[comando], pregao: r.corpo.pregao }, leilaoUid);
  } catch (erro) {
    const { status, corpo } = comoRespostaDeErro(erro);
    if (status >= 500) context.logger.error({ err: erro }, 'falha no painel do leiloeiro');
    return responder(status, corpo, leilaoUid);
  }
}

const MENSAGENS_OK: Record<(typeof COMANDOS)[number], string> = {
  iniciar: 'Leilão ao vivo',
  'lote-atual': 'Lote em pregão',
  doulhe: 'Dou-lhe anunciado',
  martelo: 'Martelo batido',
  pausar: 'Leilão pausado',
  encerrar: 'Leilão encerrado',
  lance: 'Lance de pista registrado',
};

export const meta: MetaFunction = () => [{ title: 'Painel do leiloeiro' }];

export default function PaginaDoLeiloeiro() {
  const dados = useLoaderData<typeof loader>();
  return <PainelDoLeiloeiro dados={dados} />;
}
