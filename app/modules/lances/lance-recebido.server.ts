import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import type { Hub } from '~/realtime/hub.server';
import { salas } from '~/realtime/protocol';
import { registrarAlteracao } from '~/modules/identidade/permissoes-marca.server';
import { buscarVenda } from '~/modules/vendas/consultas.server';
import { ErroHttp } from '~/utils/errors';
import { centavosSchema } from '~/utils/entrada';
import { linhas } from '~/utils/linhas.server';
import { lanceDoLeiloeiro } from './lance-do-leiloeiro.server';
import { textoDaRecusa } from './mensagens.server';
import { publicar } from './publicacao.server';
import { rotuloDoLanceRecebido } from './regras';
import { proximoLance } from '~/modules/dominio/dinheiro';
import { motivoTransicaoRecusada, SITUACOES_PELA_EQUIPE } from '~/modules/dominio/situacoes';

/*
 * /admin/lance-recebido/{uid} (Acerto, SAC, ADM; spec 000 §2 "received bids", decision 073): one bid with
 * the tabs client, proofs, finance, bid history, lot and notifications, and the staff actions create
 * bid, move bid and change lot status (change pickup lives with the sale, vendas/acoes.server.ts).
 * Each action is one transaction with its audit row (hotsite_alteracao); realtime after commit.
 */
type Linha = Record<string, unknown>;
const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
const num = (v: unknown) => (v == null ? null : Number(v));

export const MENSAGENS_RECEBIDO = {
  naoEncontrado: 'Lance não encontrado',
  clienteNaoEncontrado: 'Cliente não encontrado nesta marca',
  loteComVenda: 'O lote já tem venda: cancele a venda antes de mover o lance',
  lanceCancelado: 'Este lance está cancelado',
  mesmoCliente: 'O lance já é deste cliente',
  loteVendido: 'O lote tem venda ativa: cancele a venda antes de cancelar o lote',
  salvo: 'Salvo com sucesso',
} as const;

export const uidDoLance = z.uuid(MENSAGENS_RECEBIDO.naoEncontrado);
const emailSchema = z.email('Informe o e-mail do cliente').max(200, 'Informe o e-mail do cliente');

async function lancePorUid(db: Db, hotsiteId: number, uid: string) {
  const [l] = linhas<Linha>(
    await db.execute(sql`SELECT la.id, la.uid, la.lote_id, la.usuario_id, la.valor, la.tipo, la.situacao, la.apelido, la.data
                           FROM lance la WHERE la.uid = ${uid} AND la.hotsite_id = ${hotsiteId}`),
  );
  if (!l) throw new ErroHttp(404, MENSAGENS_RECEBIDO.naoEncontrado);
  return l;
}

