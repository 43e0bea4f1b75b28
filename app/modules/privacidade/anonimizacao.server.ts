import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.server';

/*
 * Deleting a client's data when the request is granted (decision 236). The law keeps some records: the
 * sales and their items and payments (tax and consumer law), the bids with their chained hashes (the
 * auction's record, decision 196) and the access records (Marco Civil art. 15, purged after six months by
 * their own job). Those rows stay, tied to an account that no longer names anyone: the account's and the
 * registration's personal fields are overwritten, the bids' nickname and city replaced. Everything else
 * about the person is erased, and every session and token ends, so no device stays logged in.
 */

export const NOME_ANONIMO = 'Titular anonimizado';

/** Run inside the transaction that grants the request; every statement filters by the brand. */
export async function anonimizarTitular({ db, hotsiteId, usuarioId }: { db: Db | Tx; hotsiteId: number; usuarioId: number }) {
  const x = (q: ReturnType<typeof sql>) => db.execute(q);
  const [u] = (
    (await x(
      sql`SELECT uid, lower(email) AS email, telefone FROM usuario WHERE id = ${usuarioId} AND hotsite_id = ${hotsiteId}`,
    )) as unknown as {
      rows: { uid: string; email: string; telefone: string | null }[];
    }
  ).rows;
  if (!u) return;
  const email = `anonimizado-${u.uid}@anonimizado.invalid`;
  const cliente = sql`(SELECT id FROM cliente WHERE usuario_id = ${usuarioId} AND hotsite_id = ${hotsiteId})`;

  // What the person sent us or we sent them, by address: contact messages, newsletter, outbox copies.
  await x(sql`DELETE FROM newsletter_inscricao WHERE hotsite_id = ${hotsiteId} AND lower(email) = ${u.email}`);
  await x(sql`DELETE FROM mensagem_contato WHERE hotsite_id = ${hotsiteId} AND lower(email) = ${u.email}`);
  await x(
    sql`DELETE FROM mensagem_saida WHERE hotsite_id = ${hotsiteId} AND (lower(para) = ${u.email} OR (${u.telefone}::text IS NOT NULL AND para = ${u.telefone}))`,
  );
  // The registration's attachments and sub-records.
  await x(sql`DELETE FROM cliente_documento WHERE hotsite_id = ${hotsiteId} AND cliente_id = ${cliente}`);
  await x(sql`DELETE FROM cliente_socio WHERE hotsite_id = ${hotsiteId} AND cliente_id = ${cliente}`);
  await x(sql`DELETE FROM endereco WHERE hotsite_id = ${hotsiteId} AND cliente_id = ${cliente}`);
  // The account's own things: preferences, lists, chat, invitations, checks, consents.
  for (const tabela of [
    'favorito',
    'busca_salva',
    'notificacao',
    'notificacao_preferencia',
    'notificacao_silencio',
    'inscricao_push',
    'chat_mensagem',
    'consulta_cliente',
    'consentimento',
    'codigo_confirmacao',
    'token_uso_unico',
  ]) {
    await x(sql`DELETE FROM ${sql.identifier(tabela)} WHERE hotsite_id = ${hotsiteId} AND usuario_id = ${usuarioId}`);
  }
  await x(sql`DELETE FROM leilao_convidado WHERE hotsite_id = ${hotsiteId} AND usuario_id = ${usuarioId}`);
  // Records the law keeps, without the person.
  await x(sql`UPDATE lance SET apelido = 'Anônimo', cidade = NULL WHERE hotsite_id = ${hotsiteId} AND usuario_id = ${usuarioId}`);
  await x(sql`UPDATE proposta SET telefone = '', email = ${email} WHERE hotsite_id = ${hotsiteId} AND usuario_id = ${usuarioId}`);
  await x(sql`
    UPDATE cliente SET nome = ${NOME_ANONIMO}, email = ${email}, apelido = NULL, data_nascimento = NULL, telefone = NULL,
           telefone2 = NULL, telefone3 = NULL, rg = NULL, cpf = NULL, cnpj = NULL, razao_social = NULL, nome_fantasia = NULL,
           nome_fazenda = NULL, inscricao_estadual = NULL, orgao_expeditor = NULL, ocupacao_profissional = NULL,
           ramo_atividade = NULL, renda_mensal = NULL, como_conheceu = NULL, referer = NULL, observacao_interna = NULL,
           motivo_bloqueio = NULL, convite_hash = NULL, convite_por = NULL, situacao = 'Bloqueado', updated_at = now()
     WHERE hotsite_id = ${hotsiteId} AND usuario_id = ${usuarioId}`);
  await x(sql`
    UPDATE usuario SET nome = ${NOME_ANONIMO}, email = ${email}, telefone = NULL, senha_hash = NULL, two_factor_segredo = NULL,
           bloqueado = true, motivo_bloqueio = 'Dados excluídos a pedido do titular (LGPD)', updated_at = now()
     WHERE id = ${usuarioId} AND hotsite_id = ${hotsiteId}`);
  // Sessions end: every device is logged out at once.
  await x(sql`UPDATE sessao SET revogada_em = now() WHERE hotsite_id = ${hotsiteId} AND usuario_id = ${usuarioId} AND revogada_em IS NULL`);
  await x(
    sql`UPDATE refresh_token SET revogado_em = now() WHERE hotsite_id = ${hotsiteId} AND usuario_id = ${usuarioId} AND revogado_em IS NULL`,
  );
}
