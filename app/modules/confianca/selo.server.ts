import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import type { Marca } from '~/modules/hotsites/hotsite.schema';
import { inscricaoDoLeiloeiro, jsonCanonico } from '~/modules/dominio/selo';
import { linhas } from '~/utils/linhas.server';

/*
 * The brand seal (issue #34, decision 197): what the platform vouches for about a brand — its legitimate
 * domains, its auctioneers with their registration, and the only accounts and PIX keys that receive its
 * money — signed with the platform's Ed25519 key. The account list is the same rows the sale header's
 * reader (SQL cabecalho_selado, migration 0040) accepts, so no payment instruction names another account.
 */

/** The platform's signer, built once per instance from SELO_SEMENTE. */
export interface Selo {
  /** Where the platform's verification page lives (never a brand's host). */
  urlPlataforma: string;
  dominioPlataforma: string;
  chavePublicaPem: string;
  assinar(texto: string): string;
}

// PKCS#8 header of an Ed25519 private key (RFC 8410) before its 32-byte seed.
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

export function criarSelo({
  semente,
  urlPlataforma,
  dominioPlataforma,
}: {
  semente: string;
  /** Asked when used: the local demo's address names the port the server got. */
  urlPlataforma: () => string;
  dominioPlataforma: string;
}): Selo {
  const privada: KeyObject = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, Buffer.from(semente, 'base64url')]),
    format: 'der',
    type: 'pkcs8',
  });
  const chavePublicaPem = createPublicKey(privada).export({ type: 'spki', format: 'pem' }).toString();
  return {
    get urlPlataforma() {
      return urlPlataforma();
    },
    dominioPlataforma,
    chavePublicaPem,
    assinar: (texto) => sign(null, Buffer.from(texto, 'utf8'), privada).toString('base64'),
  };
}

export interface DocumentoDoSelo {
  versao: 1;
  marca: { id: number; nome: string; tipo: 'leilao' | 'loja' };
  dominios: string[];
  leiloeiros: { nome: string; inscricao: string; juntaComercial: string | null; matricula: string }[];
  contas: {
    titular: string;
    cpfCnpj: string;
    banco: string;
    codigoBanco: string;
    agencia: string;
    conta: string;
    digito: string;
    chavePix: string | null;
  }[];
  emitidoEm: string;
}

export interface SeloAssinado {
  documento: DocumentoDoSelo;
  assinatura: { algoritmo: 'Ed25519'; valor: string; chavePublica: string; conteudo: 'jsonCanonico(documento)' };
  verificacao: string;
}

/** The brand's legitimate hosts: its own domain, its platform subdomain, and the address its links use. */
export function dominiosDaMarca(marca: Pick<Marca, 'domain' | 'subdomain'>, selo: Pick<Selo, 'dominioPlataforma'>, urlBase: string) {
  const hosts = [marca.domain, marca.subdomain ? `${marca.subdomain}.${selo.dominioPlataforma}` : null, new URL(urlBase).host];
  return [...new Set(hosts.filter((h): h is string => !!h))];
}

/** The brand's seal document, read now: every auctioneer of the brand and every account taking lot payments. */
export async function documentoDoSelo({
  db,
  marca,
  dominios,
}: {
  db: Db;
  marca: Pick<Marca, 'id' | 'nome' | 'tipo'>;
  dominios: string[];
}): Promise<DocumentoDoSelo> {
  const leiloeiros = linhas<{ nome: string; inscricao: string }>(
    await db.execute(sql`SELECT nome, inscricao FROM leiloeiro WHERE hotsite_id = ${marca.id} ORDER BY nome, id`),
  );
  const contas = linhas<DocumentoDoSelo['contas'][number]>(
    await db.execute(sql`
      SELECT titular, cpf_cnpj AS "cpfCnpj", banco, codigo_banco AS "codigoBanco", agencia, conta, digito, chave_pix AS "chavePix"
        FROM conta_bancaria WHERE hotsite_id = ${marca.id} AND recebe_lote ORDER BY comitente_id NULLS FIRST, id`),
  );
  return {
    versao: 1,
    marca: { id: marca.id, nome: marca.nome, tipo: marca.tipo },
    dominios,
    leiloeiros: leiloeiros.map((l) => ({ nome: l.nome, inscricao: l.inscricao, ...inscricaoDoLeiloeiro(l.inscricao) })),
    contas,
    emitidoEm: new Date().toISOString(),
  };
}

export function assinarSelo(documento: DocumentoDoSelo, selo: Selo): SeloAssinado {
  return {
    documento,
    assinatura: {
      algoritmo: 'Ed25519',
      valor: selo.assinar(jsonCanonico(documento)),
      chavePublica: selo.chavePublicaPem,
      conteudo: 'jsonCanonico(documento)',
    },
    verificacao: `${selo.urlPlataforma}/verificar/${documento.marca.id}`,
  };
}

/** Whether `assinado` was signed by the key `chavePublicaPem` over exactly its document. */
export function seloConfere(assinado: Pick<SeloAssinado, 'documento' | 'assinatura'>, chavePublicaPem: string): boolean {
  try {
    return verify(
      null,
      Buffer.from(jsonCanonico(assinado.documento), 'utf8'),
      createPublicKey(chavePublicaPem),
      Buffer.from(assinado.assinatura.valor, 'base64'),
    );
  } catch {
    return false;
  }
}
