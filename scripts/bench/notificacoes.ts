/**
 * Notifications (issue #32) on PostgreSQL:
 *  - an outbid reaching 5,000 subscribers: the notices queued in one statement (goal < 1 s), then spread
 *    into their deliveries by the job (`distribuir`, batches of 500);
 *  - 10,000 saved searches matched against 1,000 newly released lots: one instant digest run (goal < 5 s).
 * Median of 3 runs each, on a fresh schema with the demo seed.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx scripts/bench/notificacoes.ts [assinantes=5000] [buscas=10000] [lotes=1000]
 */
import { sql } from 'drizzle-orm';
import { distribuir } from '~/modules/notificacoes/despacho.server';
import { enviarResumoDeBuscas } from '~/modules/notificacoes/buscas-salvas.server';
import { enfileirarNotificacoes } from '~/modules/notificacoes/fila.server';
import { linhas } from '~/utils/linhas.server';
import { abrirBanco, criarLote } from './comum';

const ASSINANTES = Number(process.argv[2] ?? 5_000);
const BUSCAS = Number(process.argv[3] ?? 10_000);
const LOTES = Number(process.argv[4] ?? 1_000);
const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (t0: number) => performance.now() - t0;

const banco = await abrirBanco();
const { db } = banco;
try {
  const ids = linhas<{ id: number }>(
    await db.execute(sql`
      INSERT INTO usuario (hotsite_id, email, nome)
      SELECT 1, 'assinante-' || g || '@bench.test', 'Assinante ' || g FROM generate_series(1, ${ASSINANTES}::int) g
      RETURNING id`),
  ).map((r) => r.id);

  // 1. The outbid fan-out: queue, then spread.
  const fila: number[] = [];
  const espalhar: number[] = [];
  for (let rodada = 0; rodada < 3; rodada++) {
    const { loteId } = await criarLote(db);
    let t0 = performance.now();
    const n = await enfileirarNotificacoes({
      db,
      hotsiteId: 1,
      evento: 'lance-superado',
      usuarioIds: ids,
      loteId,
      chave: String(rodada),
      dados: { valor: 1_500_00 },
    });
    fila.push(ms(t0));
    if (n !== ASSINANTES) throw new Error(`enfileiradas ${n} de ${ASSINANTES}`);
    t0 = performance.now();
    while ((await distribuir({ db })).length > 0);
    espalhar.push(ms(t0));
  }

  // 2. Saved searches: 10,000 searches of varied filters; 1,000 lots released after them.
  const marcas = ['Volkswagen', 'Fiat', 'Chevrolet', 'Ford', 'Toyota', 'Honda', 'Hyundai', 'Renault', 'Jeep', 'Nissan'];
  const ufs = ['SP', 'RJ', 'MG', 'PR', 'RS', 'SC', 'BA', 'GO', 'PE', 'DF'];
  const arr = (xs: string[]) => sql.raw(`ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`);
  const resumo: number[] = [];
  const achadas: number[] = [];
  for (let rodada = 0; rodada < 3; rodada++) {
    await db.execute(sql`DELETE FROM busca_salva`);
    await db.execute(sql`
      INSERT INTO busca_salva (hotsite_id, usuario_id, filtros, frequencia, visto_ate)
      SELECT 1, ${sql.raw(`(ARRAY[${ids.slice(0, 1000).join(',')}])`)}[1 + g % 1000],
             jsonb_strip_nulls(jsonb_build_object(
               'marca', CASE WHEN g % 3 <> 0 THEN jsonb_build_array((${arr(marcas)})[1 + g % 10]) END,
               'uf', CASE WHEN g % 4 = 0 THEN jsonb_build_array((${arr(ufs)})[1 + (g / 10) % 10]) END,
               'anoMin', CASE WHEN g % 5 = 0 THEN 2015 + g % 6 END,
               'valorMax', CASE WHEN g % 2 = 0 THEN (20000 + (g % 10) * 10000) * 100 END,
               'texto', CASE WHEN g % 7 = 0 THEN 'flex' END)),
             'instantanea', clock_timestamp() - interval '1 minute'
        FROM generate_series(1, ${BUSCAS}::int) g`);
    const [{ veiculo_tipo }] = linhas<{ veiculo_tipo: number }>(await db.execute(sql`SELECT min(id) AS veiculo_tipo FROM veiculo_tipo`));
    await db.execute(sql`
      WITH v AS (
        INSERT INTO veiculo (hotsite_id, nome, modelo, veiculo_tipo_id)
        SELECT 1, 'Bench ' || g, 'Modelo', ${veiculo_tipo} FROM generate_series(1, ${LOTES}::int) g RETURNING id
      )
      INSERT INTO lote (hotsite_id, veiculo_id, situacao, nome, numero, categoria, veiculo_tipo_id, minimo, incremento,
                        marca_nome, localizacao_uf, ano_modelo, data_inicio, data_fim)
      SELECT 1, v.id, 'LIBERADO_LEILAO', (${arr(marcas)})[1 + v.id % 10] || CASE WHEN v.id % 3 = 0 THEN ' 1.6 Flex' ELSE ' 2.0' END,
             v.id::text, 'Carros', ${veiculo_tipo}, (15000 + (v.id % 20) * 5000) * 100, 10000,
             (${arr(marcas)})[1 + v.id % 10], (${arr(ufs)})[1 + (v.id / 7) % 10], 2010 + v.id % 15,
             clock_timestamp(), clock_timestamp() + interval '7 days'
        FROM v`);
    const t0 = performance.now();
    achadas.push(await enviarResumoDeBuscas({ db, frequencia: 'instantanea' }));
    resumo.push(ms(t0));
  }

  console.log(
    JSON.stringify(
      {
        assinantes: ASSINANTES,
        enfileirarMs: fila.map(Math.round),
        enfileirarMedianaMs: Math.round(mediana(fila)),
        distribuirMs: espalhar.map(Math.round),
        buscas: BUSCAS,
        lotes: LOTES,
        resumoMs: resumo.map(Math.round),
        resumoMedianaMs: Math.round(mediana(resumo)),
        buscasComNovidade: achadas,
      },
      null,
      2,
    ),
  );
} finally {
  await banco.descartar();
}
