import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { habilitacao } from '@db/schema';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { darLance } from '~/modules/lances/lance-manual.server';
import { configurarLanceAutomatico } from '~/modules/lances/lance-automatico.server';
import type { Resultado } from '~/modules/lances/resultado';
import { criarServicoDeLances, type ServicoDeLances } from '~/modules/lances/servico.server';
import { criarBancoDeTeste, envDeTeste } from '../db';
import { criarCliente, criarLoteEmDisputa } from '../lances';

/**
 * The proof of the engine under concurrency: random manual and automatic bids from many clients race
 * on one lot while three closers (as three instances would) poll for due lots. Meaningful on real
 * PostgreSQL (DATABASE_URL); on PGlite the same checks run with every transaction serialised.
 */
let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let clientes: Awaited<ReturnType<typeof criarCliente>>[];
/** The bid batchers, one for this database (as createMartelo builds them per instance). */
let servicoDeLances: ServicoDeLances;
beforeAll(async () => {
  banco = await criarBancoDeTeste();
  servicoDeLances = criarServicoDeLances(banco.db);
  clientes = [];
  for (let i = 0; i < 6; i++) {
    const c = await criarCliente(banco.db, { nome: `Cliente ${i} Corrida` });
    await banco.db.insert(habilitacao).values({ hotsiteId: 1, usuarioId: c.id, leilaoId: null });
    clientes.push(c);
  }
});
afterAll(() => banco?.descartar());

const rows = async <T>(q: ReturnType<typeof sql>) => (await banco.db.execute(q)).rows as T[];
const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));
const INCREMENTO = 100_00;
const MINIMO = 1_000_00;

const acao = fc.record({
  cliente: fc.integer({ min: 0, max: 5 }),
  tipo: fc.constantFrom('manual', 'manual', 'auto'),
  passos: fc.integer({ min: 0, max: 8 }),
  extra: fc.constantFrom(0, 0, 0, 50_00, 1),
  atrasoMs: fc.integer({ min: 0, max: 600 }),
});

