import '~/utils/zod-pt-br';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { detranItem, leilao, lote, veiculo } from '@db/schema';
import { textoLivre } from '~/utils/entrada';
import { reaisSchema } from '~/utils/numeros';
import { CONDICOES_DETRAN } from './condicoes-detran';
import { historicoDoLote, historicoDoVeiculo } from './historico.server';
import { ProvedorIndisponivel, type Provedores } from './provedores.server';
import { MENSAGEM_CONSULTA_INDISPONIVEL } from './tipos';

/*
 * The traffic authority's items of an auction (spec 001 §3 "Traffic-authority (detran) item", §7
 * GET /detran/lotes/{id}, GET /detran/itens/{id}, DELETE /detran/itens/apagar/{id}; screens
 * /admin/leilao-detran/{leilaoUid?} and laudo-detran; decision 179). An import brings a list of vehicles
 * (placa, chassi, renavan, condição, valor inicial...) into an auction; each item is tied to the auction's
 * lot whose vehicle has its chassi, and registered with the detran (cadastroDetran status and response).
 */

export const MENSAGEM_ITEM_NAO_ENCONTRADO = 'Item do Detran não encontrado';
export const MENSAGEM_LEILAO_NAO_ENCONTRADO = 'Leilão não encontrado';

const chassiSchema = z
  .string({ error: 'Informe o chassi' })
  .transform((s) => s.replace(/[\s.-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-HJ-NPR-Z0-9]{17}$/, 'Chassi deve ter 17 letras e números (sem I, O e Q)'));
const placaSchema = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$/, 'Placa inválida (AAA0000 ou AAA0A00)'));
const renavanSchema = z
  .string()
  .transform((s) => s.replace(/\D/g, ''))
  .pipe(z.string().regex(/^\d{9,11}$/, 'Renavam deve ter de 9 a 11 dígitos'));
const opcional = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === '' || v == null ? null : v), s.nullable()).optional();

/** One imported line. `valorUnitarioInicial` is centavos in the API, reais as typed on the page's list. */
export const itemDetranSchema = z.object({
  placa: opcional(placaSchema),
  chassi: chassiSchema,
  renavan: opcional(renavanSchema),
  condicao: z.enum(CONDICOES_DETRAN, { error: `Condição deve ser uma de: ${CONDICOES_DETRAN.join(', ')}` }),
  valorUnitarioInicial: opcional(
    z.number({ error: 'Valor inicial inválido' }).int('Valor inicial inválido').min(0).max(10_000_000_000_000),
  ),
  tipo: opcional(textoLivre(40)),
  modelo: opcional(textoLivre(120)),
  cor: opcional(textoLivre(40)),
  ano: opcional(z.coerce.number({ error: 'Ano inválido' }).int('Ano inválido').min(1900, 'Ano inválido').max(2100, 'Ano inválido')),
  motor: opcional(textoLivre(40)),
  idObjeto: opcional(textoLivre(60)),
  vistoria: opcional(textoLivre(200)),
});
export type ItemDetranEntrada = z.infer<typeof itemDetranSchema>;

export const importacaoDetranSchema = z.object({
  itens: z
    .array(itemDetranSchema, { error: 'Envie a lista de itens' })
    .min(1, 'Envie ao menos um item')
    .max(2_000, 'No máximo 2.000 itens por importação'),
});

/** The page's list: one vehicle a line, `placa;chassi;renavan;condição;valor inicial;modelo;cor;ano`. */
export function linhasDoTexto(texto: string): { itens?: unknown[]; erro?: string } {
  const linhas = texto
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (!linhas.length) return { erro: 'Cole ao menos uma linha' };
  if (linhas.length > 2_000) return { erro: 'No máximo 2.000 itens por importação' };
  const itens: unknown[] = [];
  for (const [i, linha] of linhas.entries()) {
    const c = linha.split(';').map((x) => x.trim());
    if (i === 0 && /^placa$/i.test(c[0] ?? '')) continue; // a header line
    const valor = c[4] ? reaisSchema().safeParse(c[4]) : { success: true as const, data: null };
    if (!valor.success) return { erro: `Linha ${i + 1}: valor inicial inválido (por exemplo 12.500,00)` };
    itens.push({
      placa: c[0],
      chassi: c[1] ?? '',
      renavan: c[2],
      condicao: c[3] ?? '',
      valorUnitarioInicial: valor.data,
      modelo: c[5],
      cor: c[6],
      ano: c[7],
    });
  }
  return { itens };
}

