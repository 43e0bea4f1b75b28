import { itensDasSessoes } from './content.server';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@db/client.server';
import { hotsitePagina, hotsiteSessao, hotsiteSessaoItem } from '@db/schema';
import { registrarAlteracao } from '~/modules/identidade/permissoes-marca.server';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import {
  itemEdicaoSchema,
  itemNovoSchema,
  paginaEdicaoSchema,
  prioridadeSchema,
  sessaoEdicaoSchema,
  sessaoNovaSchema,
} from './construtor.schema';
import { idValido } from '~/utils/id';

/**
 * The page builder's use cases. Rows are addressed by uid (the spec's keys) or numeric id; callers
 * first `localizar*` a row to learn its brand, check the editor may edit that brand, then call the
 * change, which filters by hotsiteId again. Every change records who made it (updatedBy/updatedAt
 * and one hotsite_alteracao row) in the same transaction.
 */
export type Ref = string | number;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function porRef(ref: Ref, colunas: { id: AnyPgColumn; uid: AnyPgColumn }): SQL {
  if (typeof ref === 'string' && UUID.test(ref)) return eq(colunas.uid, ref.toLowerCase());
  const n = typeof ref === 'number' ? ref : /^\d{1,12}$/.test(ref) ? Number(ref) : NaN;
  if (!idValido(n)) throw naoEncontrado();
  return eq(colunas.id, n);
}

export async function localizarPagina({ db, ref }: { db: Db; ref: Ref }) {
  const [p] = await db
    .select({ id: hotsitePagina.id, hotsiteId: hotsitePagina.hotsiteId })
    .from(hotsitePagina)
    .where(porRef(ref, hotsitePagina));
  if (!p) throw naoEncontrado('Página não encontrada');
  return p;
}
export async function localizarSessao({ db, ref }: { db: Db; ref: Ref }) {
  const [s] = await db
    .select({ id: hotsiteSessao.id, hotsiteId: hotsiteSessao.hotsiteId, paginaId: hotsiteSessao.paginaId })
    .from(hotsiteSessao)
    .where(porRef(ref, hotsiteSessao));
  if (!s) throw naoEncontrado('Seção não encontrada');
  return s;
}
export async function localizarItem({ db, ref }: { db: Db; ref: Ref }) {
  const [i] = await db
    .select({ id: hotsiteSessaoItem.id, hotsiteId: hotsiteSessaoItem.hotsiteId, sessaoId: hotsiteSessaoItem.sessaoId })
    .from(hotsiteSessaoItem)
    .where(porRef(ref, hotsiteSessaoItem));
  if (!i) throw naoEncontrado('Item não encontrado');
  return i;
}

// ── Pages ──

