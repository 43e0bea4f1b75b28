import { createHash } from 'node:crypto';
import { fileType } from '~/utils/bibliotecas.server';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { cliente, clienteDocumento, SITUACOES_DOCUMENTO } from '@db/schema';
import { ErroHttp } from '~/utils/errors';
import { regrasDeCadastro } from './cliente.server';

/** Uploads: 5 MB, and the real type read from the bytes (the browser's name and type are not trusted). */
export const DOCUMENTO_MAX_BYTES = 5_000_000;
export const TIPOS_ACEITOS = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;

export const MENSAGENS_DOCUMENTO = {
  grande: 'Arquivo muito grande. O limite é 5 MB',
  tipo: 'Tipo de arquivo não aceito. Envie PDF, JPG, PNG ou WEBP',
  vazio: 'Selecione um arquivo',
  tipoDocumento: 'Tipo de documento inválido',
  enviado: 'Documento enviado. Aguarde a validação.',
} as const;

export async function enviarDocumento({
  db,
  hotsiteId,
  usuarioId,
  tipo,
  nome,
  bytes,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  tipo: unknown;
  nome: string;
  bytes: Uint8Array;
}) {
  const [c] = await db
    .select()
    .from(cliente)
    .where(and(eq(cliente.usuarioId, usuarioId), eq(cliente.hotsiteId, hotsiteId)));
  if (!c) throw new ErroHttp(404, 'Cadastro de cliente não encontrado');
  const { documentosObrigatorios } = await regrasDeCadastro({ db, hotsiteId });
  const aceitos = [...new Set([...documentosObrigatorios, 'outros'])];
  if (typeof tipo !== 'string' || !aceitos.includes(tipo))
    throw new ErroHttp(400, MENSAGENS_DOCUMENTO.tipoDocumento, { tipo: [MENSAGENS_DOCUMENTO.tipoDocumento] });
  if (bytes.byteLength === 0) throw new ErroHttp(400, MENSAGENS_DOCUMENTO.vazio, { arquivo: [MENSAGENS_DOCUMENTO.vazio] });
  if (bytes.byteLength > DOCUMENTO_MAX_BYTES)
    throw new ErroHttp(413, MENSAGENS_DOCUMENTO.grande, { arquivo: [MENSAGENS_DOCUMENTO.grande] });
  const real = await (await fileType()).fileTypeFromBuffer(bytes);
  if (!real || !(TIPOS_ACEITOS as readonly string[]).includes(real.mime))
    throw new ErroHttp(415, MENSAGENS_DOCUMENTO.tipo, { arquivo: [MENSAGENS_DOCUMENTO.tipo] });
  const conteudo = Buffer.from(bytes);
  await db.transaction(async (tx) => {
    await tx.insert(clienteDocumento).values({
      hotsiteId,
      clienteId: c.id,
      tipo,
      nomeOriginal: nome.slice(0, 200) || `documento.${real.ext}`,
      contentType: real.mime,
      tamanho: conteudo.byteLength,
      sha256: createHash('sha256').update(conteudo).digest('hex'),
      conteudo,
    });
    await tx
      .update(cliente)
      .set({ documentoSituacao: 'Aguardando Validação', documentosEnviadosAt: new Date() })
      .where(eq(cliente.id, c.id));
  });
  return { mensagem: MENSAGENS_DOCUMENTO.enviado };
}

export function listarDocumentos({ db, hotsiteId, clienteId }: { db: Db; hotsiteId: number; clienteId: number }) {
  return db
    .select({
      id: clienteDocumento.id,
      uid: clienteDocumento.uid,
      tipo: clienteDocumento.tipo,
      nomeOriginal: clienteDocumento.nomeOriginal,
      contentType: clienteDocumento.contentType,
      tamanho: clienteDocumento.tamanho,
      situacao: clienteDocumento.situacao,
      motivo: clienteDocumento.motivo,
      createdAt: clienteDocumento.createdAt,
      respondidoAt: clienteDocumento.respondidoAt,
    })
    .from(clienteDocumento)
    .where(and(eq(clienteDocumento.clienteId, clienteId), eq(clienteDocumento.hotsiteId, hotsiteId)))
    .orderBy(desc(clienteDocumento.id));
}

export async function arquivoDoDocumento({
  db,
  hotsiteId,
  uid,
  clienteId,
}: {
  db: Db;
  hotsiteId: number;
  uid: string;
  clienteId?: number;
}) {
  if (!/^[0-9a-f-]{36}$/.test(uid)) return null;
  const [d] = await db
    .select()
    .from(clienteDocumento)
    .where(
      and(
        eq(clienteDocumento.uid, uid),
        eq(clienteDocumento.hotsiteId, hotsiteId),
        clienteId ? eq(clienteDocumento.clienteId, clienteId) : undefined,
      ),
    );
  return d ?? null;
}

/**
 * Staff validation of one document. The client's documentoSituacao follows: Aprovado when every
 * required kind has an approved file, Divergente when any latest file is divergent, else awaiting.
 */
export async function validarDocumento({
  db,
  hotsiteId,
  documentoId,
  situacao,
  motivo,
  respondidoPor,
}: {
  db: Db;
  hotsiteId: number;
  documentoId: number;
  situacao: unknown;
  motivo?: string | null;
  respondidoPor: number;
}) {
  if (!(SITUACOES_DOCUMENTO as readonly unknown[]).includes(situacao)) throw new ErroHttp(400, 'Situação inválida');
  if (situacao === 'Divergente' && !motivo?.trim())
    throw new ErroHttp(400, 'Informe o motivo da divergência', { motivo: ['Informe o motivo da divergência'] });
  const [doc] = await db
    .update(clienteDocumento)
    .set({
      situacao: situacao as (typeof SITUACOES_DOCUMENTO)[number],
      motivo: motivo?.trim() || null,
      respondidoAt: new Date(),
      respondidoPor,
      updatedAt: new Date(),
    })
    .where(and(eq(clienteDocumento.id, documentoId), eq(clienteDocumento.hotsiteId, hotsiteId)))
    .returning();
  if (!doc) throw new ErroHttp(404, 'Documento não encontrado');
  const docs = await listarDocumentos({ db, hotsiteId, clienteId: doc.clienteId });
  const { documentosObrigatorios } = await regrasDeCadastro({ db, hotsiteId });
  const ultimoPorTipo = new Map<string, string>();
  for (const d of docs) if (!ultimoPorTipo.has(d.tipo)) ultimoPorTipo.set(d.tipo, d.situacao);
  const todosAprovados = documentosObrigatorios.every((t) => ultimoPorTipo.get(t) === 'Aprovado');
  const algumDivergente = [...ultimoPorTipo.values()].includes('Divergente');
  const nova = todosAprovados ? 'Aprovado' : algumDivergente ? 'Divergente' : 'Aguardando Validação';
  await db
    .update(cliente)
    .set({
      documentoSituacao: nova,
      ...(nova === 'Aprovado' ? { documentosAprovadosAt: new Date() } : nova === 'Divergente' ? { documentosPendentesAt: new Date() } : {}),
    })
    .where(and(eq(cliente.id, doc.clienteId), eq(cliente.hotsiteId, hotsiteId)));
  return { documentoSituacao: nova };
}
