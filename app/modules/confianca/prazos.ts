import { z } from 'zod';
import { feriadoNacional } from '~/modules/vendas/feriados';
import { CARENCIA_ESTADIA_DIAS, instanteEmSaoPaulo, partesEmSaoPaulo } from '~/modules/vendas/regras';
import { formatarMoeda } from '~/utils/format';

/*
 * The buyer's deadlines after the hammer (issue #34 part 5, decision 231): one function from the sale and the
 * brand's rules to the timeline, used by the purchase page (its list and countdown) and by the reminders'
 * job, so both say the same day. Pure: dates in São Paulo, business days skip weekends and national holidays
 * (the library already behind the yard's calendar).
 */

/** The brand's rules (hotsite.prazos_comprador), each with the platform's default. */
export const prazosDaMarcaSchema = z.object({
  /** Business days after the payment date to send the proofs (18h of that day). */
  diasUteisComprovantes: z.number().int().min(0).max(10).default(1),
});
export type PrazosDaMarca = z.infer<typeof prazosDaMarcaSchema>;

/** Stored brand data read leniently: a broken value falls back to the defaults instead of breaking the page. */
export function prazosDaMarca(guardado: unknown): PrazosDaMarca {
  const r = prazosDaMarcaSchema.safeParse(guardado ?? {});
  return r.success ? r.data : prazosDaMarcaSchema.parse({});
}

/** CTB art. 123, § 1º: transfer within 30 days; art. 233: a serious infraction (R$ 195,23 and 5 points). */
export const DIAS_TRANSFERENCIA = 30;
export const MULTA_TRANSFERENCIA_CENTAVOS = 195_23;
export const PONTOS_TRANSFERENCIA = 5;
/** Proofs are due at this hour (São Paulo) of their last business day, like the seller's answer (decision 126). */
const HORA_COMPROVANTES = 18;
const DIA_MS = 86_400_000;

export interface EntradaPrazos {
  situacao: string;
  situacaoEntrega: string;
  /** ISO instant: the auction date + 2 days (spec 000 §9). */
  dataPagamento: string;
  /** ISO instant the payment was validated (the sale closed), when it was. */
  fechadaAt: string | null;
  /** Retirada, Frete or not chosen yet. */
  entregaVeiculo: string | null;
  comprovantesEnviados: number;
  /** The yard's daily storage fee, centavos (0 = none). */
  valorDiaria: number;
  recalls: string[];
  regras: PrazosDaMarca;
}

export type ChavePrazo = 'pagamento' | 'comprovantes' | 'retirada' | 'transferencia' | 'recall';
export type EstadoPrazo = 'feito' | 'pendente' | 'vencido' | 'aviso';

export interface Prazo {
  chave: ChavePrazo;
  titulo: string;
  /** ISO instant the deadline ends; null when it has not started (transfer before payment) or has no date. */
  ate: string | null;
  estado: EstadoPrazo;
  texto: string;
}

const somarDias = (dia: string, n: number) => new Date(Date.parse(`${dia}T12:00:00Z`) + n * DIA_MS).toISOString().slice(0, 10);
const diaUtil = (dia: string) => {
  const semana = new Date(`${dia}T12:00:00Z`).getUTCDay();
  return semana !== 0 && semana !== 6 && !feriadoNacional(dia);
};

/** The n-th business day after `dia` (YYYY-MM-DD); n = 0 is `dia` itself, moved to a business day. */
export function diaUtilApos(dia: string, n: number): string {
  let d = dia;
  while (!diaUtil(d)) d = somarDias(d, 1);
  for (let uteis = 0; uteis < n;) {
    d = somarDias(d, 1);
    if (diaUtil(d)) uteis++;
  }
  return d;
}

