import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { linhas } from '~/utils/linhas.server';

/*
 * The staff's daily work for the demo (issue #33): three incidents per brand (one open about a client,
 * one under way about a lot, one closed with its comments), an address range and a device blocked with the
 * attempts they refused. Blocks use the documentation range 192.0.2.0/24, which no real client has.
 * Idempotent: skipped when the brand has incidents.
 */
export async function seedOperacoes(db: Db, hotsiteId: number) {
  if (linhas(await db.execute(sql`SELECT 1 FROM incidente WHERE hotsite_id = ${hotsiteId} LIMIT 1`)).length) return;
  const um = async <T>(q: ReturnType<typeof sql>) => linhas<T>(await db.execute(q))[0];
  const sac = await um<{ id: number }>(sql`SELECT id FROM usuario WHERE email = 'sac@martelo.test' AND hotsite_id IS NULL`);
  const adm = await um<{ id: number }>(sql`SELECT id FROM usuario WHERE email = 'admin@martelo.test' AND hotsite_id IS NULL`);
  const cliente = await um<{ id: number }>(sql`SELECT id FROM usuario WHERE email = ${`cliente1@h${hotsiteId}.martelo.test`}`);
  const lote = await um<{ id: number }>(sql`SELECT id FROM lote WHERE hotsite_id = ${hotsiteId} ORDER BY id LIMIT 1`);
  const venda = await um<{ id: number; usuario_id: number }>(
    sql`SELECT id, usuario_id FROM venda WHERE hotsite_id = ${hotsiteId} ORDER BY id LIMIT 1`,
  );
  const incidente = async (v: {
    titulo: string;
    descricao: string;
    situacao: string;
    clienteId?: number | null;
    loteId?: number | null;
    vendaId?: number | null;
    responsavelId?: number | null;
    diasAtras: number;
    comentarios?: string[];
  }) => {
    const criado = await um<{ id: number }>(sql`
      INSERT INTO incidente (hotsite_id, titulo, descricao, situacao, cliente_usuario_id, lote_id, venda_id, responsavel_id,
                             aberto_por_id, fechado_em, created_at, updated_at)
      VALUES (${hotsiteId}, ${v.titulo}, ${v.descricao}, ${v.situacao}, ${v.clienteId ?? null}, ${v.loteId ?? null},
              ${v.vendaId ?? null}, ${v.responsavelId ?? null}, ${sac?.id ?? null},
              ${v.situacao === 'Fechado' ? sql`now() - interval '1 day'` : null},
              now() - make_interval(days => ${v.diasAtras}), now() - make_interval(days => ${v.diasAtras}))
      RETURNING id`);
    for (const [i, texto] of (v.comentarios ?? []).entries()) {
      await db.execute(sql`INSERT INTO incidente_comentario (hotsite_id, incidente_id, usuario_id, texto, created_at)
                           VALUES (${hotsiteId}, ${criado!.id}, ${sac?.id ?? null}, ${texto},
                                   now() - make_interval(days => ${v.diasAtras}) + make_interval(hours => ${i + 2}))`);
    }
  };
  await incidente({
    titulo: 'Cliente não recebeu o e-mail de confirmação',
    descricao: 'Ligou informando que o e-mail de confirmação de cadastro não chegou, nem na caixa de spam.',
    situacao: 'Aberto',
    clienteId: cliente?.id,
    diasAtras: 0,
  });
  await incidente({
    titulo: 'Divergência na quilometragem do anúncio',
    descricao: 'Interessado visitou o pátio e o hodômetro mostra 12 mil km a mais do que o anúncio informa.',
    situacao: 'Em atendimento',
    loteId: lote?.id,
    responsavelId: sac?.id,
    diasAtras: 1,
    comentarios: ['Pedido ao pátio uma foto do painel para conferir.'],
  });
  await incidente({
    titulo: 'Segunda via do boleto',
    descricao: 'Arrematante pediu a segunda via do boleto, vencido no fim de semana.',
    situacao: 'Fechado',
    vendaId: venda?.id,
    clienteId: venda?.usuario_id,
    responsavelId: sac?.id,
    diasAtras: 3,
    comentarios: [
      'Nova data de vencimento combinada com o financeiro.',
      'Segunda via enviada por e-mail; cliente confirmou o recebimento.',
    ],
  });
  await db.execute(sql`
    INSERT INTO bloqueio_acesso (hotsite_id, tipo, valor, motivo, expira_em, criado_por_id)
    VALUES (${hotsiteId}, 'faixa', '192.0.2.0/24', 'Cadastros falsos em série a partir desta rede', NULL, ${adm?.id ?? null}),
           (${hotsiteId}, 'dispositivo', 'disp-7f3a9c21e0b4', 'Lances com cartão de terceiros (chargeback)', now() + interval '30 days', ${adm?.id ?? null})
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO bloqueio_tentativa (hotsite_id, bloqueio_id, acao, ip, dispositivo, email, created_at)
    SELECT ${hotsiteId}, b.id, t.acao, t.ip, t.dispositivo, t.email, now() - t.atras
      FROM bloqueio_acesso b
      JOIN (VALUES ('faixa', 'login', '192.0.2.41', NULL, 'contato.vendas2024@exemplo.com', interval '2 hours'),
                   ('faixa', 'login', '192.0.2.77', NULL, 'rodrigo.lima.fake@exemplo.com', interval '1 day'),
                   ('dispositivo', 'lance', '189.45.12.8', 'disp-7f3a9c21e0b4', NULL, interval '5 hours'))
           AS t(tipo, acao, ip, dispositivo, email, atras) ON t.tipo = b.tipo
     WHERE b.hotsite_id = ${hotsiteId}`);
}
