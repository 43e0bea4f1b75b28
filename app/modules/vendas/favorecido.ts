import type { Cabecalho } from './consultas.server';

/*
 * Who the buyer pays (decision 121). A sale keeps, in its header, a copy of the account chosen when it
 * was opened (`contaQueRecebeSql` in vendas.server.ts: the seller's account that takes lot payments,
 * else the brand's own). Every place that names the payee — TED, PIX payload, boleto, statement,
 * e-mail — reads it through `favorecidoDaVenda`, so they cannot disagree.
 */

export interface Favorecido {
  /** The account holder: the company the buyer pays (on TED, PIX, boleto, statement and e-mail). */
  nome: string;
  /** CPF or CNPJ, formatted as stored. */
  documento: string;
  banco: string;
  codigoBanco: string;
  agencia: string;
  conta: string;
  digito: string;
  chavePix: string | null;
  /** Boleto wallet; a boleto is issued only when the account allows it and has one. */
  carteira: string | null;
  permiteBoleto: boolean;
}

/** The payee of a sale, or null when neither its seller nor its brand had an account when it was opened. */
export function favorecidoDaVenda(v: { cabecalho: Pick<Cabecalho, 'conta'> }): Favorecido | null {
  const c = v.cabecalho.conta;
  if (!c) return null;
  return {
    nome: c.titular,
    documento: c.cpfCnpj,
    banco: c.banco,
    codigoBanco: c.codigoBanco,
    agencia: c.agencia,
    conta: c.conta,
    digito: c.digito,
    chavePix: c.chavePix ?? null,
    carteira: c.carteira ?? null,
    permiteBoleto: !!c.permiteBoleto,
  };
}

/** "CNPJ" for 14 characters (letters included: the alphanumeric CNPJ), "CPF" for 11 digits. */
export const rotuloDoDocumento = (documento: string) => (documento.replace(/[^0-9A-Za-z]/g, '').length === 11 ? 'CPF' : 'CNPJ');

/** The payee in one line: "Brasil Leilões Ltda. · CNPJ 12.345.678/0001-95". */
export const linhaDoFavorecido = (f: Favorecido) => `${f.nome} · ${rotuloDoDocumento(f.documento)} ${f.documento}`;

/** The account in one line: "Bradesco (237) · Agência 3381 · Conta 0045127-3". */
export const linhaDaConta = (f: Favorecido) => `${f.banco} (${f.codigoBanco}) · Agência ${f.agencia} · Conta ${f.conta}-${f.digito}`;

/** The payee's lines as the e-mails and the printed statement write them. */
export function linhasDoFavorecido(f: Favorecido): string[] {
  return [
    `Favorecido: ${linhaDoFavorecido(f)}`,
    `TED ou depósito: ${linhaDaConta(f)}`,
    ...(f.chavePix ? [`Chave PIX: ${f.chavePix}`] : []),
  ];
}
