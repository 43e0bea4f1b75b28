import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { lote, tipoVistoria, veiculo, veiculoTipo, vistoria, type CategoriaVistoria, type EquipamentosVistoria } from '@db/schema';
import { CONDICOES_PNEU, EQUIPAMENTOS, RESPOSTAS_EQUIPAMENTO, grupoDaCategoria, posicoesDosPneus } from '~/modules/vistorias/regras';

/*
 * Demo inspections (issue #13, decision 064): per brand, two inspection types and up to seven inspections
 * of vehicles on the site (three light, two motorcycles, two heavy): the last one Cancelada, the one before
 * Aguardando, the others Realizada with their report (the lot page links it). Idempotent: skipped for a brand that already has types.
 */

const opcao = (nome: string, opcoes: string[], obrigatorio = true) => ({
  nome,
  tipo: 'OPCAO' as const,
  obrigatorio,
  opcoes,
  exemploUrl: null,
});
const texto = (nome: string) => ({ nome, tipo: 'TEXTO' as const, obrigatorio: false, opcoes: [], exemploUrl: null });
const ordenar = (cs: { nome: string; itens: Omit<CategoriaVistoria['itens'][number], 'ordem'>[] }[]): CategoriaVistoria[] =>
  cs.map((c, ci) => ({ nome: c.nome, ordem: ci + 1, itens: c.itens.map((i, ii) => ({ ...i, ordem: ii + 1 })) }));

const ESTADO = ['Bom', 'Regular', 'Ruim'];
const CAUTELAR = ordenar([
  {
    nome: 'Lataria e pintura',
    itens: [
      opcao('Para-choque dianteiro', ['Bom', 'Riscado', 'Amassado', 'Quebrado']),
      opcao('Para-choque traseiro', ['Bom', 'Riscado', 'Amassado', 'Quebrado']),
      opcao('Capô', ['Bom', 'Riscado', 'Amassado']),
      opcao('Portas', ['Bom', 'Riscado', 'Amassado']),
      texto('Observação da pintura'),
    ],
  },
  {
    nome: 'Vidros e iluminação',
    itens: [opcao('Para-brisa', ['Bom', 'Trincado', 'Quebrado']), opcao('Faróis', ESTADO), opcao('Lanternas', ESTADO)],
  },
  {
    nome: 'Motor e mecânica',
    itens: [
      opcao('Motor dá partida', ['Sim', 'Não']),
      opcao('Vazamento de óleo', ['Não', 'Sim']),
      opcao('Câmbio', ESTADO),
      opcao('Suspensão', ESTADO, false),
    ],
  },
  { nome: 'Interior', itens: [opcao('Bancos', ['Bom', 'Rasgado', 'Sujo']), opcao('Painel', ESTADO), texto('Observação do interior')] },
]);
const ENTRADA = ordenar([
  {
    nome: 'Recebimento no pátio',
    itens: [
      opcao('Chegou rodando', ['Sim', 'Não (guincho)']),
      opcao('Documento no veículo', ['Sim', 'Não']),
      texto('Pertences deixados no veículo'),
    ],
  },
]);

const VISTORIADORES = ['Carlos Henrique Lima', 'Juliana Prado', 'Marcos Vinícius Rocha'];

function respondidas(categorias: CategoriaVistoria[], n: number): CategoriaVistoria[] {
  return categorias.map((c, ci) => ({
    ...c,
    itens: c.itens.map((i, ii) => ({
      ...i,
      marcacoes: [],
      // Mostly the first (best) option, now and then another, deterministic per vehicle.
      resposta:
        i.tipo === 'TEXTO'
          ? (n + ii) % 3 === 0
            ? 'Sem observações.'
            : null
          : i.opcoes[(n + ci + ii) % 4 === 0 ? Math.min(1, i.opcoes.length - 1) : 0],
    })),
  }));
}