describe('race: random manual and automatic bids from many clients on one lot', () => {
  it('values rise by at least the increment, proxies stay under their max, the highest maximum wins, ends never move back, nothing after close, one closing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(acao, { minLength: 5, maxLength: 40 }), async (acoes) => {
        const { loteId } = await criarLoteEmDisputa(banco.db, {
          minimo: MINIMO,
          incremento: INCREMENTO,
          fimEmMs: 500,
          pontoCorte: 1,
          incrementoTempo: 1,
        });
        let ultimoConhecido: number | null = null;
        const respostas: { acao: (typeof acoes)[number]; valor: number; r: Resultado }[] = [];
        const cobertos = new Map<number, number>();
        let fechamentos = 0;
        let aberto = true;
        // Three closers polling as three instances would.
        const closers = [0, 1, 2].map(async () => {
          while (aberto) {
            // Seeded demo lots may fall due too: count only the closings of this lot.
            const ids = await encerrarLotesVencidos({ db: banco.db });
            fechamentos += ids.filter((id) => id === loteId).length;
            await esperar(20);
          }
        });
        await Promise.all(
          acoes.map(async (a) => {
            await esperar(a.atrasoMs);
            const c = clientes[a.cliente];
            const proximo: number = ultimoConhecido == null ? MINIMO : ultimoConhecido + INCREMENTO;
            const valor = proximo + a.passos * INCREMENTO + a.extra;
            const licitante = { id: c.id, nome: c.nome, email: c.email };
            const r =
              a.tipo === 'manual'
                ? await darLance({ db: banco.db, lances: servicoDeLances, hotsiteId: 1, licitante, entrada: { loteId, valor } })
                : await configurarLanceAutomatico({
                    db: banco.db,
                    lances: servicoDeLances,
                    hotsiteId: 1,
                    licitante,
                    entrada: { loteId, valorMaximo: valor },
                  });
            respostas.push({ acao: a, valor, r });
            const lote = 'lote' in r ? r.lote : undefined;
            if (lote?.valor.lance != null) ultimoConhecido = Math.max(ultimoConhecido ?? 0, lote.valor.lance);
            if (r.tipo === 'coberto') cobertos.set(c.id, Math.max(cobertos.get(c.id) ?? 0, valor));
          }),
        );
        // Let the (possibly extended) end pass and the closers close the lot.
        for (let i = 0; i < 200; i++) {
          const [{ situacao }] = await rows<{ situacao: string }>(sql`SELECT situacao FROM lote WHERE id = ${loteId}`);
          if (situacao !== 'LIBERADO_LEILAO') break;
          await esperar(25);
        }
        aberto = false;
        await Promise.all(closers);

        const lances = await rows<{
          id: number;
          usuario_id: number;
          valor: string;
          tipo: string;
          lance_automatico_id: number | null;
          data: Date;
          maximo: string | null;
        }>(sql`
          SELECT l.id, l.usuario_id, l.valor, l.tipo, l.lance_automatico_id, l.data, a.valor_maximo AS maximo
            FROM lance l LEFT JOIN lance_automatico a ON a.id = l.lance_automatico_id
           WHERE l.lote_id = ${loteId} ORDER BY l.id`);
        const [lote] = await rows<{
          data_fim: Date;
          situacao: string;
          ultimo_lance_valor: string | null;
          ultimo_lance_usuario_id: number | null;
        }>(sql`SELECT data_fim, situacao, ultimo_lance_valor, ultimo_lance_usuario_id FROM lote WHERE id = ${loteId}`);
        const encerramentos = await rows<{ usuario_id: number | null; valor: string | null; encerrado_em: Date }>(
          sql`SELECT usuario_id, valor, encerrado_em FROM lote_encerramento WHERE lote_id = ${loteId}`,
        );

        // 1. Accepted values strictly rise by at least the increment.
        lances.forEach((l, i) =>
          expect(Number(l.valor)).toBeGreaterThanOrEqual(i === 0 ? MINIMO : Number(lances[i - 1].valor) + INCREMENTO),
        );
        // 2. No automatic bid passes its maximum.
        for (const l of lances.filter((x) => x.tipo === 'Automático')) expect(Number(l.valor)).toBeLessThanOrEqual(Number(l.maximo));
        // 3. The highest maximum wins (a client's standing offer: its maximum, its bids, its covered offers).
        const maximos = await rows<{ usuario_id: number; valor_maximo: string }>(
          sql`SELECT usuario_id, valor_maximo FROM lance_automatico WHERE lote_id = ${loteId}`,
        );
        const teto = new Map<number, number>(cobertos);
        const subir = (u: number, v: number) => teto.set(u, Math.max(teto.get(u) ?? 0, v));
        for (const m of maximos) subir(m.usuario_id, Number(m.valor_maximo));
        for (const l of lances) subir(l.usuario_id, Number(l.valor));
        if (lote.ultimo_lance_usuario_id != null) {
          for (const [u, t] of teto)
            if (u !== lote.ultimo_lance_usuario_id) expect(teto.get(lote.ultimo_lance_usuario_id)!).toBeGreaterThanOrEqual(t);
          expect(Number(lote.ultimo_lance_valor)).toBe(Number(lances.at(-1)!.valor));
        }
        // 4. Ends never move back (answers in sequence order).
        const porSeq = respostas
          .map((x) => ('lote' in x.r ? (x.r.lote as { seq: number; dataFim: string }) : undefined))
          .filter((x): x is { seq: number; dataFim: string } => !!x)
          .sort((a, b) => a.seq - b.seq);
        porSeq.forEach(
          (x, i) => i > 0 && expect(new Date(x.dataFim).getTime()).toBeGreaterThanOrEqual(new Date(porSeq[i - 1].dataFim).getTime()),
        );
        // 5. Nothing accepted after the end or after the closing.
        for (const l of lances) {
          expect(new Date(l.data).getTime()).toBeLessThan(new Date(lote.data_fim).getTime());
          expect(new Date(l.data).getTime()).toBeLessThanOrEqual(new Date(encerramentos[0].encerrado_em).getTime());
        }
        // 6. The lot closed exactly once, with the last bid.
        expect(encerramentos).toHaveLength(1);
        expect(fechamentos).toBe(1);
        expect(encerramentos[0].usuario_id).toBe(lote.ultimo_lance_usuario_id);
        expect(lote.situacao).toBe(lances.length ? 'AG_PAGAMENTO' : 'NAO_ARREMATADO');
      }),
      { numRuns: envDeTeste.DATABASE_URL ? 20 : 6, endOnFailure: true },
    );
  }, 240_000);
});
