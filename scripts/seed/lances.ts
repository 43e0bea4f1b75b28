import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { habilitacao, usuario, usuarioPapel } from '@db/schema';
import { PAPEL_CLIENTE } from '~/modules/dominio/papeis';

/*
 * The bid history behind the catalogue's bid counts: every seeded lot that shows N bids gets those N
 * bids (minimum, then one increment at a time), placed by a pool of participants of the brand that
 * includes its two demo clients, so "Meus lances" and every lot's history have something to show.
 * The lot's last-bid snapshot is then set from its last bid. Deterministic; skips lots that have bids.
 */

const PARTICIPANTES: [string, string][] = [
  ['Rafael Moreira', 'São Paulo/SP'],
  ['Aline Barbosa', 'Campinas/SP'],
  ['Thiago Nascimento', 'Belo Horizonte/MG'],
  ['Patrícia Gomes', 'Curitiba/PR'],
  ['Leandro Cardoso', 'Goiânia/GO'],
  ['Vanessa Ribeiro', 'Recife/PE'],
  ['Marcelo Teixeira', 'Salvador/BA'],
  ['Daniela Pinto', 'Porto Alegre/RS'],
  ['Gustavo Araújo', 'Belém/PA'],
  ['Renata Castro', 'Fortaleza/CE'],
  ['Felipe Correia', 'Ribeirão Preto/SP'],
  ['Camila Rocha', 'Uberlândia/MG'],
  ['Bruno Almeida', 'Londrina/PR'],
  ['Larissa Freitas', 'Florianópolis/SC'],
  ['Diego Martins', 'Campo Grande/MS'],
  ['Priscila Azevedo', 'Natal/RN'],
  ['André Vieira', 'Sorocaba/SP'],
  ['Tatiane Lima', 'Cuiabá/MT'],
  ['Rodrigo Batista', 'Vitória/ES'],
  ['Fernanda Duarte', 'Manaus/AM'],
  ['Lucas Monteiro', 'Joinville/SC'],
  ['Bianca Nunes', 'São Luís/MA'],
];

export async function seedLances(db: Db, hotsiteId: number): Promise<number> {
  // The pool: the brand's two demo clients and the participants (created once, no password).
  const demo = await db
    .select({ id: usuario.id, nome: usuario.nome })
    .from(usuario)
    .where(
      and(
        eq(usuario.hotsiteId, hotsiteId),
        inArray(usuario.email, [`cliente1@h${hotsiteId}.martelo.test`, `cliente2@h${hotsiteId}.martelo.test`]),
      ),
    )
    .orderBy(usuario.email);
  const emails = PARTICIPANTES.map((_, i) => `participante${i + 1}@h${hotsiteId}.martelo.test`);
  await db
    .insert(usuario)
    .values(PARTICIPANTES.map(([nome], i) => ({ hotsiteId, email: emails[i], nome })))
    .onConflictDoNothing();
  const criados = await db
    .select({ id: usuario.id, email: usuario.email })
    .from(usuario)
    .where(and(eq(usuario.hotsiteId, hotsiteId), inArray(usuario.email, emails)));
  await db
    .insert(usuarioPapel)
    .values(criados.map((u) => ({ usuarioId: u.id, papel: PAPEL_CLIENTE })))
    .onConflictDoNothing();
  const idDoEmail = new Map(criados.map((u) => [u.email, u.id]));
  const pool: { id: number; nome: string; cidade: string }[] = [
    ...demo.map((d, i) => ({ id: d.id, nome: d.nome, cidade: i === 0 ? 'São Paulo/SP' : 'Rio de Janeiro/RJ' })),
    ...PARTICIPANTES.map(([nome, cidade], i) => ({ id: idDoEmail.get(emails[i])!, nome, cidade })),
  ];
  const n = pool.length;
  // Consecutive bids of a lot come from different people: the step (7) is coprime with the pool size.
  const passo = n % 7 === 0 ? 5 : 7;
  const valores = sql.join(
    pool.map((p, k) => sql`(${k}::int, ${p.id}::int, apelido_de(${p.nome}::text), ${p.cidade}::text)`),
    sql`, `,
  );
  const r = await db.execute(sql`
    WITH pool(k, usuario_id, apelido, cidade) AS (VALUES ${valores}),
    alvo AS (
      SELECT l.id, l.hotsite_id, l.leilao_id, l.minimo, l.incremento, l.quantidade_lances AS q,
             least(coalesce(l.data_fim, now()), now()) AS fim,
             least(coalesce(l.data_inicio, coalesce(l.data_fim, now()) - interval '10 days'),
                   least(coalesce(l.data_fim, now()), now()) - interval '3 days') AS inicio
        FROM lote l
       WHERE l.hotsite_id = ${hotsiteId} AND l.quantidade_lances > 0
         AND NOT EXISTS (SELECT 1 FROM lance x WHERE x.lote_id = l.id)
    )
    INSERT INTO lance (hotsite_id, lote_id, leilao_id, usuario_id, valor, tipo, ordem, apelido, cidade, data)
    SELECT a.hotsite_id, a.id, a.leilao_id, p.usuario_id, a.minimo + (g.i - 1) * a.incremento,
           CASE WHEN (a.id + g.i) % 4 = 0 THEN 'Automático' ELSE 'Manual' END, g.i, p.apelido, p.cidade,
           a.inicio + (a.fim - a.inicio) * (g.i::float8 / (a.q + 1))
      FROM alvo a
      CROSS JOIN LATERAL generate_series(1, a.q) AS g(i)
      JOIN pool p ON p.k = (a.id * 3 + g.i * ${passo}) % ${n}`);
  await db.execute(sql`
    UPDATE lote l
       SET ultimo_lance_valor = b.valor, ultimo_lance_apelido = b.apelido, ultimo_lance_cidade = b.cidade,
           ultimo_lance_usuario_id = b.usuario_id, ultimo_lance_data = b.data
      FROM (SELECT DISTINCT ON (lote_id) lote_id, valor, apelido, cidade, usuario_id, data
              FROM lance WHERE hotsite_id = ${hotsiteId} ORDER BY lote_id, ordem DESC) b
     WHERE l.id = b.lote_id AND l.hotsite_id = ${hotsiteId}
       AND l.ultimo_lance_usuario_id IS DISTINCT FROM b.usuario_id`);
  return (r as { affectedRows?: number; rowCount?: number }).affectedRows ?? (r as { rowCount?: number }).rowCount ?? 0;
}

/**
 * Habilitation (issue #12): the brand's first demo client is enabled for every auction of the brand
 * (one brand-wide row, so auctions created later count too); the second for none, so both paths
 * (bid at once; "Habilitar-se para este leilão") can be tried.
 */
export async function seedHabilitacoes(db: Db, hotsiteId: number) {
  const [c1] = await db
    .select({ id: usuario.id })
    .from(usuario)
    .where(and(eq(usuario.hotsiteId, hotsiteId), eq(usuario.email, `cliente1@h${hotsiteId}.martelo.test`)));
  if (!c1) return;
  await db
    .insert(habilitacao)
    .values({ hotsiteId, usuarioId: c1.id, leilaoId: null, situacao: 'Habilitado', aceiteEm: new Date() })
    .onConflictDoNothing();
}