async function leilaoDaMarca(db: Db, hotsiteId: number, leilaoUid: string) {
  const [l] = await db
    .select({ id: leilao.id, nome: leilao.nome })
    .from(leilao)
    .where(and(eq(leilao.hotsiteId, hotsiteId), eq(leilao.uid, leilaoUid)));
  return l ?? null;
}

/**
 * Imports items into an auction of this brand: one per chassi (a chassi imported again updates its line
 * and is sent to the detran again), each tied to the auction's lot with the same chassi when there is one.
 */
export async function importarItensDetran({
  db,
  hotsiteId,
  leilaoUid,
  itens,
  criadoPor,
}: {
  db: Db;
  hotsiteId: number;
  leilaoUid: string;
  itens: ItemDetranEntrada[];
  criadoPor: string;
}): Promise<{ tipo: 'importado'; importacaoUid: string; itens: number; vinculados: number } | { tipo: 'leilao_nao_encontrado' }> {
  const l = await leilaoDaMarca(db, hotsiteId, leilaoUid);
  if (!l) return { tipo: 'leilao_nao_encontrado' };
  const chassis = [...new Set(itens.map((i) => i.chassi))];
  const lotes = await db
    .select({ loteId: lote.id, veiculoId: veiculo.id, chassi: veiculo.chassi })
    .from(lote)
    .innerJoin(veiculo, eq(veiculo.id, lote.veiculoId))
    .where(and(eq(lote.hotsiteId, hotsiteId), eq(lote.leilaoId, l.id), inArray(sql`upper(${veiculo.chassi})`, chassis)));
  const doChassi = new Map(lotes.map((x) => [x.chassi!.toUpperCase(), x]));
  const importacaoUid = randomUUID();
  // The last line of a repeated chassi wins, as a spreadsheet read top to bottom.
  const porChassi = new Map(itens.map((i, ordem) => [i.chassi, { ...i, ordem }]));
  const linhas = [...porChassi.values()].map((i) => ({
    hotsiteId,
    leilaoId: l.id,
    loteId: doChassi.get(i.chassi)?.loteId ?? null,
    veiculoId: doChassi.get(i.chassi)?.veiculoId ?? null,
    detranImportacaoUid: importacaoUid,
    ordemVisualizacao: i.ordem + 1,
    placa: i.placa ?? null,
    chassi: i.chassi,
    renavan: i.renavan ?? null,
    condicao: i.condicao,
    valorUnitarioInicial: i.valorUnitarioInicial ?? null,
    tipo: i.tipo ?? null,
    modelo: i.modelo ?? null,
    cor: i.cor ?? null,
    ano: i.ano ?? null,
    motor: i.motor ?? null,
    idObjeto: i.idObjeto ?? null,
    vistoria: i.vistoria ?? null,
    createdBy: criadoPor,
  }));
  await db
    .insert(detranItem)
    .values(linhas)
    .onConflictDoUpdate({
      target: [detranItem.hotsiteId, detranItem.leilaoId, detranItem.chassi],
      set: {
        loteId: sql`excluded.lote_id`,
        veiculoId: sql`excluded.veiculo_id`,
        detranImportacaoUid: sql`excluded.detran_importacao_uid`,
        ordemVisualizacao: sql`excluded.ordem_visualizacao`,
        placa: sql`excluded.placa`,
        renavan: sql`excluded.renavan`,
        condicao: sql`excluded.condicao`,
        valorUnitarioInicial: sql`excluded.valor_unitario_inicial`,
        tipo: sql`excluded.tipo`,
        modelo: sql`excluded.modelo`,
        cor: sql`excluded.cor`,
        ano: sql`excluded.ano`,
        motor: sql`excluded.motor`,
        idObjeto: sql`excluded.id_objeto`,
        vistoria: sql`excluded.vistoria`,
        // Changed data is registered again.
        cadastroDetranOK: sql`null`,
        cadastroDetranData: sql`null`,
        cadastroDetranResponse: sql`null`,
      },
    });
  return { tipo: 'importado', importacaoUid, itens: linhas.length, vinculados: linhas.filter((x) => x.loteId !== null).length };
}

