import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { habilitacao, leilao, leilaoLote, lote, usuario, veiculo, veiculoTipo } from '@db/schema';
import { criarSessao } from '~/modules/identidade/sessions.server';
import { cookieDeLogin } from '~/utils/cookie-de-sessao.server';

/** Test fixtures for bidding: an auction with a lot in dispute, and logged-in, habilitated clients. */
export async function criarLoteEmDisputa(
  db: Db,
  {
    hotsiteId = 1,
    minimo = 10_000_00,
    incremento = 500_00,
    fimEmMs = 60 * 60_000,
    pontoCorte = 60,
    incrementoTempo = 60,
    recebeIncrementoTempo = true,
    valorComitente = null as number | null,
    compreJa = null as number | null,
    somenteBuyNowProposta = false,
    categoria = 'Carros' as 'Carros' | 'Sucatas',
    validarSucata = false,
  } = {},
) {
  await db.insert(veiculoTipo).values({ id: 1, nome: 'Automóvel', categoria: 'Carros' }).onConflictDoNothing();
  const [le] = await db
    .insert(leilao)
    .values({
      hotsiteId,
      nome: `Leilão de teste ${randomUUID().slice(0, 8)}`,
      situacao: 'AO_VIVO',
      data: new Date(),
      pontoCorteParaIncrementoPosLancesSegundos: pontoCorte,
      incrementoAposLancesSegundos: incrementoTempo,
      validarSucata,
    })
    .returning();
  const [v] = await db.insert(veiculo).values({ hotsiteId, nome: 'Gol 1.0', modelo: 'Gol', veiculoTipoId: 1 }).returning();
  const [l] = await db
    .insert(lote)
    .values({
      hotsiteId,
      veiculoId: v.id,
      leilaoId: le.id,
      situacao: 'LIBERADO_LEILAO',
      nome: 'VW Gol 1.0 2015',
      numero: '001',
      categoria,
      veiculoTipoId: 1,
      minimo,
      incremento,
      recebeIncrementoTempo,
      valorComitente,
      compreJa,
      somenteBuyNowProposta,
      dataInicio: new Date(Date.now() - 60_000),
      dataFim: new Date(Date.now() + fimEmMs),
      localizacaoCidade: 'São Paulo',
      localizacaoUf: 'SP',
    })
    .returning();
  // The auction-lot link, as every seeded or imported lot has.
  await db.insert(leilaoLote).values({ hotsiteId, leilaoId: le.id, loteId: l.id, situacao: 'LIBERADO_LEILAO', ordemLeilao: 1 });
  return { leilaoId: le.id, leilaoUid: le.uid, loteId: l.id, veiUid: v.uid };
}

export async function criarCliente(db: Db, { hotsiteId = 1, nome = 'Cliente Teste', leilaoId = null as number | null } = {}) {
  const [u] = await db
    .insert(usuario)
    .values({ hotsiteId, email: `cli-${randomUUID()}@h${hotsiteId}.martelo.test`, nome })
    .returning();
  if (leilaoId != null) await db.insert(habilitacao).values({ hotsiteId, usuarioId: u.id, leilaoId });
  const { token, expiraEm } = await criarSessao({ db, usuarioId: u.id, hotsiteId });
  // The session cookie "name=value" (pages), as entrarComoStaff gives it.
  const cookie = (await cookieDeLogin(token, expiraEm, false)).split(';')[0];
  return { id: u.id, nome: u.nome, email: u.email, token, cookie, auth: { authorization: `Bearer ${token}` } };
}

/** Expire a lot now (tests of closing). */
export async function vencerLote(db: Db, loteId: number) {
  await db.execute(sql`UPDATE lote SET data_fim = clock_timestamp() - interval '1 millisecond' WHERE id = ${loteId}`);
}
