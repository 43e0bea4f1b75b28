/**
 * The seller's page for a seller with 50,000 lots (#30; goal: page and charts p95 < 200 ms on PostgreSQL).
 * A schema `bench_comitente` (kept between runs, rebuilt when its size differs) holds brand 1 with one seller
 * of 50,000 lots in 100 auctions (half sold, sales and payments for them, FIPE on the vehicles); a seller user
 * tied to it asks, one request at a time after a warm-up, the whole page (lots, offers, the five charts'
 * rows, suggested minimum), the page of one auction, the page's data alone (`?_data`) and a chart's CSV.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx scripts/bench/comitente.ts [pedidos=60]
 */
import './modo-producao';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '@db/client.server';
import { criarSessao } from '~/modules/identidade/sessions.server';
import { cookieDeLogin } from '~/utils/cookie-de-sessao.server';
import { env, exigir, percentil, PREFIXO_DO_ESQUEMA, servidorCompilado } from './comum';

const LOTES = 50_000;
const LEILOES = 100;
const SCHEMA = `${PREFIXO_DO_ESQUEMA}_comitente`;
const PEDIDOS = Number(process.argv[2] ?? 60);
const url = exigir('DATABASE_URL');
const { createMartelo } = await servidorCompilado();

const contar = async (db: Awaited<ReturnType<typeof openDatabase>>['db']) =>
  Number(
    (
      (
        await db.execute(
          sql`SELECT count(*)::int AS n FROM lote l JOIN comitente c ON c.id = l.comitente_id WHERE c.nome_site = 'Banco Bench'`,
        )
      ).rows[0] as { n: number }
    ).n,
  );