const colunas = {
  id: detranItem.id,
  uid: detranItem.uid,
  leilaoId: detranItem.leilaoId,
  loteId: detranItem.loteId,
  veiculoId: detranItem.veiculoId,
  detranImportacaoUid: detranItem.detranImportacaoUid,
  idObjeto: detranItem.idObjeto,
  ordemVisualizacao: detranItem.ordemVisualizacao,
  vistoria: detranItem.vistoria,
  placa: detranItem.placa,
  tipo: detranItem.tipo,
  modelo: detranItem.modelo,
  cor: detranItem.cor,
  ano: detranItem.ano,
  motor: detranItem.motor,
  chassi: detranItem.chassi,
  renavan: detranItem.renavan,
  condicao: detranItem.condicao,
  valorUnitarioInicial: detranItem.valorUnitarioInicial,
  cadastroDetranOK: detranItem.cadastroDetranOK,
  cadastroDetranData: detranItem.cadastroDetranData,
  cadastroDetranResponse: detranItem.cadastroDetranResponse,
  createdBy: detranItem.createdBy,
  createdAt: detranItem.createdAt,
};
export type ItemDetran = Awaited<ReturnType<typeof itensDoLeilao>>[number];

/** An auction's items, in the import's order (the /admin/leilao-detran screen). */
export async function itensDoLeilao({ db, hotsiteId, leilaoUid }: { db: Db; hotsiteId: number; leilaoUid: string }) {
  return db
    .select({ ...colunas, loteNumero: lote.numero, loteNome: lote.nome })
    .from(detranItem)
    .innerJoin(leilao, eq(leilao.id, detranItem.leilaoId))
    .leftJoin(lote, eq(lote.id, detranItem.loteId))
    .where(and(eq(detranItem.hotsiteId, hotsiteId), eq(leilao.uid, leilaoUid)))
    .orderBy(asc(detranItem.ordemVisualizacao), asc(detranItem.id));
}

/** GET /detran/lotes/{id}: the items of one lot (by the lot's id). */
export async function itensDoLote({ db, hotsiteId, loteId }: { db: Db; hotsiteId: number; loteId: number }) {
  return db
    .select(colunas)
    .from(detranItem)
    .where(and(eq(detranItem.hotsiteId, hotsiteId), eq(detranItem.loteId, loteId)))
    .orderBy(asc(detranItem.ordemVisualizacao));
}

/** The items of a vehicle (the vehicle tab and laudo-detran/{veiId}). */
export async function itensDoVeiculo({ db, hotsiteId, veiculoId }: { db: Db; hotsiteId: number; veiculoId: number }) {
  return db
    .select({ ...colunas, leilaoNome: leilao.nome })
    .from(detranItem)
    .innerJoin(leilao, eq(leilao.id, detranItem.leilaoId))
    .where(and(eq(detranItem.hotsiteId, hotsiteId), eq(detranItem.veiculoId, veiculoId)))
    .orderBy(asc(detranItem.createdAt));
}

/** GET /detran/itens/{id}: one item by id or uid. */
export async function obterItemDetran({ db, hotsiteId, id }: { db: Db; hotsiteId: number; id: number | string }) {
  const [i] = await db
    .select(colunas)
    .from(detranItem)
    .where(and(eq(detranItem.hotsiteId, hotsiteId), typeof id === 'number' ? eq(detranItem.id, id) : eq(detranItem.uid, id)));
  return i ?? null;
}

/** DELETE /detran/itens/apagar/{id}: true when an item of this brand went. */
export async function apagarItemDetran({ db, hotsiteId, id }: { db: Db; hotsiteId: number; id: number | string }) {
  const r = await db
    .delete(detranItem)
    .where(and(eq(detranItem.hotsiteId, hotsiteId), typeof id === 'number' ? eq(detranItem.id, id) : eq(detranItem.uid, id)))
    .returning({ id: detranItem.id });
  return r.length > 0;
}

/**
 * The sync (the vehicle tab's "Sincronizar com o Detran", the auction screen's button): sends the items
 * not yet registered (or refused) to the detran, each under the provider's deadline, and stores each
 * answer. A provider down stops the round and leaves the rest for the next sync.
 */
