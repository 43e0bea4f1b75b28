import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { linhas } from '~/utils/linhas.server';
import { EMAIL_COMITENTE_DEMO } from './usuarios-comitente';

/*
 * Demo seller integration (issue #30): the brand's consignor groups as records, the integrators' tags, the
 * vehicles that came from an integrator (insurers' through Mapfre, banks' through Bradesco or Pan, and those
 * of the demo seller user's sellers) with their external ids, situations and tags, and a month of exchanges in
 * the integration log, a few of them refused, so the dashboard and the integration lots show a living picture.
 * Idempotent: skipped when the brand already has tags. Runs after the removals (their log rows stay).
 */

const NOMES_GRUPO: Record<string, string> = {
  BANCO: 'Bancos e financeiras',
  SEGURADORA: 'Seguradoras',
  FROTA: 'Frotas e locadoras',
  JUDICIAL: 'Varas e tribunais',
  PUBLICO: 'Órgãos públicos',
};

const TAGS = [
  { integradora: 'Mapfre', chave: 'PT', nome: 'Perda total' },
  { integradora: 'Mapfre', chave: 'RF', nome: 'Roubo e furto recuperado' },
  { integradora: 'Mapfre', chave: 'PP', nome: 'Pequena monta' },
  { integradora: 'Bradesco', chave: 'RET-FIN', nome: 'Retomada de financiamento' },
  { integradora: 'Bradesco', chave: 'DEV-AMG', nome: 'Devolução amigável' },
  { integradora: 'Pan', chave: 'BUSCA-APR', nome: 'Busca e apreensão' },
  { integradora: 'Pan', chave: 'LEVE', nome: 'Veículo leve' },
  { integradora: 'Detran', chave: 'REMOVIDO-60', nome: 'Removido há mais de 60 dias' },
] as const;

const SITUACOES_EXTERNAS = ['RECEBIDO', 'EM_PATIO', 'LIBERADO_VENDA', 'VENDIDO', 'AGUARDANDO_DOCUMENTO'];
const DESPACHANTE = ['DOCUMENTO_OK', 'AGUARDANDO_BAIXA', 'PENDENTE_CRLV', null];

const URL: Record<string, string> = {
  Mapfre: 'https://api.mapfre.com.br/salvados/v1/eventos',
  Bradesco: 'https://retomadas.bradesco.com.br/api/v2/veiculos/situacao',
  Pan: 'https://parceiros.bancopan.com.br/v2/retomadas/eventos',
  Detran: 'https://www.detran.sp.gov.br/leiloes/api/v1/itens',
};

const ERROS: Record<string, string> = {
  Bradesco: 'Contrato não localizado para o chassi informado',
  Pan: 'Tempo de resposta esgotado (40 s) ao enviar a situação do veículo',
  Detran: 'Item já baixado no Detran: situação não pode ser alterada',
};

const instante = (diasAtras: number, minutos: number) =>
  sql`now() - make_interval(days => ${diasAtras}) + make_interval(mins => ${minutos})`;

