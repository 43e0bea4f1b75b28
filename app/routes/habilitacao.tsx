import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { pedirHabilitacao } from '~/modules/habilitacao/habilitacao.server';
import { clienteDoPedido } from '~/modules/lances/participantes.server';
import { MENSAGENS_ACESSO } from '~/modules/dominio/papeis';
import { ErroHttp, comoRespostaDeErro } from '~/utils/errors';
import { lerFormulario } from '~/utils/formulario.server';
import { caminhoDeVolta } from '~/utils/voltar';

/**
 * POST /habilitacao: the habilitation box's form (lot page, auction's lot list, agenda), a plain form
 * that works without JavaScript. Redirects back to `redirectTo` with the answer in `habilitacao`
 * (and the auction in `habilitacao_leilao`, so the agenda shows it beside the right auction); a
 * visitor goes to the login, which returns to the page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { db, marca } = context;
  const form = await lerFormulario(request);
  const destino = caminhoDeVolta(form.get('redirectTo'), '/');
  const leilaoId = Number(form.get('leilaoId'));
  const voltar = (mensagem: string) => {
    const url = new URL(destino, 'http://x');
    url.searchParams.set('habilitacao', mensagem);
    if (Number.isSafeInteger(leilaoId)) url.searchParams.set('habilitacao_leilao', String(leilaoId));
    const ancora = String(form.get('ancora') ?? '');
    return redirect(`${url.pathname}${url.search}${/^habilitacao(-\d{1,10})?$/.test(ancora) ? `#${ancora}` : ''}`, 303);
  };
  try {
    const u = await clienteDoPedido(request, { db, hotsiteId: marca.id, tipo: marca.tipo });
    const r = await pedirHabilitacao({
      db,
      hub: context.hub,
      marca,
      usuarioId: u.id,
      entrada: { leilaoId, aceite: form.get('aceite') === 'on' },
    });
    return voltar(r.mensagem);
  } catch (erro) {
    if (erro instanceof ErroHttp && erro.status === 401)
      return redirect(`/login?${new URLSearchParams({ redirectTo: destino, mensagem: MENSAGENS_ACESSO.naoLogado })}`, 303);
    // A refusal (terms not accepted, unknown auction, blocked) comes back to the page, told in the box.
    const { status, corpo } = comoRespostaDeErro(erro);
    if (status >= 500) throw erro;
    return voltar(corpo.mensagem);
  }
}