/** Everything the six tabs show, read at once (the page is small and staff switch tabs often). */
export async function detalheDoLanceRecebido({ db, hotsiteId, uid }: { db: Db; hotsiteId: number; uid: string }) {
  const la = await lancePorUid(db, hotsiteId, uid);
  const loteId = Number(la.lote_id);
  const usuarioId = Number(la.usuario_id);
  const [clienteR, loteR, historico, vendaR, notificacoes, validacoes, patios] = await Promise.all([
    db.execute(sql`SELECT u.id, u.nome, u.email, c.uid AS cliente_uid, c.cpf, c.cnpj, c.telefone, c.apelido, c.situacao,
                          e.logradouro, e.numero, e.bairro, e.cidade, e.estado_sigla, e.cep
                     FROM usuario u LEFT JOIN cliente c ON c.usuario_id = u.id AND c.hotsite_id = ${hotsiteId}
                     LEFT JOIN endereco e ON e.cliente_id = c.id
                    WHERE u.id = ${usuarioId}`),
    db.execute(sql`SELECT l.id, l.numero, l.nome, l.situacao, l.minimo, l.incremento, l.ultimo_lance_valor, l.ultimo_lance_usuario_id, l.quantidade_lances, l.data_fim,
                          l.valor_comitente, v.uid AS vei_uid, v.placa, le.nome AS leilao, c.nome_site AS comitente, p.nome AS patio
                     FROM lote l JOIN veiculo v ON v.id = l.veiculo_id
                     LEFT JOIN leilao le ON le.id = l.leilao_id AND le.hotsite_id = l.hotsite_id
                     LEFT JOIN comitente c ON c.id = l.comitente_id AND c.hotsite_id = l.hotsite_id
                     LEFT JOIN patio p ON p.id = l.patio_id AND p.hotsite_id = l.hotsite_id
                    WHERE l.id = ${loteId} AND l.hotsite_id = ${hotsiteId}`),
    db.execute(sql`SELECT la.uid, la.usuario_id, la.valor, la.tipo, la.situacao, la.apelido, la.data, u.nome, u.email
                     FROM lance la JOIN usuario u ON u.id = la.usuario_id
                    WHERE la.lote_id = ${loteId} AND la.hotsite_id = ${hotsiteId} ORDER BY la.id DESC LIMIT 200`),
    db.execute(sql`SELECT vi.venda_id FROM venda_item vi WHERE vi.lote_id = ${loteId} AND vi.hotsite_id = ${hotsiteId}
                   UNION ALL SELECT vc.venda_id FROM venda_lote_condicional vc WHERE vc.lote_id = ${loteId} AND vc.hotsite_id = ${hotsiteId}
                   LIMIT 1`),
    db.execute(sql`SELECT m.assunto, m.situacao, m.created_at FROM mensagem_saida m JOIN usuario u ON lower(u.email) = lower(m.para)
                    WHERE u.id = ${usuarioId} AND m.hotsite_id = ${hotsiteId} ORDER BY m.id DESC LIMIT 50`),
    db.execute(sql`SELECT id, tipo, resultado, observacao, respondido_por, respondido_at FROM lote_cliente_validacao
                    WHERE lote_id = ${loteId} AND usuario_id = ${usuarioId} AND hotsite_id = ${hotsiteId} ORDER BY id`),
    db.execute(sql`SELECT uid, nome, cidade, estado_uf FROM patio WHERE hotsite_id = ${hotsiteId} AND ativo ORDER BY nome`),
  ]);
  const c = linhas<Linha>(clienteR)[0];
  const l = linhas<Linha>(loteR)[0];
  const vendaId = linhas<Linha>(vendaR)[0]?.venda_id;
  const venda = vendaId == null ? null : await buscarVenda({ db, hotsiteId, leitor: 'equipe', id: Number(vendaId) });
  return {
    lance: {
      uid: String(la.uid),
      valor: Number(la.valor),
      tipo: String(la.tipo),
      situacao: String(la.situacao),
      /** The spec's back-office label (Superado, Vencendo, Vencedor…), derived from the lot. */
      situacaoRotulo: rotuloDoLanceRecebido({
        situacao: String(la.situacao),
        lider: Number(la.valor) === Number(l.ultimo_lance_valor) && Number(la.usuario_id) === Number(l.ultimo_lance_usuario_id),
        situacaoDoLote: String(l.situacao),
      }),
      apelido: String(la.apelido),
      data: iso(la.data)!,
    },
    cliente: {
      id: usuarioId,
      nome: String(c?.nome ?? ''),
      email: String(c?.email ?? ''),
      cpf: (c?.cpf as string | null) ?? null,
      cnpj: (c?.cnpj as string | null) ?? null,
      telefone: (c?.telefone as string | null) ?? null,
      apelido: (c?.apelido as string | null) ?? null,
      situacao: (c?.situacao as string | null) ?? null,
      endereco: c?.logradouro
        ? `${String(c.logradouro)}, ${String(c.numero)} — ${String(c.bairro)}, ${String(c.cidade)}/${String(c.estado_sigla)} ${String(c.cep)}`
        : null,
    },
    lote: {
      id: loteId,
      numero: String(l.numero),
      nome: String(l.nome),
      situacao: String(l.situacao),
      veiUid: String(l.vei_uid),
      placa: (l.placa as string | null) ?? null,
      leilao: (l.leilao as string | null) ?? null,
      comitente: (l.comitente as string | null) ?? null,
      patio: (l.patio as string | null) ?? null,
      minimo: Number(l.minimo),
      incremento: Number(l.incremento),
      lanceAtual: num(l.ultimo_lance_valor),
      proximo: proximoLance(num(l.ultimo_lance_valor), Number(l.minimo), Number(l.incremento)),
      valorComitente: num(l.valor_comitente),
      quantidadeLances: Number(l.quantidade_lances),
      dataFim: iso(l.data_fim),
    },
    historico: linhas<Linha>(historico).map((h) => ({
      uid: String(h.uid),
      valor: Number(h.valor),
      tipo: String(h.tipo),
      situacao: rotuloDoLanceRecebido({
        situacao: String(h.situacao),
        lider: Number(h.valor) === Number(l.ultimo_lance_valor) && Number(h.usuario_id) === Number(l.ultimo_lance_usuario_id),
        situacaoDoLote: String(l.situacao),
      }),
      apelido: String(h.apelido),
      data: iso(h.data)!,
      nome: String(h.nome),
      email: String(h.email),
    })),
    venda,
    notificacoes: linhas<Linha>(notificacoes).map((n) => ({
      assunto: (n.assunto as string | null) ?? '',
      situacao: String(n.situacao),
      data: iso(n.created_at)!,
    })),
    validacoes: linhas<Linha>(validacoes).map((v) => ({
      id: Number(v.id),
      tipo: String(v.tipo),
      resultado: String(v.resultado),
      observacao: (v.observacao as string | null) ?? null,
      respondidoPor: (v.respondido_por as string | null) ?? null,
      respondidoAt: iso(v.respondido_at),
    })),
    patios: linhas<Linha>(patios).map((p) => ({
      uid: String(p.uid),
      nome: String(p.nome),
      cidade: String(p.cidade),
      estadoUf: String(p.estado_uf),
    })),
  };
}