export async function listarPaginas({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  return db
    .select({
      id: hotsitePagina.id,
      uid: hotsitePagina.uid,
      uri: hotsitePagina.uri,
      titulo: hotsitePagina.titulo,
      ativo: hotsitePagina.ativo,
    })
    .from(hotsitePagina)
    .where(eq(hotsitePagina.hotsiteId, hotsiteId))
    .orderBy(asc(hotsitePagina.uri));
}

const porPrioridade = <T extends { prioridade: number; uid: string }>(a: T, b: T) =>
  a.prioridade - b.prioridade || a.uid.localeCompare(b.uid);

/** The editor's view of a page: every section (active or not) and every item, in display order. */
export async function configuracaoPagina({ db, hotsiteId, uri }: { db: Db; hotsiteId: number; uri: string }) {
  const [pagina] = await db
    .select()
    .from(hotsitePagina)
    .where(and(eq(hotsitePagina.hotsiteId, hotsiteId), eq(hotsitePagina.uri, uri)));
  if (!pagina) throw naoEncontrado('Página não encontrada');
  const sessoes = await db
    .select()
    .from(hotsiteSessao)
    .where(and(eq(hotsiteSessao.hotsiteId, hotsiteId), eq(hotsiteSessao.paginaId, pagina.id)));
  const itens = await itensDasSessoes({ db, hotsiteId, sessaoIds: sessoes.map((s) => s.id) });
  const { hotsiteId: _h, ...resto } = pagina;
  return {
    ...resto,
    sessoes: sessoes.sort(porPrioridade).map(({ hotsiteId: _x, ...s }) => ({
      ...s,
      paginaUid: pagina.uid,
      itens: itens
        .filter((i) => i.sessaoId === s.id)
        .sort(porPrioridade)
        .map(({ hotsiteId: _y, ...i }) => ({ ...i, sessaoUid: s.uid })),
    })),
  };
}

async function uriLivre(db: Db, hotsiteId: number, uri: string, excetoId?: number) {
  const [outra] = await db
    .select({ id: hotsitePagina.id })
    .from(hotsitePagina)
    .where(and(eq(hotsitePagina.hotsiteId, hotsiteId), eq(hotsitePagina.uri, uri)));
  if (outra && outra.id !== excetoId)
    throw new ErroHttp(409, 'Já existe uma página com esta URI', { uri: ['Já existe uma página com esta URI'] });
}

export async function criarPagina({
  db,
  hotsiteId,
  entrada,
  usuarioId,
}: {
  db: Db;
  hotsiteId: number;
  entrada: unknown;
  usuarioId: number | null;
}) {
  const dados = paginaEdicaoSchema.parse(entrada);
  await uriLivre(db, hotsiteId, dados.uri);
  return db.transaction(async (tx) => {
    const [p] = await tx
      .insert(hotsitePagina)
      .values({ ...dados, hotsiteId, updatedBy: usuarioId })
      .returning({ id: hotsitePagina.id, uid: hotsitePagina.uid });
    await registrarAlteracao(tx, { hotsiteId, usuarioId, entidade: 'pagina', entidadeId: p.id, acao: 'criou' });
    return p;
  });
}

export async function atualizarPagina({
  db,
  hotsiteId,
  paginaId,
  entrada,
  usuarioId,
}: {
  db: Db;
  hotsiteId: number;
  paginaId: number;
  entrada: unknown;
  usuarioId: number | null;
}) {
  const dados = paginaEdicaoSchema.parse(entrada);
  await uriLivre(db, hotsiteId, dados.uri, paginaId);
  return db.transaction(async (tx) => {
    const [p] = await tx
      .update(hotsitePagina)
      .set({ ...dados, updatedBy: usuarioId, updatedAt: new Date() })
      .where(and(eq(hotsitePagina.id, paginaId), eq(hotsitePagina.hotsiteId, hotsiteId)))
      .returning({ id: hotsitePagina.id, uid: hotsitePagina.uid });
    if (!p) throw naoEncontrado('Página não encontrada');
    await registrarAlteracao(tx, { hotsiteId, usuarioId, entidade: 'pagina', entidadeId: p.id, acao: 'alterou' });
    return p;
  });
}

// ── Sections ──

export async function adicionarSessao({ db, entrada, usuarioId }: { db: Db; entrada: unknown; usuarioId: number | null }) {
  const { paginaUid, ...dados } = sessaoNovaSchema.parse(entrada);
  const pagina = await localizarPagina({ db, ref: paginaUid });
  return {
    hotsiteId: pagina.hotsiteId,
    async gravar() {
      return db.transaction(async (tx) => {
        let prioridade = dados.prioridade;
        if (!prioridade) {
          // A new section without a priority goes to the bottom of the page.
          const atuais = await tx
            .select({ p: hotsiteSessao.prioridade })
            .from(hotsiteSessao)
            .where(and(eq(hotsiteSessao.hotsiteId, pagina.hotsiteId), eq(hotsiteSessao.paginaId, pagina.id)));
          prioridade = Math.max(0, ...atuais.map((a) => a.p)) + 1;
        }
        const [s] = await tx
          .insert(hotsiteSessao)
          .values({ ...dados, prioridade, hotsiteId: pagina.hotsiteId, paginaId: pagina.id, updatedBy: usuarioId })
          .returning({ id: hotsiteSessao.id, uid: hotsiteSessao.uid });
        await registrarAlteracao(tx, { hotsiteId: pagina.hotsiteId, usuarioId, entidade: 'sessao', entidadeId: s.id, acao: 'criou' });
        return s;
      });
    },
  };
}

export async function atualizarSessao({
  db,
  hotsiteId,
  sessaoId,
  entrada,
  usuarioId,
}: {
  db: Db;
  hotsiteId: number;
  sessaoId: number;
  entrada: unknown;
  usuarioId: number | null;
}) {
  const dados = sessaoEdicaoSchema.parse(entrada);
  return db.transaction(async (tx) => {
    const [s] = await tx
      .update(hotsiteSessao)
      .set({ ...dados, updatedBy: usuarioId, updatedAt: new Date() })
      .where(and(eq(hotsiteSessao.id, sessaoId), eq(hotsiteSessao.hotsiteId, hotsiteId)))
      .returning({ id: hotsiteSessao.id, uid: hotsiteSessao.uid });
    if (!s) throw naoEncontrado('Seção não encontrada');
    await registrarAlteracao(tx, { hotsiteId, usuarioId, entidade: 'sessao', entidadeId: s.id, acao: 'alterou', detalhes: dados });
    return s;
  });
}

export async function apagarSessao({
  db,
  hotsiteId,
  sessaoId,
  usuarioId,
}: {
  db: Db;
  hotsiteId: number;
  sessaoId: number;
  usuarioId: number | null;
}) {
  await db.transaction(async (tx) => {
    const apagadas = await tx
      .delete(hotsiteSessao)
      .where(and(eq(hotsiteSessao.id, sessaoId), eq(hotsiteSessao.hotsiteId, hotsiteId)))
      .returning({ id: hotsiteSessao.id });
    if (!apagadas.length) throw naoEncontrado('Seção não encontrada');
    await registrarAlteracao(tx, { hotsiteId, usuarioId, entidade: 'sessao', entidadeId: sessaoId, acao: 'apagou' });
  });
}

/**
 * 'aumentar' moves a section one place up the page (towards priority 1, the top); 'diminuir' one
 * place down. The page's sections are renumbered 1..n first, so ties and gaps never block a move.
 * Moving the first section up (or the last down) changes nothing.
 */
export function novaOrdem<T extends { id: number }>(ordenadas: T[], id: number, direcao: 'aumentar' | 'diminuir'): T[] {
  const i = ordenadas.findIndex((s) => s.id === id);
  const j = direcao === 'aumentar' ? i - 1 : i + 1;
  if (i < 0 || j < 0 || j >= ordenadas.length) return ordenadas;
  const copia = [...ordenadas];
  [copia[i], copia[j]] = [copia[j], copia[i]];
  return copia;
}

export async function mudarPrioridadeSessao({
  db,
  hotsiteId,
  sessaoId,
  entrada,
  usuarioId,
}: {
  db: Db;
  hotsiteId: number;
  sessaoId: number;
  entrada: unknown;
  usuarioId: number | null;
}) {
  const { prioridade } = prioridadeSchema.parse(entrada);
  return db.transaction(async (tx) => {
    const [alvo] = await tx
      .select({ paginaId: hotsiteSessao.paginaId })
      .from(hotsiteSessao)
      .where(and(eq(hotsiteSessao.id, sessaoId), eq(hotsiteSessao.hotsiteId, hotsiteId)));
    if (!alvo) throw naoEncontrado('Seção não encontrada');
    const irmas = (
      await tx
        .select({ id: hotsiteSessao.id, uid: hotsiteSessao.uid, prioridade: hotsiteSessao.prioridade })
        .from(hotsiteSessao)
        .where(and(eq(hotsiteSessao.hotsiteId, hotsiteId), eq(hotsiteSessao.paginaId, alvo.paginaId)))
    ).sort(porPrioridade);
    const ordem = novaOrdem(irmas, sessaoId, prioridade);
    for (const [n, s] of ordem.entries()) {
      if (s.prioridade !== n + 1) {
        await tx
          .update(hotsiteSessao)
          .set({ prioridade: n + 1, ...(s.id === sessaoId ? { updatedBy: usuarioId, updatedAt: new Date() } : {}) })
          .where(eq(hotsiteSessao.id, s.id));
      }
    }
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId,
      entidade: 'sessao',
      entidadeId: sessaoId,
      acao: 'prioridade',
      detalhes: { prioridade },
    });
    return ordem.map((s, n) => ({ uid: s.uid, prioridade: n + 1 }));
  });
}

