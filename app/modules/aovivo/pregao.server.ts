import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '@db/client.server';
import type { Hub } from '~/realtime/hub.server';
import { salas, type ChatMensagem, type LotePregao, type PregaoMsg } from '~/realtime/protocol';
import { fecharLotes } from '~/modules/lances/encerramento.server';
import { publicarVenda, type VendaTocada } from '~/modules/vendas/vendas.server';
import { lanceDoLeiloeiro } from '~/modules/lances/lance-do-leiloeiro.server';
import { textoDaRecusa } from '~/modules/lances/mensagens.server';
import { publicar } from '~/modules/lances/publicacao.server';
import { proximoLance } from '~/modules/dominio/dinheiro';
import { liderDoLoteSql, liderPublico } from '~/modules/lances/consultas.server';
import { centavosSchema } from '~/utils/entrada';
import { ErroHttp } from '~/utils/errors';
import { filtroComitentes, type Comitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { idSchema } from '~/utils/id';
import { linhas, numeroOuNulo as num } from '~/utils/linhas.server';
import { decidirComando, type Comando, type EstadoDoPregao } from './maquina';
import { mensagensRecentes } from './chat.server';
import { leilaoVisivelPara } from '~/modules/eventos/convidados.server';

/**
 * The auctioneer's commands (issue 15): each one transaction that locks the auction row (commands on
 * one auction run one after the other, on any instance), asks the pure state machine (maquina.ts),
 * writes its answer, and publishes after commit: the auditorium room gets `lot-selected-updated` with
 * the lot on the floor, the lot's room its `on-elastic-response`, the winner `lote-arrematado`.
 * The hammer closes the lot through the bidding engine's closing (encerramento.server.ts), so a live
 * lot is sold, conditional or not sold by the same rules as a timed one.
 */
export const COMANDOS = ['iniciar', 'lote-atual', 'doulhe', 'martelo', 'pausar', 'encerrar', 'lance'] as const;
export type NomeDoComando = (typeof COMANDOS)[number];

export const loteAtualSchema = z.object({ loteId: idSchema('loteId inválido') });
export const doulheSchema = z.object({ etapa: z.enum(['uma', 'duas'], "etapa deve ser 'uma' ou 'duas'") });
export const lanceLeiloeiroSchema = z.object({ valor: centavosSchema('Valor inválido').optional() });
export const leilaoUidSchema = z.uuid({ error: 'leilaoUid inválido' });

export const MENSAGENS_COMANDO = {
  leilaoNaoEncontrado: 'Leilão não encontrado',
  loteNaoEncontrado: 'Lote não encontrado',
} as const;

interface LeilaoTravado {
  id: number;
  uid: string;
  situacao: string;
  pausado: boolean;
  loteAtualId: number | null;
  intervalo: number;
}

async function travarLeilao(tx: Tx, hotsiteId: number, leilaoUid: string): Promise<LeilaoTravado> {
  const [r] = linhas<Record<string, unknown>>(
    await tx.execute(sql`SELECT id, uid, situacao, pausado, lote_atual_id, intervalo_entre_lotes_segundos
                           FROM leilao WHERE uid = ${leilaoUid} AND hotsite_id = ${hotsiteId} FOR UPDATE`),
  );
  if (!r) throw new ErroHttp(404, MENSAGENS_COMANDO.leilaoNaoEncontrado);
  return {
    id: r.id as number,
    uid: String(r.uid),
    situacao: String(r.situacao),
    pausado: r.pausado as boolean,
    loteAtualId: r.lote_atual_id as number | null,
    intervalo: Number(r.intervalo_entre_lotes_segundos),
  };
}

async function travarLote(tx: Tx, hotsiteId: number, loteId: number) {
  const [r] = linhas<{ id: number; situacao: string; leilao_id: number | null }>(
    await tx.execute(sql`SELECT id, situacao, leilao_id FROM lote WHERE id = ${loteId} AND hotsite_id = ${hotsiteId} FOR UPDATE`),
  );
  return r ?? null;
}

/** The lot on the floor as every watcher sees it (no seller value, no bidder identity). */
async function lotePregao(db: Db | Tx, hotsiteId: number, loteId: number | null): Promise<LotePregao | null> {
  if (loteId == null) return null;
  const [r] = linhas<Record<string, unknown>>(
    await db.execute(sql`
      SELECT l.id, l.numero, l.nome, l.situacao, l.minimo, l.incremento, l.ultimo_lance_valor, l.ultimo_lance_apelido,
             l.quantidade_lances, l.sequencia, l.data_fim, v.uid AS vei_uid, lider.lider_tipo, lider.lider_apelido,
             (SELECT url FROM lote_foto f WHERE f.lote_id = l.id AND f.aprovada ORDER BY ordem LIMIT 1) AS foto
        FROM lote l JOIN veiculo v ON v.id = l.veiculo_id
        ${liderDoLoteSql(sql`l.id`, hotsiteId)}
       WHERE l.id = ${loteId} AND l.hotsite_id = ${hotsiteId}`),
  );
  if (!r) return null;
  const lance = num(r.ultimo_lance_valor);
  const minimo = Number(r.minimo);
  const incremento = Number(r.incremento);
  return {
    loteId: r.id as number,
    veiUid: String(r.vei_uid),
    numero: String(r.numero),
    nome: String(r.nome),
    foto: (r.foto as string | null) ?? null,
    situacao: String(r.situacao),
    valor: { lance, atual: lance ?? minimo, proximo: proximoLance(lance, minimo, incremento), incremento },
    // The same rule as the lot's snapshot (consultas.server.ts): a floor bid shows as one, not under the auctioneer's name.
    ...liderPublico(r),
    quantidadeLances: Number(r.quantidade_lances),
    dataFim: r.data_fim ? new Date(r.data_fim as string).toISOString() : null,
    seq: Number(r.sequencia),
  };
}

/** The auction's live state: what `lot-selected-updated` carries and the auditorium's loader shows. */
export async function estadoDoPregao({
  db,
  hotsiteId,
  leilaoUid,
}: {
  db: Db | Tx;
  hotsiteId: number;
  leilaoUid: string;
}): Promise<PregaoMsg | null> {
  const [le] = linhas<{ uid: string; situacao: string; pausado: boolean; lote_atual_id: number | null }>(
    await db.execute(sql`SELECT uid, situacao, pausado, lote_atual_id FROM leilao WHERE uid = ${leilaoUid} AND hotsite_id = ${hotsiteId}`),
  );
  if (!le) return null;
  return {
    leilaoUid: String(le.uid),
    situacao: le.situacao,
    pausado: le.pausado,
    lote: await lotePregao(db, hotsiteId, le.lote_atual_id),
    servidor: Date.now(),
  };
}

interface Resultado {
  status: number;
  corpo: Record<string, unknown>;
  pregao: PregaoMsg;
  /** The lot that changed (its room hears about it) and the winner of a hammered lot. */
  lote: LotePregao | null;
  vencedor: number | null;
  /** The sale a hammered lot created: its buyer hears `on-venda-dto` after commit, as with the timed closing. */
  vendas: VendaTocada[];
  efeitoDeLance?: Parameters<typeof publicar>[1];
}

/**
 * Runs one auctioneer command on an auction of this brand. `usuarioId`: the auctioneer (floor bids are
 * recorded under them). Answers the HTTP status and body; refusals are ErroHttp (409 with the reason).
 */
export async function executarComando({
  db,
  hub,
  hotsiteId,
  leilaoUid,
  comando,
  entrada,
  usuarioId,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  leilaoUid: string;
  comando: NomeDoComando;
  entrada: unknown;
  usuarioId: number;
}): Promise<{ status: number; corpo: Record<string, unknown> }> {
  const uid = leilaoUidSchema.parse(leilaoUid);
  const r = await db.transaction(async (tx): Promise<Resultado> => {
    const leilao = await travarLeilao(tx, hotsiteId, uid);
    const atual = leilao.loteAtualId ? await travarLote(tx, hotsiteId, leilao.loteAtualId) : null;
    const estado: EstadoDoPregao = {
      leilao: { situacao: leilao.situacao, pausado: leilao.pausado },
      loteAtual: atual ? { id: atual.id, situacao: atual.situacao } : null,
    };
    let c: Comando;
    switch (comando) {
      case 'lote-atual': {
        const { loteId } = loteAtualSchema.parse(entrada ?? {});
        const alvo = await travarLote(tx, hotsiteId, loteId);
        if (!alvo) throw new ErroHttp(404, MENSAGENS_COMANDO.loteNaoEncontrado);
        c = { tipo: 'lote-atual', lote: { id: alvo.id, situacao: alvo.situacao, doLeilao: alvo.leilao_id === leilao.id } };
        break;
      }
      case 'doulhe':
        c = { tipo: 'doulhe', etapa: doulheSchema.parse(entrada ?? {}).etapa };
        break;
      case 'lance':
        c = { tipo: 'lance-leiloeiro' };
        break;
      default:
        c = { tipo: comando };
    }
    const d = decidirComando(estado, c);
    if (!d.ok) throw new ErroHttp(d.status, d.mensagem);

    if (d.leilao) {
      const { situacao, pausado, loteAtualId } = d.leilao;
      await tx.execute(sql`UPDATE leilao SET situacao = coalesce(${situacao ?? null}, situacao), pausado = coalesce(${pausado ?? null}::boolean, pausado),
                                  lote_atual_id = ${loteAtualId === undefined ? sql`lote_atual_id` : loteAtualId}, updated_at = now()
                            WHERE id = ${leilao.id}`);
    }
    let vencedor: number | null = null;
    let vendas: VendaTocada[] = [];
    let efeitoDeLance: Resultado['efeitoDeLance'];
    let status = 200;
    let corpo: Record<string, unknown> = {};
    if (c.tipo === 'lance-leiloeiro') {
      const { valor } = lanceLeiloeiroSchema.parse(entrada ?? {});
      const lance = await lanceDoLeiloeiro(tx, { hotsiteId, loteId: atual!.id, usuarioId, valor });
      const r = lance.resultado;
      if (r.tipo !== 'registrado') throw new ErroHttp(r.tipo === 'lote-nao-encontrado' ? 404 : 409, textoDaRecusa(r));
      status = 201;
      corpo = { lance: r.lance, lote: r.lote };
      efeitoDeLance = lance.efeito;
    } else if (d.lote?.situacao === 'encerrar') {
      // The hammer: the engine's closing decides sold / conditional / not sold (and what follows a sale).
      ({ vendas } = await fecharLotes({ db: tx, loteId: d.lote.id }));
      const [f] = linhas<{ usuario_id: number | null; situacao: string }>(
        await tx.execute(sql`SELECT usuario_id, situacao FROM lote_encerramento WHERE lote_id = ${d.lote.id}`),
      );
      if (f && f.situacao !== 'NAO_ARREMATADO') vencedor = f.usuario_id;
    } else if (d.lote) {
      const entrando = c.tipo === 'lote-atual';
      // On the floor the auctioneer closes the lot (finalizacao_manual keeps the closing job away), and
      // the auction's interval between lots is the time everyone sees counting down.
      await tx.execute(sql`
        UPDATE lote SET situacao = ${d.lote.situacao}, sequencia = sequencia + 1, updated_at = now()
               ${
                 entrando
                   ? sql`, finalizacao_manual = true, data_inicio = least(coalesce(data_inicio, clock_timestamp()), clock_timestamp()),
                         data_fim = clock_timestamp() + make_interval(secs => ${leilao.intervalo})`
                   : sql``
               }
         WHERE id = ${d.lote.id}`);
      await tx.execute(sql`UPDATE leilao_lote SET situacao = ${d.lote.situacao} WHERE lote_id = ${d.lote.id} AND leilao_id = ${leilao.id}`);
    }
    const pregao = (await estadoDoPregao({ db: tx, hotsiteId, leilaoUid: uid }))!;
    const lote = d.lote ? await lotePregao(tx, hotsiteId, d.lote.id) : null;
    return { status, corpo: { ...corpo, pregao }, pregao, lote, vencedor, vendas, efeitoDeLance };
  });

  // After commit: the auditorium, the lot's watchers, the winner.
  if (hub) {
    void hub.publicar(hotsiteId, salas.leilao(r.pregao.leilaoUid), { event: 'lot-selected-updated', data: r.pregao });
    void hub.publicar(hotsiteId, salas.leiloeiro(r.pregao.leilaoUid), { event: 'lot-selected-updated', data: r.pregao });
    if (r.efeitoDeLance) publicar(hub, r.efeitoDeLance);
    else if (r.lote) {
      const { loteId, veiUid, valor, dataFim, situacao, seq } = r.lote;
      void hub.publicar(hotsiteId, salas.lote(veiUid), {
        event: 'on-elastic-response',
        data: { loteId, veiUid, valor, dataFim, situacao, seq },
      });
    }
    if (r.vencedor != null && r.lote) {
      const { loteId, veiUid, numero, nome, valor, situacao } = r.lote;
      void hub.publicar(hotsiteId, salas.usuario(r.vencedor), {
        event: 'lote-arrematado',
        data: { loteId, veiUid, numero, nome, valor, situacao },
      });
    }
    for (const v of r.vendas) publicarVenda(hub, v, 'criada');
  }
  return { status: r.status, corpo: r.corpo };
}

/** The auction's lots in floor order, for the auditorium's carousel and the auctioneer's panel. */
export async function lotesDoLeilao({ db, hotsiteId, leilaoUid }: { db: Db; hotsiteId: number; leilaoUid: string }) {
  const rows = linhas<Record<string, unknown>>(
    await db.execute(sql`
      SELECT l.id, l.numero, l.nome, l.situacao, l.minimo, l.ultimo_lance_valor, v.uid AS vei_uid,
             (SELECT url FROM lote_foto f WHERE f.lote_id = l.id AND f.aprovada ORDER BY ordem LIMIT 1) AS foto
        FROM leilao le JOIN leilao_lote ll ON ll.leilao_id = le.id JOIN lote l ON l.id = ll.lote_id JOIN veiculo v ON v.id = l.veiculo_id
       WHERE le.uid = ${leilaoUid} AND le.hotsite_id = ${hotsiteId} AND l.hotsite_id = ${hotsiteId}
       ORDER BY ll.ordem_leilao, l.id
       LIMIT 1000`),
  );
  return rows.map((r) => ({
    loteId: r.id as number,
    veiUid: String(r.vei_uid),
    numero: String(r.numero),
    nome: String(r.nome),
    situacao: String(r.situacao),
    valorAtual: num(r.ultimo_lance_valor) ?? Number(r.minimo),
    foto: (r.foto as string | null) ?? null,
  }));
}

/** Auctions the auditorium and the panel offer: live first, then the next ones. */
export async function leiloesDoPregao({
  db,
  hotsiteId,
  comitentes = 'todos',
  visivelPara,
}: {
  db: Db;
  hotsiteId: number;
  comitentes?: Comitentes;
  /** The public screens' viewer (null: a visitor): a private auction only for its accepted guests (decision 186). Staff screens leave it out. */
  visivelPara?: number | null;
}) {
  const dosComitentes =
    comitentes === 'todos'
      ? sql`TRUE`
      : sql`EXISTS (SELECT 1 FROM leilao_lote ll JOIN lote l ON l.id = ll.lote_id
                     WHERE ll.leilao_id = leilao.id AND ${filtroComitentes(sql`l.comitente_id`, comitentes)})`;
  const rows = linhas<{ uid: string; nome: string; situacao: string; data: string; transmissao_url: string | null }>(
    await db.execute(sql`
      SELECT uid, nome, situacao, data, transmissao_url FROM leilao
       WHERE hotsite_id = ${hotsiteId} AND situacao IN ('EM_LOTEAMENTO', 'CRIADO', 'PRONTO', 'AO_VIVO') AND ${dosComitentes}
         AND ${visivelPara === undefined ? sql`TRUE` : leilaoVisivelPara(sql`leilao.id`, visivelPara)}
       ORDER BY (situacao = 'AO_VIVO') DESC, data, id
       LIMIT 50`),
  );
  return rows.map((r) => ({
    uid: String(r.uid),
    nome: r.nome,
    situacao: r.situacao,
    data: new Date(r.data).toISOString(),
    transmissaoUrl: r.transmissao_url,
  }));
}

/**
 * What the auditorium and the auctioneer's panel open with: the brand's live and upcoming auctions,
 * the one asked for (by uid or id; else the live one, else the next), its live state, lots and chat.
 */
export async function dadosDoPregao({
  db,
  hotsiteId,
  leilao: pedido,
  staff = false,
  visivelPara,
}: {
  db: Db;
  hotsiteId: number;
  leilao?: string | null;
  staff?: boolean;
  /** The auditorium's viewer: see leiloesDoPregao. */
  visivelPara?: number | null;
}) {
  const leiloes = await leiloesDoPregao({ db, hotsiteId, visivelPara });
  let escolhido = leiloes[0] ?? null;
  if (pedido) {
    const porId = /^\d{1,9}$/.test(pedido) ? Number(pedido) : null;
    const porUid = z.uuid().safeParse(pedido).success ? pedido : null;
    const [r] =
      porId == null && porUid == null
        ? []
        : linhas<{ uid: string; nome: string; situacao: string; data: string; transmissao_url: string | null }>(
            await db.execute(sql`SELECT uid, nome, situacao, data, transmissao_url FROM leilao
                                  WHERE hotsite_id = ${hotsiteId} AND ${porId != null ? sql`id = ${porId}` : sql`uid = ${porUid}`}
                                    AND ${visivelPara === undefined ? sql`TRUE` : leilaoVisivelPara(sql`leilao.id`, visivelPara)}`),
          );
    if (!r) throw new ErroHttp(404, MENSAGENS_COMANDO.leilaoNaoEncontrado);
    escolhido = {
      uid: String(r.uid),
      nome: r.nome,
      situacao: r.situacao,
      data: new Date(r.data).toISOString(),
      transmissaoUrl: r.transmissao_url,
    };
  }
  if (!escolhido)
    return { leiloes, leilao: null, pregao: null, lotes: [] as Awaited<ReturnType<typeof lotesDoLeilao>>, chat: [] as ChatMensagem[] };
  const [pregao, lotes, chat, intervalo] = await Promise.all([
    estadoDoPregao({ db, hotsiteId, leilaoUid: escolhido.uid }),
    lotesDoLeilao({ db, hotsiteId, leilaoUid: escolhido.uid }),
    mensagensRecentes({ db, hotsiteId, leilaoUid: escolhido.uid, staff }),
    db.execute(sql`SELECT intervalo_entre_lotes_segundos AS s FROM leilao WHERE uid = ${escolhido.uid}`),
  ]);
  const intervaloEntreLotesSegundos = Number(linhas<{ s: number }>(intervalo)[0]?.s ?? 120);
  return { leiloes, leilao: { ...escolhido, intervaloEntreLotesSegundos }, pregao: pregao!, lotes, chat };
}