const dataCurta = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`;
/** The last minute of a São Paulo calendar day (23:59), so the page shows that day and not the next midnight. */
const fimDoDia = (dia: string) => new Date(instanteEmSaoPaulo(somarDias(dia, 1), 0).getTime() - 60_000);

/** Every deadline of a sale, in the order the buyer meets them. Cancelled or conditional sales have none. */
export function prazosDaCompra(e: EntradaPrazos, agora: Date): Prazo[] {
  if (!['AguardandoPagamento', 'AguardandoValidacao', 'Fechada'].includes(e.situacao)) return [];
  const estado = (feito: boolean, ate: Date | null): EstadoPrazo =>
    feito ? 'feito' : ate && agora.getTime() > ate.getTime() ? 'vencido' : 'pendente';
  const pago = e.situacao === 'Fechada';
  const diaPagamento = partesEmSaoPaulo(new Date(e.dataPagamento)).dia;
  const prazos: Prazo[] = [];

  const pagarAte = new Date(e.dataPagamento);
  prazos.push({
    chave: 'pagamento',
    titulo: 'Pagamento',
    ate: pagarAte.toISOString(),
    estado: estado(pago || e.situacao === 'AguardandoValidacao', pagarAte),
    texto: pago ? 'Pagamento confirmado.' : `Pague até ${dataCurta(diaPagamento)}.`,
  });

  const diaComprovantes = diaUtilApos(diaPagamento, e.regras.diasUteisComprovantes);
  const comprovantesAte = instanteEmSaoPaulo(diaComprovantes, HORA_COMPROVANTES);
  prazos.push({
    chave: 'comprovantes',
    titulo: 'Comprovantes',
    ate: comprovantesAte.toISOString(),
    estado: estado(pago || e.comprovantesEnviados > 0, comprovantesAte),
    texto:
      pago || e.comprovantesEnviados > 0
        ? 'Comprovante enviado.'
        : `Envie o comprovante de pagamento nesta página até ${dataCurta(diaComprovantes)} às ${HORA_COMPROVANTES}h.`,
  });

  if (e.entregaVeiculo !== 'Frete') {
    // The same free days the yard charges by (estadiaNaEntrega): the payment day plus CARENCIA_ESTADIA_DIAS.
    const diaRetirada = somarDias(diaPagamento, CARENCIA_ESTADIA_DIAS);
    const retirarAte = fimDoDia(diaRetirada);
    const entregue = e.situacaoEntrega === 'entregue';
    const diaria = e.valorDiaria > 0 ? ` Depois, o pátio cobra diária de ${formatarMoeda(e.valorDiaria)}.` : '';
    prazos.push({
      chave: 'retirada',
      titulo: 'Retirada no pátio',
      ate: retirarAte.toISOString(),
      estado: estado(entregue, retirarAte),
      texto: entregue ? 'Veículo retirado.' : `Retire o veículo até ${dataCurta(diaRetirada)} sem custo de estadia.${diaria}`,
    });
  }

  // The transfer counts from the payment's validation (when the documents are issued in the buyer's name).
  const transferirAte = e.fechadaAt ? new Date(Date.parse(e.fechadaAt) + DIAS_TRANSFERENCIA * DIA_MS) : null;
  const consequencia = `Depois disso: multa de ${formatarMoeda(MULTA_TRANSFERENCIA_CENTAVOS)} e ${PONTOS_TRANSFERENCIA} pontos na CNH (CTB, art. 233).`;
  prazos.push({
    chave: 'transferencia',
    titulo: 'Transferência de propriedade',
    ate: transferirAte?.toISOString() ?? null,
    estado: estado(false, transferirAte),
    texto: transferirAte
      ? `Transfira o veículo para o seu nome (ATPV-e) no Detran até ${dataCurta(partesEmSaoPaulo(transferirAte).dia)}. ${consequencia}`
      : `Após a confirmação do pagamento, você tem ${DIAS_TRANSFERENCIA} dias para transferir o veículo (ATPV-e). ${consequencia}`,
  });

  for (const r of e.recalls)
    prazos.push({ chave: 'recall', titulo: 'Recall', ate: null, estado: 'aviso', texto: `Faça o recall na concessionária: ${r}.` });
  return prazos;
}

/** The countdown's text: "faltam 2 dias e 3 h", "faltam 45 min", "venceu". */
export function contagemRegressiva(ate: string, agora: Date): string {
  const ms = Date.parse(ate) - agora.getTime();
  if (ms <= 0) return 'venceu';
  const min = Math.ceil(ms / 60_000);
  const dias = Math.floor(min / 1440);
  const horas = Math.floor((min % 1440) / 60);
  if (dias > 0) return `faltam ${dias} dia${dias > 1 ? 's' : ''}${horas ? ` e ${horas} h` : ''}`;
  if (horas > 0) return `faltam ${horas} h${min % 60 ? ` e ${min % 60} min` : ''}`;
  return `faltam ${min} min`;
}

/** Deadlines worth a reminder at `agora`: pending ones ending within the next 24 hours. */
export const prazosALembrar = (prazos: readonly Prazo[], agora: Date) =>
  prazos.filter((p) => p.estado === 'pendente' && p.ate && Date.parse(p.ate) - agora.getTime() <= DIA_MS);
