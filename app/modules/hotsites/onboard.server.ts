import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.server';
import { hotsite, hotsiteArquivo, hotsitePagina, hotsiteSessao, hotsiteSessaoItem } from '@db/schema';
import type { PaginaComSessoes } from '~/modules/conteudo/blocks';
import type { HotsiteInput } from './hotsite-input.schema';

export interface ArquivoDaMarca {
  nome: string;
  contentType: string;
  conteudo: Buffer;
}

export interface Onboarding {
  chave: string;
  dados: HotsiteInput;
  logo?: ArquivoDaMarca;
  favicon?: ArquivoDaMarca;
  paginas: PaginaComSessoes[];
  /** Replace pages that already exist. Off by default so re-onboarding keeps the owner's edits. */
  substituirPaginas?: boolean;
  usuarioId?: number | null;
}

const EXTENSOES: Record<string, string> = {
  'image/svg+xml': 'svg',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/x-icon': 'ico',
};

/** Stores a brand file once (by content hash) and answers the path pages use for it. */
export async function salvarArquivo(tx: Tx | Db, hotsiteId: number, arquivo: ArquivoDaMarca): Promise<string> {
  const ext = EXTENSOES[arquivo.contentType];
  if (!ext) throw new Error(`tipo de arquivo não suportado: ${arquivo.contentType}`);
  const sha256 = createHash('sha256').update(arquivo.conteudo).digest('hex');
  await tx
    .insert(hotsiteArquivo)
    .values({
      hotsiteId,
      sha256,
      nome: arquivo.nome,
      contentType: arquivo.contentType,
      tamanho: arquivo.conteudo.length,
      conteudo: arquivo.conteudo,
    })
    .onConflictDoNothing();
  return `/marca/arquivo/${sha256}.${ext}`;
}

/**
 * Creates or updates a brand (by its key) with its files and pages, in one transaction.
 * Answers the hotsite id. Callers publish the hotsite-changed event after this returns (after commit).
 */
export async function onboardHotsite(db: Db, entrada: Onboarding): Promise<{ id: number; criado: boolean }> {
  const { id: idDesejado, ...dados } = entrada.dados;
  return db.transaction(async (tx) => {
    const [existente] = await tx.select({ id: hotsite.id }).from(hotsite).where(eq(hotsite.chave, entrada.chave));
    const valores = { ...dados, chave: entrada.chave, updatedBy: entrada.usuarioId ?? null, updatedAt: new Date() };
    let id: number;
    if (existente) {
      id = existente.id;
      await tx.update(hotsite).set(valores).where(eq(hotsite.id, id));
    } else {
      const [novo] = await tx
        .insert(hotsite)
        .values(idDesejado ? { ...valores, id: idDesejado } : valores)
        .returning({ id: hotsite.id });
      id = novo.id;
    }

    const arquivos: Partial<Record<'logo' | 'favicon', string>> = {};
    if (entrada.logo) arquivos.logo = await salvarArquivo(tx, id, entrada.logo);
    if (entrada.favicon) arquivos.favicon = await salvarArquivo(tx, id, entrada.favicon);
    if (arquivos.logo || arquivos.favicon) await tx.update(hotsite).set(arquivos).where(eq(hotsite.id, id));

    for (const pagina of entrada.paginas) {
      await gravarPagina(tx, id, pagina, entrada.substituirPaginas ?? false, entrada.usuarioId ?? null);
    }
    return { id, criado: !existente };
  });
}

async function gravarPagina(tx: Tx, hotsiteId: number, p: PaginaComSessoes, substituir: boolean, usuarioId: number | null) {
  const onde = and(eq(hotsitePagina.hotsiteId, hotsiteId), eq(hotsitePagina.uri, p.uri));
  const [existente] = await tx.select({ id: hotsitePagina.id }).from(hotsitePagina).where(onde);
  if (existente && !substituir) return;
  if (existente) await tx.delete(hotsitePagina).where(eq(hotsitePagina.id, existente.id));

  const { secoes, ...campos } = p;
  const [pagina] = await tx
    .insert(hotsitePagina)
    .values({ ...campos, hotsiteId, updatedBy: usuarioId })
    .returning({ id: hotsitePagina.id });
  for (const { itens, ...sessao } of secoes) {
    const [s] = await tx
      .insert(hotsiteSessao)
      .values({ ...sessao, hotsiteId, paginaId: pagina.id, updatedBy: usuarioId })
      .returning({ id: hotsiteSessao.id });
    if (itens.length) {
      await tx.insert(hotsiteSessaoItem).values(itens.map((i) => ({ ...i, hotsiteId, sessaoId: s.id, updatedBy: usuarioId })));
    }
  }
}
