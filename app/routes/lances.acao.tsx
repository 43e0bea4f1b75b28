import { lerFormulario } from '~/utils/formulario.server';
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { darLance } from '~/modules/lances/lance-manual.server';
import { cancelarLanceAutomatico, configurarLanceAutomatico } from '~/modules/lances/lance-automatico.server';
import { compreJa } from '~/modules/lances/compre-ja.server';
import { enviarProposta, valorDoCompreJa } from '~/modules/lances/consultas.server';
import { avisarCompraRegistrada } from '~/modules/vendas/aviso-de-compra.server';
import { alternarFavorito, veiUidDoLote } from '~/modules/lances/favoritos.server';
import { clienteDoPedido, licitanteParaLote } from '~/modules/lances/participantes.server';
import { reaisParaCentavos } from '~/utils/numeros';
import { mensagensDaMarca } from '~/modules/lances/mensagens.server';
import { ErroHttp, comoRespostaDeErro } from '~/utils/errors';
import { caminhoDeVolta } from '~/utils/voltar';
import { respostaDoLance } from '~/paginas/resposta-do-lance.server';
import { dispositivoDoPedido, recusarSeBloqueado } from '~/modules/operacoes/bloqueios.server';

/**
 * Form target of the bid panel, "meus lances" and favourite buttons. With JavaScript (fetcher, `_js`)
 * it answers JSON; without, it redirects back to `redirectTo` with the message in the query string.
 * Calls the same use cases as the JSON API, with the brand's wording in the answers.
 */

/** The instalment-proposal field a refusal speaks of (the messages of propostaSchema and propostaValida). */
const campoDaProposta = (mensagem: string) =>
  /entrada/i.test(mensagem) ? 'entrada' : /parcelas|meses/i.test(mensagem) ? 'parcelas' : 'valor';

