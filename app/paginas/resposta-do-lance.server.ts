import { mensagensDaMarca, textoDaRecusa } from '~/modules/lances/mensagens.server';
import type { Resultado } from '~/modules/lances/resultado';
import { formatarMoeda } from '~/utils/format';

/**
 * A bidding result (modules/lances/resultado.ts) as the pages answer it: the status and the message in
 * the brand's wording (oferta/anúncio/evento on a loja), with what the bid panel redraws from (`lote`,
 * `proximo`). The one place the pages turn a result into words; the JSON API has its own
 * (app/api/lances.server.ts), in the spec's leilão texts and its error shape.
 */
export function respostaDoLance(
  r: Resultado,
  tipo: 'leilao' | 'loja',
): { status: number; corpo: { mensagem: string; [k: string]: unknown } } {
  const m = mensagensDaMarca(tipo);
  switch (r.tipo) {
    case 'aceito':
      // Accepted, but another client's maximum answered it at once: said so, not "registered" alone.
      return r.status === 'superado'
        ? { status: 201, corpo: { mensagem: m.registradoESuperado(formatarMoeda(r.lote.valor.proximo)), lote: r.lote, superado: true } }
        : { status: 201, corpo: { mensagem: m.registrado, lote: r.lote } };
    case 'registrado':
      return { status: 201, corpo: { mensagem: m.registrado, lote: r.lote } };
    case 'automatico-salvo':
      return { status: 201, corpo: { mensagem: m.automaticoSalvo, lote: r.lote } };
    case 'automatico-cancelado':
      return { status: 200, corpo: { mensagem: m.automaticoCancelado } };
    case 'comprado':
      return { status: 201, corpo: { mensagem: m.compraRegistrada, lote: r.lote } };
    case 'abaixo':
    case 'maximo-abaixo':
      return { status: 409, corpo: { mensagem: textoDaRecusa(r, m), proximo: r.proximo } };
    case 'coberto':
      return { status: 409, corpo: { mensagem: textoDaRecusa(r, m), proximo: r.proximo, lote: r.lote } };
    case 'lote-nao-encontrado':
    case 'configuracao-nao-encontrada':
      return { status: 404, corpo: { mensagem: textoDaRecusa(r, m) } };
    case 'chave-reutilizada':
      return { status: 422, corpo: { mensagem: textoDaRecusa(r, m) } };
    default:
      return { status: 409, corpo: { mensagem: textoDaRecusa(r, m) } };
  }
}