export async function sincronizarItensDetran({
  db,
  hotsiteId,
  provedores,
  leilaoUid,
  veiculoId,
}: {
  db: Db;
  hotsiteId: number;
  provedores: Provedores;
  leilaoUid?: string;
  veiculoId?: number;
}): Promise<{ enviados: number; aceitos: number; recusados: number; indisponivel: boolean }> {
  const filtroAlvo = leilaoUid ? eq(leilao.uid, leilaoUid) : veiculoId !== undefined ? eq(detranItem.veiculoId, veiculoId) : sql`false`;
  const pendentes = await db
    .select({ id: detranItem.id, placa: detranItem.placa, chassi: detranItem.chassi, renavan: detranItem.renavan, leilaoNome: leilao.nome })
    .from(detranItem)
    .innerJoin(leilao, eq(leilao.id, detranItem.leilaoId))
    .where(
      and(
        eq(detranItem.hotsiteId, hotsiteId),
        filtroAlvo,
        or(sql`${detranItem.cadastroDetranOK} IS NULL`, eq(detranItem.cadastroDetranOK, false)),
      ),
    )
    .orderBy(asc(detranItem.ordemVisualizacao))
    .limit(200);
  let aceitos = 0;
  let recusados = 0;
  for (const p of pendentes) {
    try {
      const r = await provedores.detran.cadastrar(
        { placa: p.placa, chassi: p.chassi, renavan: p.renavan, leilao: p.leilaoNome },
        AbortSignal.timeout(provedores.timeoutMs),
      );
      await db
        .update(detranItem)
        .set({ cadastroDetranOK: r.aceito, cadastroDetranData: new Date(), cadastroDetranResponse: `${r.fonte}: ${r.mensagem}` })
        .where(and(eq(detranItem.hotsiteId, hotsiteId), eq(detranItem.id, p.id)));
      if (r.aceito) aceitos++;
      else recusados++;
    } catch (e) {
      if (!(e instanceof ProvedorIndisponivel)) throw e;
      await db
        .update(detranItem)
        .set({ cadastroDetranOK: false, cadastroDetranData: new Date(), cadastroDetranResponse: MENSAGEM_CONSULTA_INDISPONIVEL })
        .where(and(eq(detranItem.hotsiteId, hotsiteId), eq(detranItem.id, p.id)));
      return { enviados: aceitos + recusados + 1, aceitos, recusados, indisponivel: true };
    }
  }
  return { enviados: pendentes.length, aceitos, recusados, indisponivel: false };
}

/**
 * The detran report of a vehicle of this brand (laudo-detran/{veiId}, laudo-detran-detran/{veiId}), or of
 * a lot's vehicle (laudo-detran/by-lel-id/{lelId}): the vehicle, its detran items and its checked history
 * (with the lot's auction terms when asked by lot). Null when not this brand's.
 */
export async function laudoDetran({
  db,
  hotsiteId,
  veiculoId,
  loteId,
}: {
  db: Db;
  hotsiteId: number;
  veiculoId?: number;
  loteId?: number;
}) {
  const [v] = await db
    .select({
      id: veiculo.id,
      nome: veiculo.nome,
      placa: veiculo.placa,
      chassi: veiculo.chassi,
      renavam: veiculo.renavam,
      anoFabricacao: veiculo.anoFabricacao,
      anoModelo: veiculo.anoModelo,
      cor: veiculo.cor,
      loteId: lote.id,
      loteNumero: lote.numero,
    })
    .from(veiculo)
    .leftJoin(lote, loteId !== undefined ? eq(lote.veiculoId, veiculo.id) : sql`false`)
    .where(
      and(
        eq(veiculo.hotsiteId, hotsiteId),
        loteId !== undefined ? and(eq(lote.id, loteId), eq(lote.hotsiteId, hotsiteId)) : eq(veiculo.id, veiculoId ?? 0),
      ),
    );
  if (!v) return null;
  const [itens, historico] = await Promise.all([
    itensDoVeiculo({ db, hotsiteId, veiculoId: v.id }),
    v.loteId !== null ? historicoDoLote({ db, hotsiteId, loteId: v.loteId }) : historicoDoVeiculo({ db, hotsiteId, veiculoId: v.id }),
  ]);
  return { veiculo: v, itens, historico: historico! };
}
