import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.server';
import { assinaturaEmail, notificacaoModelo } from '@db/schema';
import { ErroHttp } from '~/utils/errors';
import { ehEvento, REGRAS_DOS_EVENTOS, TODOS_OS_EVENTOS, type ConfiguracaoDaMarca } from './eventos';
import { assinaturaSchema, configuracaoSchema } from './modelos';
import type { ModeloDeTexto } from './texto';

/*
 * The brand's settings of its notifications (/admin/notificacoes, /admin/configurar-notificacoes/{evento},
 * decision 209) and its e-mail signature (/admin/assinatura-email, decision 210). Always scoped by hotsiteId.
 */

export type ModeloDaMarca = typeof notificacaoModelo.$inferSelect;

/** Every event with the brand's setting (or none: the built-in one). */
export async function listarConfiguracoes({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  const linhas = await db.select().from(notificacaoModelo).where(eq(notificacaoModelo.hotsiteId, hotsiteId));
  return TODOS_OS_EVENTOS.map((evento) => {
    const m = linhas.find((l) => l.evento === evento) ?? null;
    return {
      evento,
      modelo: m,
      canaisOferecidos: REGRAS_DOS_EVENTOS[evento].canais,
      canaisPadrao: m?.canais ?? REGRAS_DOS_EVENTOS[evento].padrao,
    };
  });
}

export async function obterConfiguracao({ db, hotsiteId, evento }: { db: Db; hotsiteId: number; evento: string }) {
  if (!ehEvento(evento)) throw new ErroHttp(404, 'Aviso não encontrado');
  const [m] = await db
    .select()
    .from(notificacaoModelo)
    .where(and(eq(notificacaoModelo.hotsiteId, hotsiteId), eq(notificacaoModelo.evento, evento)));
  return {
    evento,
    modelo: m ?? null,
    canaisOferecidos: REGRAS_DOS_EVENTOS[evento].canais,
    canaisPadrao: m?.canais ?? REGRAS_DOS_EVENTOS[evento].padrao,
  };
}

/** Saves one event's setting for the brand (one row per brand and event: a second save updates it). */
export async function salvarConfiguracao({
  db,
  hotsiteId,
  entrada,
  autor,
}: {
  db: Db;
  hotsiteId: number;
  entrada: unknown;
  autor: string;
}) {
  const c = configuracaoSchema.parse(entrada);
  const valores = {
    ativo: c.ativo,
    tituloLeilao: c.tituloLeilao,
    textoLeilao: c.textoLeilao,
    tituloLoja: c.tituloLoja,
    textoLoja: c.textoLoja,
    canais: c.canais,
    updatedAt: new Date(),
    updatedPor: autor,
  };
  await db
    .insert(notificacaoModelo)
    .values({ hotsiteId, evento: c.evento, ...valores })
    .onConflictDoUpdate({ target: [notificacaoModelo.hotsiteId, notificacaoModelo.evento], set: valores });
  return c;
}

/** Back to the built-in texts and defaults. */
export async function restaurarConfiguracao({ db, hotsiteId, evento }: { db: Db; hotsiteId: number; evento: string }) {
  if (!ehEvento(evento)) throw new ErroHttp(404, 'Aviso não encontrado');
  await db.delete(notificacaoModelo).where(and(eq(notificacaoModelo.hotsiteId, hotsiteId), eq(notificacaoModelo.evento, evento)));
}

/** The settings the queue needs for a batch of notices, keyed `hotsite:evento`. */
export async function configuracoesDasMarcas({ db, hotsiteIds }: { db: Db | Tx; hotsiteIds: readonly number[] }) {
  const mapa = new Map<string, ModeloDaMarca>();
  if (hotsiteIds.length === 0) return mapa;
  const linhas = await db
    .select()
    .from(notificacaoModelo)
    .where(inArray(notificacaoModelo.hotsiteId, [...hotsiteIds]));
  for (const l of linhas) mapa.set(`${l.hotsiteId}:${l.evento}`, l);
  return mapa;
}

export const comoConfiguracao = (m: ModeloDaMarca | null | undefined): ConfiguracaoDaMarca | null =>
  m ? { ativo: m.ativo, canais: m.canais } : null;

/** The brand's template of one wording, when it wrote one. */
export const modeloNaRedacao = (m: ModeloDaMarca | null | undefined, tipo: 'leilao' | 'loja'): ModeloDeTexto | null =>
  m ? (tipo === 'loja' ? { titulo: m.tituloLoja, texto: m.textoLoja } : { titulo: m.tituloLeilao, texto: m.textoLeilao }) : null;

export async function obterAssinatura({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  const [a] = await db.select().from(assinaturaEmail).where(eq(assinaturaEmail.hotsiteId, hotsiteId));
  return a ?? null;
}

/** Saves the brand's signature (sanitised); an empty one removes it. */
export async function salvarAssinatura({ db, hotsiteId, entrada, autor }: { db: Db; hotsiteId: number; entrada: unknown; autor: string }) {
  const { texto } = assinaturaSchema.parse(entrada);
  if (texto === '') {
    await db.delete(assinaturaEmail).where(eq(assinaturaEmail.hotsiteId, hotsiteId));
    return { texto };
  }
  await db
    .insert(assinaturaEmail)
    .values({ hotsiteId, texto, updatedPor: autor })
    .onConflictDoUpdate({ target: assinaturaEmail.hotsiteId, set: { texto, updatedAt: new Date(), updatedPor: autor } });
  return { texto };
}