export async function action({ request, context }: ActionFunctionArgs) {
  const { db, hub, lances, marca } = context;
  // Answers in the brand's wording (oferta/anúncio/evento on a loja).
  const tipo = marca.tipo;
  const m = mensagensDaMarca(tipo);
  const form = await lerFormulario(request);
  const js = form.get('_js') === '1';
  const destino = caminhoDeVolta(form.get('redirectTo'), '/');
  const responder = (status: number, corpo: { mensagem?: string; [k: string]: unknown }) => {
    if (js) return Response.json({ ...corpo, ok: status < 400 }, { status: status >= 500 ? 500 : 200 });
    const url = new URL(destino, 'http://x');
    if (corpo.mensagem) url.searchParams.set('mensagem', corpo.mensagem);
    // A refused instalment proposal comes back with what was typed and the field the message is about.
    if (typeof corpo.campo === 'string') {
      url.searchParams.set('campo', corpo.campo);
      for (const k of ['modalidade', 'valor', 'entrada', 'parcelas'])
        url.searchParams.set(`proposta-${k}`, String(form.get(k) ?? '').slice(0, 40));
    }
    // Not enabled: back at the habilitation box, which sits above the bid panel (issue #12).
    return redirect(`${url.pathname}${url.search}${corpo.habilitar ? '#habilitacao' : ''}`);
  };
  /** A bidding use case's result, in the brand's words. */
  const emPalavras = (r: Parameters<typeof respostaDoLance>[0]) => {
    const { status, corpo } = respostaDoLance(r, tipo);
    return responder(status, corpo);
  };
  /**
   * No bidder behind the request: a visitor (or an ended session) goes to the login; a blocked or not
   * enabled client, or a user of another kind, is logged in, so they are told why instead (the API's
   * 403, in the brand's wording).
   */
  const semLicitante = (erro: unknown) => {
    if (erro instanceof ErroHttp && erro.status === 403)
      return responder(403, { mensagem: erro.mensagem, ...(erro.mensagem === m.naoHabilitado ? { habilitar: true } : {}) });
    return redirect(`/login?${new URLSearchParams({ redirectTo: destino, mensagem: 'Necessário fazer login para acessar esta página' })}`);
  };
  try {
    const intencao = String(form.get('intencao') ?? '');
    if (intencao === 'favorito') {
      const u = await clienteDoPedido(request, { db, hotsiteId: marca.id, tipo }).catch(semLicitante);
      if (u instanceof Response) return u;
      // The lot page posts the vehicle uid; a list card posts its lot id.
      const veiUid = form.has('veiUid')
        ? String(form.get('veiUid'))
        : await veiUidDoLote({ db, hotsiteId: marca.id, loteId: form.get('loteId') });
      const r = await alternarFavorito({ db, hotsiteId: marca.id, usuarioId: u.id, veiUid });
      return responder(200, r);
    }
    const loteId = Number(form.get('loteId'));
    // A blocked address or device bids nothing (decision 192): one look in the brand's cached matcher.
    if (intencao !== 'cancelar-automatico') {
      const bloqueio = await recusarSeBloqueado({
        db,
        hotsites: context.hotsites,
        hotsiteId: marca.id,
        ip: context.ip,
        dispositivo: dispositivoDoPedido((n) => request.headers.get(n)),
        acao: 'lance',
      }).catch((erro: unknown) => (erro instanceof ErroHttp ? responder(erro.status, { mensagem: erro.mensagem }) : Promise.reject(erro)));
      if (bloqueio) return bloqueio;
    }
    // Cancelling an automatic bid needs no enablement for the lot; everything else passes the bid gate.
    const licitante = await (
      intencao === 'cancelar-automatico'
        ? clienteDoPedido(request, { db, hotsiteId: marca.id, tipo })
        : licitanteParaLote(request, { lances, hotsiteId: marca.id, loteId, tipo })
    ).catch(semLicitante);
    if (licitante instanceof Response) return licitante;
    const dinheiro = (campo: string) => reaisParaCentavos(String(form.get(campo) ?? ''));
    /** A typed amount in reais that is not money: answered in reais, before the engine speaks of centavos. */
    const naoEDinheiro = (campo: string) => {
      const v = dinheiro(campo);
      return !Number.isFinite(v) || v <= 0;
    };
    switch (intencao) {
      case 'lance': {
        const texto = String(form.get('valor') ?? '').trim();
        if (texto && naoEDinheiro('valor')) return responder(400, { mensagem: m.valorEmReais });
        const valor = texto ? dinheiro('valor') : Number(form.get('proximo'));
        const r = await darLance({
          db,
          lances,
          hub,
          hotsiteId: marca.id,
          licitante,
          entrada: { loteId, valor: Number.isFinite(valor) ? valor : -1 },
          tipoDaMarca: tipo,
        });
        return emPalavras(r);
      }
      case 'automatico': {
        if (naoEDinheiro('valorMaximo')) return responder(400, { mensagem: m.valorEmReais });
        const r = await configurarLanceAutomatico({
          db,
          lances,
          hub,
          hotsiteId: marca.id,
          licitante,
          entrada: { loteId, valorMaximo: dinheiro('valorMaximo') || -1 },
          tipoDaMarca: tipo,
        });
        return emPalavras(r);
      }
      case 'cancelar-automatico':
        return emPalavras(await cancelarLanceAutomatico({ db, hotsiteId: marca.id, usuarioId: licitante.id, loteId }));
      case 'compre-ja': {
        // The first tap never buys (issue #28): without `confirmado` (a form posted without JavaScript)
        // the page comes back with the summary step; the buyer confirms the value that summary showed.
        const resumo = () => {
          const url = new URL(destino, 'http://x');
          url.searchParams.set('compre-ja', 'confirmar');
          return redirect(`${url.pathname}${url.search}#compre-ja`);
        };
        if (form.get('confirmado') !== '1') {
          if (js) return responder(400, { mensagem: m.compreJaSemConfirmacao });
          return resumo();
        }
        const atual = await valorDoCompreJa({ db, hotsiteId: marca.id, loteId });
        if (atual != null && String(atual) !== String(form.get('valor') ?? '').trim()) {
          if (js) return responder(409, { mensagem: m.compreJaMudou });
          return resumo();
        }
        const r = await compreJa({ db, lances, hub, hotsiteId: marca.id, licitante, loteId, tipoDaMarca: tipo });
        if (r.tipo !== 'comprado') return emPalavras(r);
        // The buyer's e-mail: what was bought, the total and whom to pay (the sale's payee).
        const vendaId = await avisarCompraRegistrada(db, {
          hotsiteId: marca.id,
          usuarioId: licitante.id,
          loteId,
          urlBase: context.urlBase,
        });
        const { status, corpo } = respostaDoLance(r, tipo);
        return responder(status, { ...corpo, comprado: { em: new Date().toISOString(), vendaId } });
      }
      case 'proposta': {
        const parcelado = form.get('modalidade') === 'parcelado';
        if (naoEDinheiro('valor')) return responder(400, { mensagem: m.valorEmReais, ...(parcelado ? { campo: 'valor' } : {}) });
        if (parcelado && naoEDinheiro('entrada')) return responder(400, { mensagem: 'Entrada inválida', campo: 'entrada' });
        const r = await enviarProposta({
          db,
          hotsiteId: marca.id,
          usuarioId: licitante.id,
          entrada: {
            loteId,
            valor: dinheiro('valor') || -1,
            telefone: form.get('telefone'),
            email: form.get('email'),
            // CPC 895 (judicial lots): "Parcelado" sends the down payment typed in reais and the instalments.
            ...(form.get('modalidade') === 'parcelado'
              ? { entrada: dinheiro('entrada') || -1, parcelas: Number(String(form.get('parcelas') ?? '').trim() || NaN) }
              : {}),
          },
          tipo,
        }).catch((erro: unknown) => {
          // The API's own rule and message (CPC 895), told beside the field it is about.
          const { status, corpo } = comoRespostaDeErro(erro);
          if (!parcelado || status >= 500) throw erro;
          return responder(status, { mensagem: corpo.mensagem, campo: campoDaProposta(corpo.mensagem) });
        });
        if (r instanceof Response) return r;
        return responder(201, r);
      }
      default:
        return responder(400, { mensagem: 'Ação desconhecida' });
    }
  } catch (erro) {
    const { status, corpo } = comoRespostaDeErro(erro);
    if (status >= 500) context.logger.error({ err: erro }, 'falha na ação de lances');
    return responder(status, corpo);
  }
}
