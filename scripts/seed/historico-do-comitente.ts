import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { cliente, leilao, lote, usuario, usuarioPapel, veiculo, type SituacaoLote } from '@db/schema';
import { PAPEL_CLIENTE } from '~/modules/dominio/papeis';
import { criarOuAtualizarVenda, recalcularVenda, registrarEvento } from '~/modules/vendas/vendas.server';
import { linhas } from '~/utils/linhas.server';
import { chassi, gerador, placaMercosul, renavam } from './catalogo/documentos';
import { inicioDoDiaSaoPaulo } from './catalogo/index';
import { MODELOS, anosDoModelo, type Modelo } from './catalogo/referencias';
import { cpfDemo } from './identidade';
import { EMAIL_COMITENTE_DEMO } from './usuarios-comitente';

/*
 * The demo seller's sales history (#30, decision 202): five closed auctions of the last five months holding
 * the demo seller user's sellers' cars and pickups, so that /comitente/minha-pagina shows real figures on a
 * first start: sell-through per auction and month, hammer against minimum and FIPE, days to payment and to
 * pickup, documents pending, money received and to receive, and a suggested minimum for the models sold
 * most (two models, one model year each, in levels of 50% to 85% of FIPE that sell less the higher they
 * ask). Bought by three history buyers of the brand (arrematante1..3@h<ID>), so cliente1's and cliente2's
 * purchases stay as the sales demo left them. Deterministic per brand; skipped when the brand has it.
 *
 * The history is the past: nobody is told of it. The closing and pickup triggers write their notices (won,
 * picked up) in the auction's own transaction, which withdraws them before it commits, so the notifications'
 * job never sees them and no e-mail reaches the outbox (a first start's reset e-mails do not wait behind them).
 */

/** Days before today (São Paulo) of each history auction, oldest first, and its name. */
const LEILOES_DO_HISTORICO: [number, string][] = [
  [-150, 'Leilão Retomadas Bancárias'],
  [-120, 'Leilão Frota Corporativa'],
  [-90, 'Leilão Retomadas Bancárias'],
  [-60, 'Leilão Frota Corporativa'],
  [-45, 'Leilão Retomadas Bancárias'],
];
const LOTES_POR_LEILAO = 16;
/** The minimum against FIPE (percent) and the chance the lot sells, in turn: the market pays less above 70%. */
const FAIXAS: [number, number][] = [
  [50, 0.95],
  [55, 0.9],
  [60, 0.85],
  [65, 0.8],
  [70, 0.6],
  [75, 0.5],
  [80, 0.35],
  [85, 0.25],
];
const COMPRADORES = [
  { nome: 'Roberto Vasconcelos', telefone: '11976540011' },
  { nome: 'Fernanda Queiroz', telefone: '21976540022' },
  { nome: 'Alexandre Menezes Filho', telefone: '31976540033' },
];
const ESTADO = 'Bom';

/** The history's models: the catalogue's first car and first utility, a model year near their newest. */
function modelosDoHistorico(): { m: Modelo; ano: number; peso: number }[] {
  const [a] = MODELOS.carro;
  const [c] = MODELOS.utilitario;
  const ano = (m: Modelo) => {
    const [desde, ate] = anosDoModelo(m);
    return Math.max(desde, ate - 4);
  };
  return [
    { m: a, ano: ano(a), peso: 7 },
    { m: c, ano: ano(c), peso: 3 },
  ];
}