// ── Items ──

/** Creates an item from its fields (duplicating is posting a copy). Answers the brand to check first. */
export async function adicionarItem({ db, entrada, usuarioId }: { db: Db; entrada: unknown; usuarioId: number | null }) {
  const { sessaoUid, ...dados } = itemNovoSchema.parse(entrada);
  const sessao = await localizarSessao({ db, ref: sessaoUid });
  return {
    hotsiteId: sessao.hotsiteId,
    async gravar(acao: 'criou' | 'duplicou' = 'criou') {
      return db.transaction(async (tx) => {
        const [i] = await tx
          .insert(hotsiteSessaoItem)
          .values({ ...dados, hotsiteId: sessao.hotsiteId, sessaoId: sessao.id, updatedBy: usuarioId })
          .returning({ id: hotsiteSessaoItem.id, uid: hotsiteSessaoItem.uid });
        await registrarAlteracao(tx, { hotsiteId: sessao.hotsiteId, usuarioId, entidade: 'item', entidadeId: i.id, acao });
        return i;
      });
    },
  };
}

export async function atualizarItem({
  db,
  hotsiteId,
  itemId,
  entrada,
  usuarioId,
}: {
  db: Db;
  hotsiteId: number;
  itemId: number;
  entrada: unknown;
  usuarioId: number | null;
}) {
  const dados = itemEdicaoSchema.parse(entrada);
  return db.transaction(async (tx) => {
    const [i] = await tx
      .update(hotsiteSessaoItem)
      .set({ ...dados, updatedBy: usuarioId, updatedAt: new Date() })
      .where(and(eq(hotsiteSessaoItem.id, itemId), eq(hotsiteSessaoItem.hotsiteId, hotsiteId)))
      .returning({ id: hotsiteSessaoItem.id, uid: hotsiteSessaoItem.uid });
    if (!i) throw naoEncontrado('Item não encontrado');
    await registrarAlteracao(tx, { hotsiteId, usuarioId, entidade: 'item', entidadeId: i.id, acao: 'alterou' });
    return i;
  });
}

