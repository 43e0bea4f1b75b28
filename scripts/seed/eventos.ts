import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { hotsite, indicacao, indicacaoCodigo, leilao, leilaoConvidado, leilaoLote, lote, usuario, veiculo } from '@db/schema';

/** The demo's exclusive event: three executive cars, shown only to the guests who accepted. */
const CARROS = [
  { nome: 'Toyota Corolla XEi 2.0 2022', modelo: 'Corolla', marca: 'Toyota', ano: 2022, km: 38_400, minimo: 98_000_00 },
  { nome: 'Honda Civic EXL 2.0 2021', modelo: 'Civic', marca: 'Honda', ano: 2021, km: 52_100, minimo: 92_500_00 },
  { nome: 'Jeep Compass Limited 1.3 T270 2022', modelo: 'Compass', marca: 'Jeep', ano: 2022, km: 41_900, minimo: 121_000_00 },
];

/**
 * Exclusive events and referral on a demo brand (issue #32): a private auction "Evento exclusivo — Frota
 * Executiva" whose guests are cliente1 (accepted: it shows in their lists) and cliente2 (invited, yet to
 * answer); the brand's referral reward (R$ 100,00), cliente1's code and cliente2 as the friend they
 * referred. Skipped for a brand that already has a private auction.
 */
export async function seedEventos(db: Db, hotsiteId: number) {
  const [ja] = await db
    .select({ id: leilao.id })
    .from(leilao)
    .where(and(eq(leilao.hotsiteId, hotsiteId), eq(leilao.privado, true)));
  if (ja) return;
  await db
    .update(hotsite)
    .set({ indicacaoRecompensa: 100_00 })
    .where(and(eq(hotsite.id, hotsiteId), eq(hotsite.indicacaoRecompensa, 0)));
  const clientes = await db
    .select({ id: usuario.id, email: usuario.email })
    .from(usuario)
    .where(
      and(
        eq(usuario.hotsiteId, hotsiteId),
        inArray(usuario.email, [`cliente1@h${hotsiteId}.martelo.test`, `cliente2@h${hotsiteId}.martelo.test`]),
      ),
    )
    .orderBy(usuario.email);
  const [equipe] = await db.select({ id: usuario.id, nome: usuario.nome }).from(usuario).where(eq(usuario.email, 'eventos@martelo.test'));
  const inicio = new Date(Date.now() + 2 * 86_400_000);
  const [le] = await db
    .insert(leilao)
    .values({
      hotsiteId,
      nome: 'Evento exclusivo — Frota Executiva',
      situacao: 'PRONTO',
      modalidade: 'Online',
      tipoOrigem: 'Frota',
      data: inicio,
      cidade: 'São Paulo',
      estadoUf: 'SP',
      local: 'Online, para convidados',
      privado: true,
    })
    .returning({ id: leilao.id });
  for (const [i, c] of CARROS.entries()) {
    const [v] = await db
      .insert(veiculo)
      .values({ hotsiteId, nome: c.nome, modelo: c.modelo, veiculoTipoId: 1, anoFabricacao: c.ano })
      .returning({ id: veiculo.id });
    const [l] = await db
      .insert(lote)
      .values({
        hotsiteId,
        veiculoId: v.id,
        leilaoId: le.id,
        situacao: 'LIBERADO_LEILAO',
        nome: c.nome,
        numero: String(i + 1).padStart(3, '0'),
        categoria: 'Carros',
        veiculoTipoId: 1,
        marcaNome: c.marca,
        modelo: c.modelo,
        anoModelo: c.ano,
        km: c.km,
        minimo: c.minimo,
        incremento: 500_00,
        dataInicio: new Date(),
        dataFim: new Date(inicio.getTime() + (i + 1) * 120_000),
        localizacaoCidade: 'São Paulo',
        localizacaoUf: 'SP',
      })
      .returning({ id: lote.id });
    await db.insert(leilaoLote).values({ hotsiteId, leilaoId: le.id, loteId: l.id, situacao: 'LIBERADO_LEILAO', ordemLeilao: i + 1 });
  }
  const [aceito, pendente] = clientes;
  const por = { convidadoPorId: equipe?.id ?? null, convidadoPor: equipe?.nome ?? 'Equipe' };
  if (aceito)
    await db.insert(leilaoConvidado).values({
      hotsiteId,
      leilaoId: le.id,
      tipo: 'email',
      email: aceito.email,
      hash: `demoAceito${hotsiteId}x${le.id}xConviteExclusivo`,
      resposta: 'Aceito',
      respondidoEm: new Date(),
      usuarioId: aceito.id,
      ...por,
    });
  if (pendente)
    await db.insert(leilaoConvidado).values({
      hotsiteId,
      leilaoId: le.id,
      tipo: 'email',
      email: pendente.email,
      hash: `demoPendente${hotsiteId}x${le.id}xConviteExclusivo`,
      ...por,
    });
  if (aceito && pendente) {
    await db
      .insert(indicacaoCodigo)
      .values({ usuarioId: aceito.id, hotsiteId, codigo: `AMIGO${hotsiteId}` })
      .onConflictDoNothing();
    await db.insert(indicacao).values({ hotsiteId, indicadorId: aceito.id, indicadoId: pendente.id }).onConflictDoNothing();
  }
}