async function clientePorEmail(db: Db, hotsiteId: number, email: unknown) {
  const e = emailSchema.parse(typeof email === 'string' ? email.trim() : email);
  const [u] = linhas<Linha>(
    await db.execute(sql`SELECT id, nome FROM usuario WHERE hotsite_id = ${hotsiteId} AND lower(email) = lower(${e}) LIMIT 1`),
  );
  if (!u) throw new ErroHttp(404, MENSAGENS_RECEBIDO.clienteNaoEncontrado);
  return { id: Number(u.id), nome: String(u.nome) };
}

interface Equipe {
  id: number;
  nome: string;
}

export const criarLanceSchema = z.object({
  email: z.unknown(),
  valor: centavosSchema('Informe o valor do lance'),
});

/**
 * Staff register a bid a client gave outside the site (phone, e-mail) on this bid's lot, under the
 * engine's rules (next accepted value, active maxima answer it; a closed lot refuses).
 */
export async function criarLanceDaEquipe({
  db,
  hub,
  hotsiteId,
  uid,
  entrada,
  equipe,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  uid: string;
  entrada: unknown;
  equipe: Equipe;
}) {
  const e = criarLanceSchema.parse(entrada);
  const la = await lancePorUid(db, hotsiteId, uid);
  const cliente = await clientePorEmail(db, hotsiteId, e.email);
  const r = await db.transaction(async (tx) => {
    const r = await lanceDoLeiloeiro(tx, { hotsiteId, loteId: Number(la.lote_id), usuarioId: cliente.id, valor: e.valor, tipo: 'Manual' });
    if (r.resultado.tipo !== 'registrado') return r;
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId: equipe.id,
      entidade: 'lance',
      entidadeId: Number(la.lote_id),
      acao: 'criou',
      detalhes: { loteId: Number(la.lote_id), clienteId: cliente.id, valor: e.valor },
    });
    return r;
  });
  publicar(hub, r.efeito);
  if (r.resultado.tipo !== 'registrado') {
    throw new ErroHttp(r.resultado.tipo === 'lote-nao-encontrado' ? 404 : 409, textoDaRecusa(r.resultado));
  }
  return { mensagem: `Lance registrado para ${cliente.nome}` };
}

/**
 * Moves the bid to another client of the brand (placed from the wrong account). Refused while the lot
 * has a sale or waits on a conditional answer: the sale would keep the old buyer.
 */