export async function apagarItem({
  db,
  hotsiteId,
  itemId,
  usuarioId,
}: {
  db: Db;
  hotsiteId: number;
  itemId: number;
  usuarioId: number | null;
}) {
  await db.transaction(async (tx) => {
    const apagados = await tx
      .delete(hotsiteSessaoItem)
      .where(and(eq(hotsiteSessaoItem.id, itemId), eq(hotsiteSessaoItem.hotsiteId, hotsiteId)))
      .returning({ id: hotsiteSessaoItem.id });
    if (!apagados.length) throw naoEncontrado('Item não encontrado');
    await registrarAlteracao(tx, { hotsiteId, usuarioId, entidade: 'item', entidadeId: itemId, acao: 'apagou' });
  });
}

/** The copy of an item that the editor posts when duplicating: every field, placed right after it. */
export async function copiaDoItem({ db, hotsiteId, itemId }: { db: Db; hotsiteId: number; itemId: number }) {
  const [i] = await db
    .select()
    .from(hotsiteSessaoItem)
    .innerJoin(hotsiteSessao, eq(hotsiteSessao.id, hotsiteSessaoItem.sessaoId))
    .where(and(eq(hotsiteSessaoItem.id, itemId), eq(hotsiteSessaoItem.hotsiteId, hotsiteId)));
  if (!i) throw naoEncontrado('Item não encontrado');
  const it = i.hotsite_sessao_item;
  return {
    sessaoUid: i.hotsite_sessao.uid,
    titulo: it.titulo,
    subtitulo: it.subtitulo,
    texto: it.texto,
    textoBotao: it.textoBotao,
    imagem: it.imagem,
    imagemMobile: it.imagemMobile,
    icone: it.icone,
    modelo: it.modelo,
    link: it.link,
    prioridade: it.prioridade + 1,
    corTexto: it.corTexto,
    corFundo: it.corFundo,
    dataInicio: it.dataInicio,
    dataFim: it.dataFim,
  };
}

// ── Login page content (spec: nome, prioridade, uri, ativo, itens: titulo, subtitulo, imagem, link) ──

/** The brand's 'login' page, as the login screen reads it: its sections with their items. */
export async function conteudoPaginaLogin({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  // A brand without a 'login' page shows the bare form; any other failure (the database) is the page's.
  const pagina = await configuracaoPagina({ db, hotsiteId, uri: 'login' }).catch((erro: unknown) => {
    if (erro instanceof ErroHttp && erro.status === 404) return null;
    throw erro;
  });
  if (!pagina) return [];
  return pagina.sessoes.map((s) => ({
    uid: s.uid,
    nome: s.nome,
    prioridade: s.prioridade,
    uri: pagina.uri,
    elemento: s.elemento,
    ativo: s.ativo,
    itens: s.itens.map((i) => ({ uid: i.uid, titulo: i.titulo, subtitulo: i.subtitulo, imagem: i.imagem, link: i.link })),
  }));
}
