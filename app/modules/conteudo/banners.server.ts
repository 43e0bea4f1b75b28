import { and, asc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { z } from 'zod';
import { dataSchema } from '~/utils/entrada';
import type { Db } from '@db/client.server';
import { banner, BANNER_POSICOES } from '@db/schema';
import { registrarAlteracao } from '~/modules/identidade/permissoes-marca.server';
import { naoEncontrado } from '~/utils/errors';
import { linkSchema } from './blocks';
import { imagemSchema } from './construtor.schema';

export { NOMES_POSICAO } from './banner-posicoes';

const data = dataSchema({ mensagem: 'Data inválida' })
  .nullish()
  .transform((v) => v ?? null);

export const bannerInputSchema = z.object({
  posicaoBanner: z.enum(BANNER_POSICOES, { error: 'Posição do banner inválida' }),
  leiUid: z.preprocess((v) => (v === '' ? null : v), z.uuid('Leilão inválido').nullish()).transform((v) => v ?? null),
  nome: z.string().trim().min(1, 'Informe o nome do banner').max(120),
  categoria: z
    .string()
    .trim()
    .max(60)
    .nullish()
    .transform((v) => v || null),
  dataInicio: data,
  dataFim: data,
  imagem: imagemSchema.refine((v) => v !== null, 'Envie a imagem do banner'),
  imagemMobile: imagemSchema,
  urlDestino: linkSchema,
  ativo: z.boolean().default(true),
  prioridade: z.coerce.number().int().min(0).max(10_000).default(0),
});

export async function listarBanners({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  return db
    .select()
    .from(banner)
    .where(eq(banner.hotsiteId, hotsiteId))
    .orderBy(asc(banner.posicaoBanner), asc(banner.prioridade), asc(banner.id));
}

const colunasPublicas = {
  uid: banner.uid,
  posicaoBannerUid: banner.posicaoBanner,
  leiUid: banner.leiUid,
  nome: banner.nome,
  categoria: banner.categoria,
  dataFim: banner.dataFim,
  imagem: banner.imagem,
  imagemMobile: banner.imagemMobile,
  urlDestino: banner.urlDestino,
};

/** Where a brand's active banners can be kept between requests (the hotsite cache, cleared on every edit). */
export interface CacheDaMarca {
  daMarca<T>(tipo: string, hotsiteId: number, carregar: () => PromiseLike<T>): Promise<T>;
}

/**
 * Until when the brand's kept banners, as `bannersAtivos` filters them, stay what they are now: the
 * earliest of the kept entry's end and the next start or end of a banner's window. Undefined when
 * nothing is kept (a page built now would read them again).
 */
export async function bannersValidosAte(
  cache: { entradaDaMarca(tipo: string, hotsiteId: number, agora?: number): { valor: Promise<unknown>; expira: number } | undefined },
  hotsiteId: number,
  agora = Date.now(),
): Promise<{ entrada: object; ate: number } | undefined> {
  const entrada = cache.entradaDaMarca('banners', hotsiteId, agora);
  if (!entrada) return undefined;
  const todos = (await entrada.valor.catch(
    () => null /* a failed load is reported by the loader awaiting it; the page is just not kept */,
  )) as { dataInicio: Date | null; dataFim: Date | null }[] | null;
  if (!todos) return undefined;
  let ate = entrada.expira;
  for (const b of todos) {
    const inicio = b.dataInicio?.getTime();
    const fim = b.dataFim?.getTime();
    // On the air while dataInicio <= agora <= dataFim: it appears at dataInicio, leaves 1 ms after dataFim.
    if (inicio !== undefined && inicio > agora) ate = Math.min(ate, inicio);
    if (fim !== undefined && fim >= agora) ate = Math.min(ate, fim + 1);
  }
  return { entrada, ate };
}

/**
 * Public: the banners of a position on the air now, optionally those linked to one auction. With the
 * instance's cache, a brand's active banners are read once and filtered here by position, auction and
 * window (the window moves with the clock, so it is never part of what is kept).
 */
export async function bannersAtivos({
  db,
  hotsiteId,
  posicao,
  leiUid,
  agora = new Date(),
  cache,
}: {
  db: Db;
  hotsiteId: number;
  posicao?: string;
  leiUid?: string;
  agora?: Date;
  cache?: CacheDaMarca;
}) {
  const pos = posicao ? z.enum(BANNER_POSICOES, { error: 'Posição do banner inválida' }).parse(posicao) : undefined;
  const lei = leiUid ? z.uuid('Leilão inválido').parse(leiUid) : undefined;
  if (cache) {
    const todos = await cache.daMarca('banners', hotsiteId, () =>
      db
        .select({ ...colunasPublicas, dataInicio: banner.dataInicio })
        .from(banner)
        .where(and(eq(banner.hotsiteId, hotsiteId), eq(banner.ativo, true)))
        .orderBy(asc(banner.prioridade), asc(banner.id)),
    );
    return todos
      .filter(
        (b) =>
          (!pos || b.posicaoBannerUid === pos) &&
          (!lei || b.leiUid === lei) &&
          (!b.dataInicio || b.dataInicio <= agora) &&
          (!b.dataFim || b.dataFim >= agora),
      )
      .map(({ dataInicio: _inicio, ...b }) => b);
  }
  return db
    .select(colunasPublicas)
    .from(banner)
    .where(
      and(
        eq(banner.hotsiteId, hotsiteId),
        eq(banner.ativo, true),
        pos ? eq(banner.posicaoBanner, pos) : undefined,
        lei ? eq(banner.leiUid, lei) : undefined,
        or(isNull(banner.dataInicio), lte(banner.dataInicio, agora)),
        or(isNull(banner.dataFim), gte(banner.dataFim, agora)),
      ),
    )
    .orderBy(asc(banner.prioridade), asc(banner.id));
}

export async function salvarBanner({
  db,
  hotsiteId,
  bannerId,
  entrada,
  usuarioId,
}: {
  db: Db;
  hotsiteId: number;
  bannerId?: number;
  entrada: unknown;
  usuarioId: number | null;
}) {
  const dados = bannerInputSchema.parse(entrada) as z.infer<typeof bannerInputSchema> & { imagem: string };
  return db.transaction(async (tx) => {
    let id: number;
    if (bannerId) {
      const [b] = await tx
        .update(banner)
        .set({ ...dados, updatedAt: new Date() })
        .where(and(eq(banner.id, bannerId), eq(banner.hotsiteId, hotsiteId)))
        .returning({ id: banner.id });
      if (!b) throw naoEncontrado('Banner não encontrado');
      id = b.id;
    } else {
      const [b] = await tx
        .insert(banner)
        .values({ ...dados, hotsiteId })
        .returning({ id: banner.id });
      id = b.id;
    }
    await registrarAlteracao(tx, { hotsiteId, usuarioId, entidade: 'banner', entidadeId: id, acao: bannerId ? 'alterou' : 'criou' });
    return { id };
  });
}

export async function apagarBanner({
  db,
  hotsiteId,
  bannerId,
  usuarioId,
}: {
  db: Db;
  hotsiteId: number;
  bannerId: number;
  usuarioId: number | null;
}) {
  await db.transaction(async (tx) => {
    const r = await tx
      .delete(banner)
      .where(and(eq(banner.id, bannerId), eq(banner.hotsiteId, hotsiteId)))
      .returning({ id: banner.id });
    if (!r.length) throw naoEncontrado('Banner não encontrado');
    await registrarAlteracao(tx, { hotsiteId, usuarioId, entidade: 'banner', entidadeId: bannerId, acao: 'apagou' });
  });
}