export async function moverLance({
  db,
  hotsiteId,
  uid,
  entrada,
  equipe,
}: {
  db: Db;
  hotsiteId: number;
  uid: string;
  entrada: unknown;
  equipe: Equipe;
}) {
  const { email } = z.object({ email: z.unknown() }).parse(entrada);
  const destino = await clientePorEmail(db, hotsiteId, email);
  await db.transaction(async (tx) => {
    const [la] = linhas<Linha>(
      await tx.execute(
        sql`SELECT id, lote_id, usuario_id, valor, situacao FROM lance WHERE uid = ${uid} AND hotsite_id = ${hotsiteId} FOR UPDATE`,
      ),
    );
    if (!la) throw new ErroHttp(404, MENSAGENS_RECEBIDO.naoEncontrado);
    if (la.situacao === 'Cancelado') throw new ErroHttp(409, MENSAGENS_RECEBIDO.lanceCancelado);
    if (Number(la.usuario_id) === destino.id) throw new ErroHttp(409, MENSAGENS_RECEBIDO.mesmoCliente);
    const loteId = Number(la.lote_id);
    const [l] = linhas<Linha>(
      await tx.execute(
        sql`SELECT id, ultimo_lance_valor, ultimo_lance_usuario_id FROM lote WHERE id = ${loteId} AND hotsite_id = ${hotsiteId} FOR UPDATE`,
      ),
    );
    const [vendido] = linhas(
      await tx.execute(sql`SELECT 1 FROM venda_item WHERE lote_id = ${loteId} AND ativo
                           UNION ALL SELECT 1 FROM venda_lote_condicional WHERE lote_id = ${loteId} LIMIT 1`),
    );
    if (vendido) throw new ErroHttp(409, MENSAGENS_RECEBIDO.loteComVenda);
    await tx.execute(
      sql`UPDATE lance SET usuario_id = ${destino.id}, apelido = apelido_do_usuario(${destino.id}) WHERE id = ${Number(la.id)}`,
    );
    // The lot's top bid follows its bid.
    if (Number(l.ultimo_lance_usuario_id) === Number(la.usuario_id) && Number(l.ultimo_lance_valor) === Number(la.valor)) {
      await tx.execute(sql`UPDATE lote SET ultimo_lance_usuario_id = ${destino.id}, ultimo_lance_apelido = apelido_do_usuario(${destino.id}), updated_at = now()
                            WHERE id = ${loteId}`);
    }
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId: equipe.id,
      entidade: 'lance',
      entidadeId: Number(la.id),
      acao: 'alterou',
      detalhes: { movido: true, de: Number(la.usuario_id), para: destino.id },
    });
  });
  return { mensagem: `Lance movido para ${destino.nome}` };
}

export const situacaoLoteSchema = z.object({
  situacao: z.enum(SITUACOES_PELA_EQUIPE, 'Situação inválida'),
});

/** Staff change the lot's situation along the allowed transitions (dominio/situacoes.ts); watchers hear it. */
export async function alterarSituacaoDoLote({
  db,
  hub,
  hotsiteId,
  uid,
  entrada,
  equipe,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  uid: string;
  entrada: unknown;
  equipe: Equipe;
}) {
  const { situacao } = situacaoLoteSchema.parse(entrada);
  const la = await lancePorUid(db, hotsiteId, uid);
  const loteId = Number(la.lote_id);
  const evento = await db.transaction(async (tx) => {
    const [l] = linhas<Linha>(
      await tx.execute(sql`SELECT l.id, l.situacao, l.sequencia, l.leilao_id, l.minimo, l.incremento, l.ultimo_lance_valor, l.data_fim, v.uid AS vei_uid
                             FROM lote l JOIN veiculo v ON v.id = l.veiculo_id WHERE l.id = ${loteId} AND l.hotsite_id = ${hotsiteId} FOR UPDATE OF l`),
    );
    const motivo = motivoTransicaoRecusada(String(l.situacao), situacao);
    if (motivo) throw new ErroHttp(409, motivo);
    if (situacao === 'LOTE_CANCELADO') {
      const [vendido] = linhas(await tx.execute(sql`SELECT 1 FROM venda_item WHERE lote_id = ${loteId} AND ativo LIMIT 1`));
      if (vendido) throw new ErroHttp(409, MENSAGENS_RECEBIDO.loteVendido);
    }
    const seq = Number(l.sequencia) + 1;
    await tx.execute(sql`UPDATE lote SET situacao = ${situacao}, sequencia = ${seq}, updated_at = now() WHERE id = ${loteId}`);
    if (l.leilao_id != null)
      await tx.execute(sql`UPDATE leilao_lote SET situacao = ${situacao} WHERE lote_id = ${loteId} AND leilao_id = ${Number(l.leilao_id)}`);
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId: equipe.id,
      entidade: 'lote',
      entidadeId: loteId,
      acao: 'alterou',
      detalhes: { situacao: { de: String(l.situacao), para: situacao } },
    });
    const lance = num(l.ultimo_lance_valor);
    return {
      veiUid: String(l.vei_uid),
      data: {
        loteId,
        veiUid: String(l.vei_uid),
        valor: {
          lance,
          atual: lance ?? Number(l.minimo),
          proximo: proximoLance(lance, Number(l.minimo), Number(l.incremento)),
          incremento: Number(l.incremento),
        },
        dataFim: iso(l.data_fim),
        situacao,
        seq,
      },
    };
  });
  await hub?.publicar(hotsiteId, salas.lote(evento.veiUid), { event: 'on-elastic-response', data: evento.data });
  return { mensagem: MENSAGENS_RECEBIDO.salvo, situacao };
}