export async function seedIntegracao(db: Db, hotsiteId: number) {
  // Every sigla in use becomes a record (a brand seeded after migration 0034 has none yet).
  await db.execute(sql`INSERT INTO comitente_grupo (hotsite_id, cog_sigla, nome)
    SELECT DISTINCT c.hotsite_id, c.grupo, coalesce(n.nome, initcap(lower(c.grupo)))
      FROM comitente c LEFT JOIN (VALUES ${sql.join(
        Object.entries(NOMES_GRUPO).map(([s, n]) => sql`(${s}, ${n})`),
        sql`, `,
      )}) AS n(sigla, nome) ON n.sigla = c.grupo
     WHERE c.hotsite_id = ${hotsiteId} AND c.grupo IS NOT NULL AND btrim(c.grupo) <> ''
    ON CONFLICT (hotsite_id, cog_sigla) DO NOTHING`);

  const ja = linhas(await db.execute(sql`SELECT 1 FROM comitente_integracao_tag WHERE hotsite_id = ${hotsiteId} LIMIT 1`));
  if (ja.length) return;
  const tags = linhas<{ id: number; integradora: string }>(
    await db.execute(sql`INSERT INTO comitente_integracao_tag (hotsite_id, nome, chave, integradora)
      VALUES ${sql.join(
        TAGS.map((t) => sql`(${hotsiteId}, ${t.nome}, ${t.chave}, ${t.integradora})`),
        sql`, `,
      )} RETURNING id, integradora`),
  );

  // Up to 12 vehicles in auctions per seller: the insurers' and banks' sellers, and the demo seller user's.
  const veiculos = linhas<{ id: number; comitenteId: number; grupo: string | null; chassi: string | null; n: number }>(
    await db.execute(sql`
      SELECT id, "comitenteId", grupo, chassi, n FROM (
        SELECT v.id, v.comitente_id AS "comitenteId", c.grupo, v.chassi,
               row_number() OVER (PARTITION BY v.comitente_id ORDER BY v.id) AS n
          FROM veiculo v JOIN comitente c ON c.id = v.comitente_id AND c.hotsite_id = v.hotsite_id
         WHERE v.hotsite_id = ${hotsiteId}
           AND EXISTS (SELECT 1 FROM lote lo WHERE lo.veiculo_id = v.id AND lo.hotsite_id = v.hotsite_id AND lo.leilao_id IS NOT NULL)
           AND (c.grupo IN ('SEGURADORA', 'BANCO')
                OR c.id IN (SELECT uc.comitente_id FROM usuario_comitente uc JOIN usuario u ON u.id = uc.usuario_id
                             WHERE uc.hotsite_id = ${hotsiteId} AND u.email = ${EMAIL_COMITENTE_DEMO}))
      ) x WHERE n <= 12 ORDER BY id`),
  );
  for (const [i, v] of veiculos.entries()) {
    const integradora =
      v.grupo === 'SEGURADORA' ? 'Mapfre' : v.grupo === 'BANCO' ? (Number(v.comitenteId) % 2 ? 'Bradesco' : 'Pan') : 'Detran';
    const externo = `${integradora.slice(0, 3).toUpperCase()}-${String(2026_000_000 + Number(v.id) * 7919).slice(-9)}`;
    await db.execute(sql`INSERT INTO comitente_integracao_veiculo (hotsite_id, veiculo_id, integradora, externo_veiculo_id, externo_vei_situacao,
        externo_vei_despachante_situacao)
      VALUES (${hotsiteId}, ${v.id}, ${integradora}, ${externo}, ${SITUACOES_EXTERNAS[i % SITUACOES_EXTERNAS.length]},
              ${DESPACHANTE[i % DESPACHANTE.length]})
      ON CONFLICT (veiculo_id) DO NOTHING`);
    const daIntegradora = tags.filter((t) => t.integradora === integradora);
    const tag = daIntegradora[i % daIntegradora.length];
    if (tag) {
      await db.execute(sql`INSERT INTO comitente_integracao_veiculo_tag (hotsite_id, veiculo_id, tag_id) VALUES (${hotsiteId}, ${v.id}, ${tag.id})
                           ON CONFLICT DO NOTHING`);
    }
    // The vehicle's registration, received from the integrator, then the situations sent back to it.
    const diasAtras = 2 + ((i * 7) % 28);
    const eventos: { tipo: string; corpo: unknown; resposta: unknown; erro: string | null; ms: number; minutos: number }[] = [
      {
        tipo: 'webhook',
        corpo: { event: { eventCode: 'S01', eventName: 'Cadastro do veículo' }, veiculo: { id: externo, chassi: v.chassi } },
        resposta: { status: 'EST01' },
        erro: null,
        ms: 180 + (i % 9) * 23,
        minutos: 0,
      },
      {
        tipo: 'api',
        corpo: { veiculoId: externo, situacao: SITUACOES_EXTERNAS[(i + 1) % SITUACOES_EXTERNAS.length] },
        resposta: { status: 'EST02' },
        erro: null,
        ms: 240 + (i % 7) * 31,
        minutos: 60 * 24,
      },
    ];
    // One exchange in six is refused or times out, so the dashboard has errors to show.
    if (i % 6 === 3) {
      eventos.push(
        integradora === 'Mapfre'
          ? {
              tipo: 'api',
              corpo: { businessData: { type: 'status_update', statusCode: 'S07', statusName: 'Veículo vendido' } },
              resposta: { status: 'EST03', errors: ['Lote sem nota de venda anexada'] },
              erro: null,
              ms: 610,
              minutos: 60 * 30,
            }
          : {
              tipo: 'api',
              corpo: { veiculoId: externo, situacao: 'VENDIDO' },
              resposta: null,
              erro: ERROS[integradora] ?? null,
              ms: 40_000,
              minutos: 60 * 30,
            },
      );
    }
    for (const e of eventos) {
      await db.execute(sql`INSERT INTO comitente_integracao_log (hotsite_id, cli_uid, integradora, tipo, url, body, response, error, tempo_resposta,
          veiculo_id, created_at, updated_at)
        VALUES (${hotsiteId}, ${externo}, ${integradora}, ${e.tipo}, ${URL[integradora]}, ${JSON.stringify(e.corpo)}::jsonb,
                ${e.resposta == null ? null : JSON.stringify(e.resposta)}::jsonb, ${e.erro}, ${e.ms}, ${v.id},
                ${instante(diasAtras, e.minutos)}, ${instante(diasAtras, e.minutos)})`);
    }
  }
}
