/**
 * Bulk import throughput (issue #13): a 10,000-row CSV of vehicles and lots into one auction, through
 * the same functions the import screen and POST /v1/leiloes/{id}/importacao use (read the sheet,
 * validate every row, import in batches of 500 rows per transaction). Prints rows/s for reading and
 * validating, for the import, and for a second run of the same file (every row matched by chassis or
 * plate and updated: the idempotent re-run).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx scripts/bench/importacao.ts [linhas]
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { usuario as usuarioTabela } from '@db/schema';
import { openDatabase } from '@db/client.server';
import { importarLinhas, lerPlanilha, validarLinhas } from '~/modules/backoffice/importacao.server';
import { criarLeilao } from '~/modules/backoffice/leiloes.server';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { seedDemo } from '@scripts/seed/index';
import { exigir, PREFIXO_DO_ESQUEMA } from './comum';

const LINHAS = Number(process.argv[2] ?? 10_000);
const url = exigir('DATABASE_URL');
const schema = `${PREFIXO_DO_ESQUEMA}_imp_${randomBytes(4).toString('hex')}`;

const LETRAS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
function placa(i: number) {
  const l = (n: number) => LETRAS[n % LETRAS.length];
  return `${l(i)}${l(Math.floor(i / 23))}${l(Math.floor(i / 529))}${i % 10}${l(Math.floor(i / 7))}${String(i % 100).padStart(2, '0')}`;
}
const chassi = (i: number) => `9BW${String(i).padStart(14, '0')}`;

function csv(n: number) {
  const modelos = [
    ['Volkswagen', 'Gol', '1.0'],
    ['Fiat', 'Argo', 'Drive 1.3'],
    ['Chevrolet', 'Onix', 'LT 1.0'],
    ['Toyota', 'Corolla', 'XEi 2.0'],
  ];
  const linhas = ['tipo;marca;modelo;versao;anoFabricacao;anoModelo;cor;placa;chassi;km;combustivel;minimo;incremento;valorComitente'];
  for (let i = 0; i < n; i++) {
    const [marca, modelo, versao] = modelos[i % modelos.length];
    linhas.push(
      `Automóvel;${marca};${modelo};${versao};2019;2020;Prata;${placa(i)};${chassi(i)};${10_000 + i};Flex;${(15_000 + (i % 50) * 100).toLocaleString('pt-BR')},00;200;18000`,
    );
  }
  return Buffer.from(linhas.join('\n'), 'utf8');
}

const database = await openDatabase({ url, schema, max: 8 });
try {
  await database.migrate();
  await seedDemo(database, { lotesPorMarca: 5 });
  const db = database.db;
  const [adm] = await db.select({ id: usuarioTabela.id }).from(usuarioTabela).where(eq(usuarioTabela.email, 'admin@martelo.test'));
  const usuario = { id: adm.id, papeis: [PAPEIS_INTERNOS.ADM] };
  const { id: leilaoId } = await criarLeilao({
    db,
    hotsiteId: 1,
    usuarioId: adm.id,
    entrada: { nome: 'Leilão benchmark', dia: new Date(Date.now() + 7 * 86_400_000) },
  });
  const arquivo = csv(LINHAS);

  const rodar = async () => {
    const t0 = performance.now();
    const { linhas } = await lerPlanilha({ nome: 'bench.csv', conteudo: arquivo });
    const validadas = await validarLinhas({ db, hotsiteId: 1, usuario, linhas });
    const validas = validadas.filter((l) => l.ok);
    if (validas.length !== LINHAS) throw new Error(`linhas inválidas: ${LINHAS - validas.length}`);
    const t1 = performance.now();
    const r = await importarLinhas({ db, hotsiteId: 1, usuarioId: adm.id, leilaoId, linhas: validas });
    const t2 = performance.now();
    return {
      ler: (LINHAS / (t1 - t0)) * 1000,
      importar: (LINHAS / (t2 - t1)) * 1000,
      total: (LINHAS / (t2 - t0)) * 1000,
      s: (t2 - t0) / 1000,
      ...r,
    };
  };
  const primeira = await rodar();
  const segunda = await rodar();
  const f = (n: number) => Math.round(n).toLocaleString('pt-BR');
  console.log(`importação de ${f(LINHAS)} linhas (CSV, PostgreSQL):`);
  console.log(`  ler + validar:        ${f(primeira.ler)} linhas/s`);
  console.log(`  importar (criar):     ${f(primeira.importar)} linhas/s  (${primeira.criados} criados)`);
  console.log(`  total 1ª execução:    ${f(primeira.total)} linhas/s  (${primeira.s.toFixed(1)} s)`);
  console.log(
    `  total 2ª execução:    ${f(segunda.total)} linhas/s  (${segunda.s.toFixed(1)} s; ${segunda.atualizados} atualizados, ${segunda.criados} criados)`,
  );
} finally {
  await database.close();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await c.end();
}