export async function seedHistoricoDoComitente(db: Db, hotsiteId: number, agora = new Date()): Promise<number> {
  const comitentes = linhas<{ id: number }>(
    await db.execute(sql`
      SELECT uc.comitente_id AS id FROM usuario_comitente uc JOIN usuario u ON u.id = uc.usuario_id
       WHERE uc.hotsite_id = ${hotsiteId} AND u.email = ${EMAIL_COMITENTE_DEMO} AND u.hotsite_id IS NULL ORDER BY uc.comitente_id`),
  ).map((c) => Number(c.id));
  if (!comitentes.length) return 0;
  const [ja] = linhas<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM usuario WHERE hotsite_id = ${hotsiteId} AND email LIKE 'arrematante%'`),
  );
  if (ja.n > 0) return 0;
  const [base] = linhas<Record<string, unknown>>(
    await db.execute(sql`
      SELECT h.tipo, (SELECT senha_hash FROM usuario WHERE hotsite_id = ${hotsiteId} AND email = ${`cliente1@h${hotsiteId}.martelo.test`}) AS senha_hash,
             (SELECT id FROM estado_conservacao WHERE nome = ${ESTADO}) AS estado,
             (SELECT id FROM patio WHERE hotsite_id = ${hotsiteId} AND ativo ORDER BY id LIMIT 1) AS patio,
             (SELECT id FROM leiloeiro WHERE hotsite_id = ${hotsiteId} ORDER BY id LIMIT 1) AS leiloeiro
        FROM hotsite h WHERE h.id = ${hotsiteId}`),
  );
  if (!base?.senha_hash || base.patio == null) return 0;
  const loja = base.tipo === 'loja';
  const patioId = Number(base.patio);
  const [p] = linhas<{ nome: string; cidade: string; estado_uf: string }>(
    await db.execute(sql`SELECT nome, cidade, estado_uf FROM patio WHERE id = ${patioId}`),
  );
  const rnd = gerador(hotsiteId * 104_729 + 30);
  const marcas = new Map(
    linhas<{ id: number; nome: string }>(await db.execute(sql`SELECT id, nome FROM marca`)).map((m) => [m.nome, Number(m.id)]),
  );

  // The history's buyers.
  const compradores: number[] = [];
  for (const [i, c] of COMPRADORES.entries()) {
    const email = `arrematante${i + 1}@h${hotsiteId}.martelo.test`;
    const [u] = await db
      .insert(usuario)
      .values({ hotsiteId, email, nome: c.nome, senhaHash: String(base.senha_hash), telefone: c.telefone })
      .returning({ id: usuario.id });
    await db.insert(usuarioPapel).values({ usuarioId: u.id, papel: PAPEL_CLIENTE });
    const agoraMesmo = new Date();
    await db.insert(cliente).values({
      hotsiteId,
      usuarioId: u.id,
      nome: c.nome,
      email,
      cpf: cpfDemo(String(100_000_000 + hotsiteId * 1000 + 500 + i * 37).slice(-9)),
      telefone: c.telefone,
      apelido: c.nome.split(' ')[0],
      carros: true,
      emailConfirmadoAt: agoraMesmo,
      telefoneConfirmadoAt: agoraMesmo,
    });
    compradores.push(u.id);
  }

  const hoje = inicioDoDiaSaoPaulo(agora);
  const modelos = modelosDoHistorico();
  const sorteio = modelos.flatMap((x) => Array<typeof x>(x.peso).fill(x));
  let n = 0;
  for (const [k, [dias, nome]] of LEILOES_DO_HISTORICO.entries()) {
    const data = new Date(hoje.getTime() + dias * 86_400_000 + 10 * 3_600_000);
    const sp = new Date(data.getTime() - 3 * 3_600_000);
    const rotulo = `${String(sp.getUTCDate()).padStart(2, '0')}/${String(sp.getUTCMonth() + 1).padStart(2, '0')}/${sp.getUTCFullYear()}`;
    const [le] = await db
      .insert(leilao)
      .values({
        hotsiteId,
        nome: `${loja ? nome.replace('Leilão', 'Evento') : nome} - ${rotulo}`,
        situacao: 'EXECUTADO',
        modalidade: 'Online',
        tipoOrigem: 'Amigavel',
        data,
        local: p.nome,
        cidade: p.cidade,
        estadoUf: p.estado_uf,
        patioId,
        leiloeiroId: base.leiloeiro == null ? null : Number(base.leiloeiro),
        editalUrl: '/regulamento',
      })
      .returning({ id: leilao.id });
    for (const c of comitentes)
      await db.execute(sql`INSERT INTO leilao_comitente (hotsite_id, leilao_id, comitente_id) VALUES (${hotsiteId}, ${le.id}, ${c})`);

    const itens = Array.from({ length: LOTES_POR_LEILAO }, (_, i) => {
      const { m, ano } = sorteio[Math.floor(rnd() * sorteio.length)];
      const [marcaNome, modeloNome, versao, baseReais, wmi, combustivel, tipoId] = m;
      const fipe = Math.round(baseReais * 0.92 ** Math.max(0, 2026 - ano) * (0.95 + rnd() * 0.1)) * 100;
      const [porcento, chance] = FAIXAS[(i + k * 3) % FAIXAS.length];
      const minimo = Math.round((fipe * porcento) / 100 / 100_00) * 100_00;
      const incremento = 500_00;
      const vendido = rnd() < chance;
      const lances = vendido ? 1 + Math.floor(rnd() * 12) : 0;
      const ordem = i + 1;
      return {
        comitenteId: comitentes[i % comitentes.length],
        nome: `${marcaNome} ${modeloNome} ${versao}`,
        modeloNome,
        marcaNome,
        versao,
        ano,
        combustivel,
        tipoId,
        wmi,
        fipe,
        minimo,
        incremento,
        vendido,
        lances,
        ordem,
        encerradoEm: new Date(data.getTime() + ordem * 90_000),
        arremate: vendido ? minimo + (lances - 1) * incremento : null,
      };
    });
    const veiculos = await db
      .insert(veiculo)
      .values(
        itens.map((it) => ({
          hotsiteId,
          nome: it.nome,
          modelo: it.modeloNome,
          versao: it.versao,
          veiculoTipoId: it.tipoId,
          marcaId: marcas.get(it.marcaNome) ?? null,
          estadoConservacaoId: base.estado == null ? null : Number(base.estado),
          comitenteId: it.comitenteId,
          patioId,
          anoFabricacao: it.ano - 1,
          anoModelo: it.ano,
          placa: placaMercosul(rnd),
          placaUfe: p.estado_uf,
          chassi: chassi(rnd, it.wmi.replace(/[IOQ]/g, 'A'), it.ano),
          renavam: renavam(rnd),
          possuiChave: true,
          km: Math.round((2026 - it.ano) * (9000 + rnd() * 8000)),
          combustivel: it.combustivel || null,
          cambio: rnd() < 0.55 ? 'Automático' : 'Manual',
          retomada: 'Financiamento',
          valorMercado: Math.round(it.fipe / 1.06 / 100) * 100,
          fipeNome: it.nome,
          fipeValor: it.fipe,
          prazoDocumento: 30,
        })),
      )
      .returning({ id: veiculo.id });
    const lotes = await db
      .insert(lote)
      .values(
        itens.map((it, i) => ({
          hotsiteId,
          leilaoId: le.id,
          veiculoId: veiculos[i].id,
          comitenteId: it.comitenteId,
          patioId,
          situacao: (it.vendido ? 'AG_PAGAMENTO' : i % 3 === 0 ? 'CONDICIONAL_NEGADA' : 'NAO_ARREMATADO') as SituacaoLote,
          nome: it.nome,
          numero: String(it.ordem).padStart(3, '0'),
          tipo: loja ? ('Proposta' as const) : ('Disputa' as const),
          descricao: `${it.nome}, ano ${it.ano - 1}/${it.ano}. Vendido no estado em que se encontra, sem garantia.`,
          somenteBuyNowProposta: loja,
          dataInicio: new Date(data.getTime() - 10 * 86_400_000),
          dataFim: it.encerradoEm,
          categoria: it.tipoId === MODELOS.utilitario[0][6] ? ('Utilitários' as const) : ('Carros' as const),
          veiculoTipoId: it.tipoId,
          marcaNome: it.marcaNome,
          modelo: it.modeloNome,
          anoModelo: it.ano,
          combustivel: it.combustivel || null,
          localizacaoCidade: p.cidade,
          localizacaoUf: p.estado_uf,
          minimo: it.minimo,
          incremento: it.incremento,
          comissaoPorcentagem: 500,
          despachante: 600_00,
          vistoria: 350_00,
          valorComitente: Math.round((it.minimo * 1.1) / 100_00) * 100_00,
          ultimoLanceValor: it.arremate,
          ultimoLanceApelido: it.vendido ? 'Arrematante' : null,
          ultimoLanceData: it.vendido ? new Date(it.encerradoEm.getTime() - 30_000) : null,
          quantidadeLances: it.lances,
        })),
      )
      .returning({ id: lote.id });
    const comprador = (i: number) => compradores[(i + k) % compradores.length];
    await db.execute(sql`
      INSERT INTO leilao_lote (hotsite_id, leilao_id, lote_id, situacao, ordem_leilao, arremate_valor)
      SELECT ${hotsiteId}, ${le.id}, x.lote, x.situacao, x.ordem, x.arremate
        FROM unnest(${`{${lotes.map((l) => l.id).join(',')}}`}::int[], ${`{${itens.map((it) => (it.vendido ? 'AG_PAGAMENTO' : 'NAO_ARREMATADO')).join(',')}}`}::text[],
                    ${`{${itens.map((it) => it.ordem).join(',')}}`}::int[], ${`{${itens.map((it) => it.arremate ?? 'NULL').join(',')}}`}::bigint[])
             AS x(lote, situacao, ordem, arremate)`);
    await db.execute(sql`
      INSERT INTO lote_foto (hotsite_id, lote_id, ordem, url, descricao)
      SELECT ${hotsiteId}, l, f, '/catalogo/foto/carro.svg?cor=prata&n=' || f, 'Foto ' || f
        FROM unnest(${`{${lotes.map((l) => l.id).join(',')}}`}::int[]) AS l, generate_series(1, 4) AS f`);
    await db.execute(sql`UPDATE lote SET quantidade_fotos = 4 WHERE id = ANY(${`{${lotes.map((l) => l.id).join(',')}}`}::int[])`);

    // Closings and sales, one transaction an auction (a commit is a disk sync on the embedded database): a
    // buyer's lots of one seller in one auction share one sale.
    const ids = (xs: readonly (number | null)[]) => `{${xs.map((x) => x ?? 'NULL').join(',')}}`;
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        INSERT INTO lote_encerramento (lote_id, hotsite_id, situacao, valor, usuario_id, encerrado_em)
        SELECT x.lote, ${hotsiteId}, CASE WHEN x.valor IS NULL THEN 'NAO_ARREMATADO' ELSE 'AG_PAGAMENTO' END, x.valor, x.usuario, x.em
          FROM unnest(${ids(lotes.map((l) => l.id))}::int[], ${ids(itens.map((it) => it.arremate))}::bigint[],
                      ${ids(itens.map((it, i) => (it.vendido ? comprador(i) : null)))}::int[],
                      ${`{${itens.map((it) => it.encerradoEm.toISOString()).join(',')}}`}::timestamptz[]) AS x(lote, valor, usuario, em)`);
      const vendas = new Map<number, { lotes: number[]; encerradoEm: Date }>();
      for (const [i, it] of itens.entries()) {
        if (!it.vendido) continue;
        const loteId = lotes[i].id;
        const { vendaId } = await criarOuAtualizarVenda(tx, { hotsiteId, loteId, usuarioId: comprador(i), valor: it.arremate! });
        const v = vendas.get(vendaId) ?? { lotes: [], encerradoEm: it.encerradoEm };
        v.lotes.push(loteId);
        vendas.set(vendaId, v);
      }
      // Older auctions are paid and picked up; the newest still has sales to pay and cars in the yard.
      const ultimo = k === LEILOES_DO_HISTORICO.length - 1;
      let j = 0;
      const fim: { lote: number; situacao: string; documentos: Date | null }[] = [];
      for (const [vendaId, v] of vendas) {
        const paga = !ultimo || j % 3 !== 0;
        const retirada = paga && !ultimo && j % 5 !== 4;
        j++;
        const pagoEm = new Date(v.encerradoEm.getTime() + (1 + Math.floor(rnd() * 4)) * 86_400_000 + 5 * 3_600_000);
        const retiradaEm = new Date(pagoEm.getTime() + (2 + Math.floor(rnd() * 9)) * 86_400_000);
        if (paga) {
          const [t] = linhas<{ total: number }>(await tx.execute(sql`SELECT total FROM venda WHERE id = ${vendaId}`));
          await tx.execute(sql`INSERT INTO pagamento (hotsite_id, venda_id, tipo, valor, situacao, registrado_por, respondido_por, respondido_at, data_pagamento)
                                VALUES (${hotsiteId}, ${vendaId}, 'DEPOSITO', ${Number(t.total)}, 'aprovado', 'Arrematante', 'Acerto',
                                        ${pagoEm.toISOString()}, ${pagoEm.toISOString()})`);
          await recalcularVenda(tx, hotsiteId, vendaId);
          await tx.execute(sql`UPDATE venda SET metodo_entrega = 'Retirada', patio_id = ${patioId}, agendado_horario = ${retiradaEm.toISOString()},
                                situacao_entrega = ${retirada ? 'entregue' : 'aguardando_retirada'} WHERE id = ${vendaId}`);
          if (retirada) await registrarEvento(tx, { hotsiteId, vendaId, texto: 'Entregue', autor: 'Pátio' });
        }
        const situacao = retirada ? 'RETIRADO' : paga ? 'PAGO' : 'AG_PAGAMENTO';
        // The house has the transfer documents of the older auctions' cars, and of half the last month's.
        const documentos = paga && (k < LEILOES_DO_HISTORICO.length - 2 || j % 2 === 0) ? retiradaEm : null;
        for (const l of v.lotes) fim.push({ lote: l, situacao, documentos });
      }
      // Each sold lot follows its sale, in four statements for the whole auction.
      const pares = sql`unnest(${ids(fim.map((f) => f.lote))}::int[], ${`{${fim.map((f) => f.situacao).join(',')}}`}::text[],
                               ${`{${fim.map((f) => (f.documentos ? f.documentos.toISOString() : 'NULL')).join(',')}}`}::timestamptz[]) AS f(lote, situacao, documentos)`;
      await tx.execute(sql`UPDATE lote l SET situacao = f.situacao FROM ${pares} WHERE l.id = f.lote`);
      await tx.execute(sql`UPDATE leilao_lote ll SET situacao = f.situacao FROM ${pares} WHERE ll.lote_id = f.lote`);
      await tx.execute(sql`UPDATE lote_encerramento e SET situacao = f.situacao FROM ${pares} WHERE e.lote_id = f.lote`);
      await tx.execute(sql`UPDATE veiculo v SET documentos_recebidos_em = f.documentos FROM ${pares}, lote l
                            WHERE l.id = f.lote AND v.id = l.veiculo_id AND f.documentos IS NOT NULL`);
      // Months-old news: the notices the triggers wrote in this transaction (won, picked up) go before it
      // commits, so nothing is ever spread to a channel or queued in the outbox.
      await tx.execute(sql`DELETE FROM notificacao WHERE hotsite_id = ${hotsiteId} AND usuario_id = ANY(${ids(compradores)}::int[])`);
    });
    n += itens.length;
  }
  return n;
}
