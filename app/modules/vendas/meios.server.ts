import { bwipjs, pixUtils, qrcode } from '~/utils/bibliotecas.server';
import { centavosParaDecimal } from '~/utils/format';
import { boleto, campoLivre } from './boleto';
import type { VendaDto } from './consultas.server';
import { favorecidoDaVenda, type Favorecido } from './favorecido';

/*
 * How to pay a sale: TED/deposit to the sale's payee (favorecidoDaVenda: the seller's account, else the
 * brand's; decision 121), a FEBRABAN boleto for what remains, and a static PIX (BR Code with its CRC16)
 * for the same amount, all three naming the same payee.
 */
export interface MeiosDePagamento {
  valor: number;
  /** Who receives: the TED account, the boleto's beneficiary and the PIX receiver. */
  ted: Favorecido | null;
  boleto: { linhaDigitavel: string; codigoBarras: string; barrasSvg: string; vencimento: string } | null;
  pix: { copiaECola: string; qrDataUrl: string } | null;
}

const semAcento = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

export async function meiosDePagamento(v: VendaDto, agora = new Date()): Promise<MeiosDePagamento> {
  const conta = favorecidoDaVenda(v);
  const valor = Math.max(0, v.totais.restante);
  const vencimento = new Date(Math.max(new Date(v.dataPagamento).getTime(), agora.getTime()));
  return montarMeios(conta, { valor, vencimento, nossoNumero: v.id, txid: `VENDA${v.id}`, info: `Venda ${v.id}` });
}

/** The "nosso número" of an instalment's boleto: above every sale id, so it never repeats a sale's own. */
export const NOSSO_NUMERO_DA_PARCELA = 90_000_000_000;

/**
 * One line of a CPC 895 schedule paid on its own (decision 288): a boleto and a PIX for what is left of that
 * line, due on its day (today when already late), built like the sale's from the same payee read through the
 * seal (`favorecidoDaVenda`: the account the seal lists, else none), so an unlisted account is never rendered.
 */
export function meiosDaParcela(
  v: VendaDto,
  p: { id: number; numero: number; vencimento: string; restante: number },
  agora = new Date(),
): Promise<MeiosDePagamento> {
  const dia = new Date(`${p.vencimento}T12:00:00-03:00`);
  return montarMeios(favorecidoDaVenda(v), {
    valor: Math.max(0, p.restante),
    vencimento: new Date(Math.max(dia.getTime(), agora.getTime())),
    nossoNumero: NOSSO_NUMERO_DA_PARCELA + p.id,
    txid: `VENDA${v.id}P${p.numero}`,
    info: p.numero === 0 ? `Venda ${v.id} entrada` : `Venda ${v.id} parcela ${p.numero}`,
  });
}

async function montarMeios(
  conta: Favorecido | null,
  { valor, vencimento, nossoNumero, txid, info }: { valor: number; vencimento: Date; nossoNumero: number; txid: string; info: string },
): Promise<MeiosDePagamento> {
  if (!conta || valor <= 0) return { valor, ted: conta, boleto: null, pix: null };
  let b: MeiosDePagamento['boleto'] = null;
  if (conta.permiteBoleto && conta.carteira) {
    const r = boleto({
      banco: conta.codigoBanco,
      vencimento,
      valor,
      livre: campoLivre({ agencia: conta.agencia, carteira: conta.carteira, nossoNumero, conta: conta.conta }),
    });
    const barrasSvg = (await bwipjs()).toSVG({ bcid: 'interleaved2of5', text: r.codigoBarras, height: 13, scale: 2, includetext: false });
    b = { ...r, barrasSvg, vencimento: vencimento.toISOString() };
  }
  let pix: MeiosDePagamento['pix'] = null;
  if (conta.chavePix) {
    const { createStaticPix, hasError } = await pixUtils();
    const p = createStaticPix({
      merchantName: semAcento(conta.nome).slice(0, 25).trim(),
      merchantCity: 'SAO PAULO',
      pixKey: conta.chavePix,
      infoAdicional: info,
      txid,
      transactionAmount: Number(centavosParaDecimal(valor)),
    });
    if (!hasError(p)) {
      const copiaECola = p.toBRCode();
      pix = { copiaECola, qrDataUrl: await (await qrcode()).toDataURL(copiaECola, { margin: 2, width: 240 }) };
    }
  }
  return { valor, ted: conta, boleto: b, pix };
}

/** QR code of a document's verification address (PNG data URL, big enough to scan from paper). */
export const qrDoEndereco = async (url: string) => (await qrcode()).toDataURL(url, { margin: 2, width: 220, errorCorrectionLevel: 'M' });