let database = await openDatabase({ url, schema: SCHEMA, max: 8 });
await database.migrate();
if ((await contar(database.db)) !== LOTES) {
  await database.close();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  await c.end();
  database = await openDatabase({ url, schema: SCHEMA, max: 8 });
  await database.migrate();
  const t0 = performance.now();
  const { lerPastaDaMarca, pastasDemo } = await import('@tenants/brand-folder.server');
  const { onboardHotsite } = await import('~/modules/hotsites/onboard.server');
  const { seedReferencias } = await import('../seed/catalogo/index');
  for (const pasta of pastasDemo()) await onboardHotsite(database.db, lerPastaDaMarca(pasta));
  await seedReferencias(database.db);
  const db = database.db;
  await db.execute(sql`INSERT INTO veiculo_tipo (id, nome, categoria) VALUES (1, 'Automóvel', 'Carros') ON CONFLICT DO NOTHING`);
  await db.execute(sql`INSERT INTO comitente (hotsite_id, nome_site) VALUES (1, 'Banco Bench'), (1, 'Outro Banco')`);
  await db.execute(sql`INSERT INTO leilao (hotsite_id, nome, situacao, data)
                        SELECT 1, 'Leilão Bench ' || g, 'EXECUTADO', now() - (g || ' days')::interval FROM generate_series(1, ${LEILOES}) g`);
  await db.execute(sql`INSERT INTO veiculo (hotsite_id, nome, modelo, veiculo_tipo_id, ano_modelo, fipe_valor, placa, documentos_recebidos_em)
                        SELECT 1, 'Gol ' || g, (ARRAY['Gol','Onix','HB20','Strada','Corolla'])[1 + g % 5], 1, 2012 + g % 12,
                               3000000 + (g % 50) * 100000, 'BEN' || lpad((g % 10000)::text, 4, '0'),
                               CASE WHEN g % 3 = 0 THEN NULL ELSE now() END
                          FROM generate_series(1, ${LOTES}) g`);
  await db.execute(sql`
    INSERT INTO lote (hotsite_id, veiculo_id, leilao_id, comitente_id, situacao, nome, numero, categoria, veiculo_tipo_id, modelo,
                      minimo, incremento, valor_comitente, ultimo_lance_valor, quantidade_lances, data_fim)
    SELECT 1, v.id, le.id, c.id, CASE WHEN v.n % 2 = 0 THEN 'PAGO' WHEN v.n % 7 = 0 THEN 'CONDICIONAL' ELSE 'NAO_ARREMATADO' END,
           v.nome, lpad((v.n % 500)::text, 3, '0'), 'Carros', 1, v.modelo, v.fipe_valor * 6 / 10, 10000, v.fipe_valor * 8 / 10,
           CASE WHEN v.n % 2 = 0 OR v.n % 7 = 0 THEN v.fipe_valor * 7 / 10 END, 3, le.data + interval '2 hours'
      FROM (SELECT id, nome, modelo, fipe_valor, row_number() OVER (ORDER BY id) AS n FROM veiculo WHERE hotsite_id = 1) v
      JOIN (SELECT id, data, row_number() OVER (ORDER BY id) AS k FROM leilao WHERE hotsite_id = 1) le ON le.k = 1 + v.n % ${LEILOES}
      CROSS JOIN (SELECT id FROM comitente WHERE nome_site = 'Banco Bench') c`);
  await db.execute(sql`INSERT INTO usuario (hotsite_id, email, nome) VALUES (1, 'comprador@bench.test', 'Comprador Bench')`);
  await db.execute(sql`
    INSERT INTO venda (hotsite_id, usuario_id, leilao_id, comitente_id, situacao, hash_qrcode, data_pagamento, arremate, total,
                       situacao_entrega, agendado_horario)
    SELECT 1, u.id, l.leilao_id, l.comitente_id, 'Fechada', 'bench-' || l.id, l.data_fim + interval '2 days', l.ultimo_lance_valor,
           l.ultimo_lance_valor + l.ultimo_lance_valor / 20, CASE WHEN l.id % 4 = 0 THEN 'entregue' ELSE 'aguardando_retirada' END,
           l.data_fim + interval '6 days'
      FROM lote l CROSS JOIN (SELECT id FROM usuario WHERE email = 'comprador@bench.test') u WHERE l.situacao = 'PAGO'`);
  await db.execute(sql`INSERT INTO venda_item (hotsite_id, venda_id, lote_id, valor, comissao, total)
                        SELECT 1, v.id, l.id, l.ultimo_lance_valor, l.ultimo_lance_valor / 20, v.total
                          FROM venda v JOIN lote l ON v.hash_qrcode = 'bench-' || l.id`);
  await db.execute(sql`INSERT INTO pagamento (hotsite_id, venda_id, tipo, valor, situacao, data_pagamento)
                        SELECT 1, id, 'BOLETO', total, 'aprovado', data_pagamento - interval '1 day' FROM venda WHERE id % 3 <> 0`);
  await db.execute(sql`analyze`);
  console.log(`semeado: ${LOTES} lotes de um comitente em ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
const n = await contar(database.db);
if (n !== LOTES) throw new Error(`o esquema tem ${n} lotes do comitente, não ${LOTES}: nenhum número foi medido`);
console.log(`lotes do comitente (conferido no banco): ${n}`);

// A seller user tied to the seller, logged in on brand 1.
const db = database.db;
const [u] = (
  await db.execute(
    sql`INSERT INTO usuario (email, nome) VALUES ('vendedor-' || gen_random_uuid() || '@bench.test', 'Vendedor Bench') RETURNING id`,
  )
).rows as { id: number }[];
await db.execute(sql`INSERT INTO usuario_papel (usuario_id, papel) VALUES (${u.id}, 'Interno - Comitente')`);
await db.execute(sql`INSERT INTO usuario_comitente (hotsite_id, usuario_id, comitente_id)
                      SELECT 1, ${u.id}, id FROM comitente WHERE nome_site = 'Banco Bench'`);
const { token, expiraEm } = await criarSessao({ db, usuarioId: u.id, hotsiteId: 1 });
const cookie = (await cookieDeLogin(token, expiraEm, false)).split(';')[0];
const [{ uid: leilaoUid }] = (await db.execute(sql`SELECT uid FROM leilao WHERE hotsite_id = 1 ORDER BY data DESC LIMIT 1`)).rows as {
  uid: string;
}[];

const app = await createMartelo({ env: { ...env, LOG_LEVEL: 'silent' }, database, encerrador: false });
const { port } = await app.listen(0, '127.0.0.1');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const pedir = (caminho: string) =>
  new Promise<number>((resolve, reject) => {
    const t0 = performance.now();
    http
      .get({ host: '127.0.0.1', port, path: caminho, agent, headers: { host: `h1.localhost:${port}`, cookie } }, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? resolve(performance.now() - t0) : reject(new Error(`${caminho}: ${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });

const CAMINHOS = [
  '/comitente/minha-pagina',
  `/comitente/minha-pagina?leilao=${leilaoUid}`,
  '/comitente/minha-pagina?agrupar=mes&modelo=Onix&ano=2018&fipe=45.000,00',
  '/comitente/minha-pagina?_data=routes%2Fcomitente.minha-pagina',
  '/comitente/minha-pagina/exportar?grafico=dinheiro&formato=csv',
];
console.log(`| pedido | p50 | p95 | máx | (${PEDIDOS} pedidos, um por vez, após 10 de aquecimento) |`);
for (const c of CAMINHOS) {
  for (let i = 0; i < 10; i++) await pedir(c);
  const tempos: number[] = [];
  for (let i = 0; i < PEDIDOS; i++) tempos.push(await pedir(c));
  tempos.sort((a, b) => a - b);
  const f = (x: number) => `${x.toFixed(0)} ms`;
  console.log(
    `| \`${c.replace(leilaoUid, '{uid}')}\` | ${f(percentil(tempos, 50))} | ${f(percentil(tempos, 95))} | ${f(tempos[tempos.length - 1])} |`,
  );
}
agent.destroy();
await app.close();
await database.close();
