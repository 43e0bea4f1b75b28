import '~/utils/zod-pt-br';
import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { leilao, leilaoDocumento, TIPOS_DOCUMENTO_LEILAO } from '@db/schema';
import { registrarAlteracao } from '~/modules/identidade/permissoes-marca.server';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { MENSAGEM_LEILAO_NAO_ENCONTRADO } from './leiloes.server';
import { ROTULOS_DOCUMENTO } from './rotulos-extras';

/*
 * An auction's documents (/admin/documentos-leilao/{leilaoUid}; issue #13): the edital, the regulamento
 * and any other PDF the bidders should read. The type is checked from the bytes (file-type), never from
 * the name or the browser's word; the file is kept in the row and served by /leilao-documento/{uid}.pdf
 * to the public pages of the auction's lots.
 */

export const DOCUMENTO_BYTES_MAXIMO = 10_000_000;
export const MENSAGENS_DOCUMENTO = {
  vazio: 'Selecione o arquivo do documento',
  grande: 'Arquivo muito grande. O limite é 10 MB',
  tipo: 'Tipo de arquivo não aceito. Envie um PDF',
  naoEncontrado: 'Documento não encontrado',
} as const;

export const documentoSchema = z.object({
  tipo: z.enum(TIPOS_DOCUMENTO_LEILAO, { error: 'Tipo de documento inválido: EDITAL, REGULAMENTO ou OUTRO' }),
  descricao: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), textoLivre(200)).optional(),
});

/** The auction by uid (or id), of this brand. */
export async function leilaoDaMarca(db: Db, hotsiteId: number, leilaoUidOuId: string) {
  const porId = /^\d{1,10}$/.test(leilaoUidOuId);
  const porUid = z.uuid().safeParse(leilaoUidOuId).success;
  if (!porId && !porUid) throw naoEncontrado(MENSAGEM_LEILAO_NAO_ENCONTRADO);
  const [l] = await db
    .select({ id: leilao.id, uid: leilao.uid, nome: leilao.nome, situacao: leilao.situacao, aprovarFotos: leilao.aprovarFotos })
    .from(leilao)
    .where(and(eq(leilao.hotsiteId, hotsiteId), porId ? eq(leilao.id, Number(leilaoUidOuId)) : eq(leilao.uid, leilaoUidOuId)));
  if (!l) throw naoEncontrado(MENSAGEM_LEILAO_NAO_ENCONTRADO);
  return l;
}

const caminhoDoDocumento = (uid: string) => `/leilao-documento/${uid}.pdf`;

/** The auction's documents, edital first (no bytes). */
export async function documentosDoLeilao({ db, hotsiteId, leilaoId }: { db: Db; hotsiteId: number; leilaoId: number }) {
  const linhas = await db
    .select({
      uid: leilaoDocumento.uid,
      tipo: leilaoDocumento.tipo,
      descricao: leilaoDocumento.descricao,
      nomeArquivo: leilaoDocumento.nomeArquivo,
      tamanho: leilaoDocumento.tamanho,
      createdAt: leilaoDocumento.createdAt,
    })
    .from(leilaoDocumento)
    .where(and(eq(leilaoDocumento.hotsiteId, hotsiteId), eq(leilaoDocumento.leilaoId, leilaoId)))
    .orderBy(asc(leilaoDocumento.tipo), desc(leilaoDocumento.id));
  return linhas.map((d) => ({ ...d, url: caminhoDoDocumento(d.uid), createdAt: d.createdAt.toISOString() }));
}

/** Stores one PDF for the auction. */
export async function adicionarDocumento({
  db,
  hotsiteId,
  usuarioId,
  leilaoId,
  entrada,
  arquivo,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  leilaoId: number;
  entrada: unknown;
  arquivo: { nome: string; conteudo: Buffer } | null;
}) {
  const e = documentoSchema.parse(entrada);
  if (!arquivo || arquivo.conteudo.length === 0)
    throw new ErroHttp(400, MENSAGENS_DOCUMENTO.vazio, { arquivo: [MENSAGENS_DOCUMENTO.vazio] });
  if (arquivo.conteudo.length > DOCUMENTO_BYTES_MAXIMO)
    throw new ErroHttp(413, MENSAGENS_DOCUMENTO.grande, { arquivo: [MENSAGENS_DOCUMENTO.grande] });
  const { fileTypeFromBuffer } = await import('file-type');
  const detectado = await fileTypeFromBuffer(arquivo.conteudo);
  if (detectado?.mime !== 'application/pdf') throw new ErroHttp(400, MENSAGENS_DOCUMENTO.tipo, { arquivo: [MENSAGENS_DOCUMENTO.tipo] });
  const nomeArquivo = (arquivo.nome.replace(/[^\p{L}\p{N} ._()-]/gu, '').trim() || 'documento.pdf').slice(0, 150);
  const descricao = e.descricao || ROTULOS_DOCUMENTO[e.tipo];
  return db.transaction(async (tx) => {
    const [d] = await tx
      .insert(leilaoDocumento)
      .values({
        hotsiteId,
        leilaoId,
        tipo: e.tipo,
        descricao,
        nomeArquivo,
        tamanho: arquivo.conteudo.length,
        conteudo: arquivo.conteudo,
        createdBy: usuarioId,
      })
      .returning({ uid: leilaoDocumento.uid });
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId,
      entidade: 'leilao',
      entidadeId: leilaoId,
      acao: 'alterou',
      detalhes: { documento: d.uid, tipo: e.tipo },
    });
    return { uid: d.uid, url: caminhoDoDocumento(d.uid) };
  });
}

export async function removerDocumento({
  db,
  hotsiteId,
  usuarioId,
  leilaoId,
  uid,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  leilaoId: number;
  uid: string;
}) {
  if (!z.uuid().safeParse(uid).success) throw naoEncontrado(MENSAGENS_DOCUMENTO.naoEncontrado);
  await db.transaction(async (tx) => {
    const apagados = await tx
      .delete(leilaoDocumento)
      .where(and(eq(leilaoDocumento.hotsiteId, hotsiteId), eq(leilaoDocumento.leilaoId, leilaoId), eq(leilaoDocumento.uid, uid)))
      .returning({ id: leilaoDocumento.id });
    if (!apagados.length) throw naoEncontrado(MENSAGENS_DOCUMENTO.naoEncontrado);
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId,
      entidade: 'leilao',
      entidadeId: leilaoId,
      acao: 'alterou',
      detalhes: { documentoRemovido: uid },
    });
  });
}

/** The file for the public route (any auction of the brand: its documents are meant for bidders). */
export async function arquivoDoDocumento({ db, hotsiteId, uid }: { db: Db; hotsiteId: number; uid: string }) {
  if (!z.uuid().safeParse(uid).success) return null;
  const [d] = await db
    .select({ nomeArquivo: leilaoDocumento.nomeArquivo, conteudo: leilaoDocumento.conteudo })
    .from(leilaoDocumento)
    .where(and(eq(leilaoDocumento.hotsiteId, hotsiteId), eq(leilaoDocumento.uid, uid)));
  return d ?? null;
}
