import './zod-pt-br';
import { z } from 'zod';

/**
 * The one reader of numbers people type the Brazilian way (docs/decisions/123-numeros-como-digitados.md):
 * money and quantities in filters, forms and spreadsheet imports. Browser-safe (the bid panel reads
 * with it before sending). The rule:
 *  - "60000", "60.000" and "1.234.567": whole numbers; a dot followed by exactly three digits (in groups
 *    from the left) separates thousands;
 *  - "60,5", "60.000,00": the comma is the decimal separator;
 *  - "5000.00", "60.5": one dot followed by one or two digits, with no comma, reads as decimals (what a
 *    spreadsheet or a phone keypad gives);
 *  - "R$" in front and spaces are ignored; anything else ("1,234.56", "6.0000", "1.2.3", "60,") is
 *    not a number, so it is refused with a message rather than guessed.
 * Money leaves as integer centavos, quantities as integers (or decimals when a field allows them),
 * both exact: digits are counted, never read through a float of the typed text.
 */

/** The digits of a typed number: `inteiro` without separators, `fracao` as typed ('' when none). */
export interface NumeroLido {
  inteiro: string;
  fracao: string;
}

const MILHARES = /^\d{1,3}(\.\d{3})+$/;
const INTEIRO = /^\d+$/;

/** Reads a non-negative number typed the Brazilian way; null when it is not one. */
export function lerNumero(texto: string): NumeroLido | null {
  const limpo = texto
    .trim()
    .replace(/^R\$/i, '')
    .replace(/[\s\u00a0\u202f]/g, '');
  if (!limpo) return null;
  const virgula = limpo.split(',');
  if (virgula.length > 2) return null;
  const [parteInteira, fracao = ''] = virgula;
  if (virgula.length === 2) {
    if (!/^\d+$/.test(fracao)) return null;
    if (INTEIRO.test(parteInteira)) return { inteiro: parteInteira, fracao };
    if (MILHARES.test(parteInteira)) return { inteiro: parteInteira.replace(/\./g, ''), fracao };
    return null;
  }
  if (INTEIRO.test(limpo)) return { inteiro: limpo, fracao: '' };
  if (MILHARES.test(limpo)) return { inteiro: limpo.replace(/\./g, ''), fracao: '' };
  const ponto = /^(\d+)\.(\d{1,2})$/.exec(limpo);
  return ponto ? { inteiro: ponto[1], fracao: ponto[2] } : null;
}

/** The integer part's digits, without leading zeros ('0' for zero). */
const semZeros = (inteiro: string) => inteiro.replace(/^0+(?=\d)/, '');

/** Money typed in reais ("60.000", "60.000,00", "R$ 5.000,5", "60000") → integer centavos; NaN when it is not money. */
export function reaisParaCentavos(texto: string): number {
  const n = lerNumero(texto);
  if (!n || n.fracao.length > 2 || semZeros(n.inteiro).length > 13) return NaN;
  return Number(semZeros(n.inteiro)) * 100 + Number(n.fracao.padEnd(2, '0'));
}

/**
 * A quantity ("65.432" km, "2,5" t): the number, with at most `casas` decimal places (0: a whole
 * number; "65.432,0" is still 65432); NaN when it is not one.
 */
export function lerQuantidade(texto: string, { casas = 0 }: { casas?: number } = {}): number {
  const n = lerNumero(texto);
  if (!n || semZeros(n.inteiro).length > 15) return NaN;
  const fracao = n.fracao.replace(/0+$/, '');
  if (fracao.length > casas) return NaN;
  return Number(`${semZeros(n.inteiro)}${fracao ? `.${fracao}` : ''}`);
}

/** 9999999 → "9.999.999"; 2.5 → "2,5": bounds in messages written as people type them. */
export const numeroBr = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 20 });

const vazio = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A quantity from a form (typed text) or a JSON body (a number), between `min` and `max`; the default
 * message names the field and writes the bounds the Brazilian way ("Km deve estar entre 0 e 9.999.999").
 */
export const quantidadeSchema = ({
  rotulo,
  min,
  max,
  casas = 0,
  mensagem = `${rotulo} deve estar entre ${numeroBr(min)} e ${numeroBr(max)}`,
}: {
  rotulo: string;
  min: number;
  max: number;
  casas?: number;
  mensagem?: string;
}) => {
  const numero = casas === 0 ? z.number({ error: mensagem }).int(mensagem) : z.number({ error: mensagem });
  return z.preprocess(
    (v) => (typeof v === 'string' ? (Number.isNaN(lerQuantidade(v, { casas })) ? v : lerQuantidade(v, { casas })) : v),
    numero.min(min, mensagem).max(max, mensagem),
  );
};

/** The same, optional: empty text (or null) is null. */
export const quantidadeOpcionalSchema = (opcoes: Parameters<typeof quantidadeSchema>[0]) =>
  z.preprocess((v) => (vazio(v) ? null : v), quantidadeSchema(opcoes).nullable()).optional();

/** A form's money in reais → centavos, or the text unchanged (the schema behind refuses it with its message). */
export function centavosDoTexto(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (!t) return '';
  const c = reaisParaCentavos(t);
  return Number.isNaN(c) ? t : c;
}

/**
 * Money typed in reais (a form, a URL) → integer centavos between `min` and `max` centavos. The message
 * shows an example the Brazilian way.
 */
export const reaisSchema = ({
  mensagem = 'Informe o valor em reais, por exemplo 60.000,00',
  min = 0,
  max = 10_000_000_000_000,
}: { mensagem?: string; min?: number; max?: number } = {}) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? centavosDoTexto(v) : v),
    z.number({ error: mensagem }).int(mensagem).min(min, mensagem).max(max, mensagem),
  );