function equipamentos(categoria: string, km: number | null, n: number): EquipamentosVistoria {
  const tipo = grupoDaCategoria(categoria);
  const eixos = tipo === 'pesado' ? 2 + (n % 3) : undefined;
  const r = (k: number) => RESPOSTAS_EQUIPAMENTO[(n + k) % 5 === 0 ? 1 : (n + k) % 7 === 0 ? 2 : 0];
  return {
    tipo,
    quilometragem: km,
    ...(eixos ? { eixos } : {}),
    bateria: r(1),
    chaveReserva: tipo === 'leve' ? r(2) : null,
    manualProprietario: tipo === 'leve' ? r(3) : null,
    pneus: posicoesDosPneus(tipo, eixos).map((posicao, i) => ({
      posicao,
      condicao: CONDICOES_PNEU[(n + i) % 5 === 0 ? 1 : (n + i) % 9 === 0 ? 2 : 0],
    })),
    itens: Object.fromEntries(EQUIPAMENTOS[tipo].map((nome, i) => [nome, r(i + 4)])),
  };
}

export async function seedVistorias(db: Db, hotsiteId: number) {
  const [{ n }] = await db.select({ n: count() }).from(tipoVistoria).where(eq(tipoVistoria.hotsiteId, hotsiteId));
  if (n > 0) return;
  const [cautelar, entrada] = await db
    .insert(tipoVistoria)
    .values([
      { hotsiteId, nome: 'Vistoria cautelar', categorias: CAUTELAR },
      { hotsiteId, nome: 'Entrada no pátio', categorias: ENTRADA, disponibilizarParaTipos: ['Carros', 'Utilitários', 'Moto', 'Pesados'] },
    ])
    .returning({ id: tipoVistoria.id });

  // Two vehicles on the site of each group, the lowest lot ids first (stable across seeds).
  const escolhidos: { id: number; km: number | null; categoria: string }[] = [];
  for (const categorias of [['Carros', 'Utilitários'], ['Moto'], ['Pesados']] as const) {
    const vs = await db
      .selectDistinct({ id: veiculo.id, km: veiculo.km, categoria: veiculoTipo.categoria, loteId: lote.id })
      .from(lote)
      .innerJoin(veiculo, eq(veiculo.id, lote.veiculoId))
      .innerJoin(veiculoTipo, eq(veiculoTipo.id, veiculo.veiculoTipoId))
      .where(and(eq(lote.hotsiteId, hotsiteId), eq(lote.situacao, 'LIBERADO_LEILAO'), inArray(veiculoTipo.categoria, [...categorias])))
      .orderBy(asc(lote.id))
      .limit(categorias[0] === 'Carros' ? 3 : 2);
    escolhidos.push(...vs);
  }
  const agora = Date.now();
  for (const [i, v] of escolhidos.entries()) {
    // Per brand: the first ones Realizada, one Aguardando, one Cancelada.
    const situacao = i === escolhidos.length - 1 ? 'Cancelada' : i === escolhidos.length - 2 ? 'Aguardando' : 'Realizada';
    const eqp = equipamentos(v.categoria, v.km, i + hotsiteId);
    const quando = new Date(agora - (i + 1) * 36 * 3_600_000);
    await db.insert(vistoria).values({
      hotsiteId,
      veiculoId: v.id,
      tipoVistoriaId: i % 3 === 2 ? entrada.id : cautelar.id,
      situacao,
      hash: randomBytes(20).toString('hex'),
      vistoriador: VISTORIADORES[i % VISTORIADORES.length],
      categorias:
        situacao === 'Aguardando' ? (i % 3 === 2 ? ENTRADA : CAUTELAR) : respondidas(i % 3 === 2 ? ENTRADA : CAUTELAR, i + hotsiteId),
      equipamentos: situacao === 'Aguardando' ? null : eqp,
      observacao: situacao === 'Realizada' ? 'Veículo vistoriado no pátio; avarias conforme itens.' : null,
      motivoCancelamento: situacao === 'Cancelada' ? 'Veículo transferido para outro pátio antes da vistoria' : null,
      realizadaAt: situacao === 'Realizada' ? quando : null,
      canceladaAt: situacao === 'Cancelada' ? quando : null,
      createdAt: new Date(quando.getTime() - 3_600_000),
      updatedAt: quando,
    });
    if (situacao === 'Realizada') await db.update(veiculo).set({ itensDetalhados: eqp }).where(eq(veiculo.id, v.id));
  }
}
