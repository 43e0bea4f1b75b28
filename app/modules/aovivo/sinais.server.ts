import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { canalTransmissao, leilao, modeloMensagemTransmissao, transmissao } from '@db/schema';
import type { Hub } from '~/realtime/hub.server';
import {
  atualizarCanalSchema,
  enviarModeloSchema,
  MENSAGENS_WS,
  recarregarPlayerSchema,
  salas,
  type ComandoDaEquipe,
  type MensagemDoServidor,
} from '~/realtime/protocol';
import { carregarUsuario } from '~/modules/identidade/guard.server';
import { temAlgumPapel } from '~/modules/dominio/papeis';
import { ErroHttp } from '~/utils/errors';
import { PAPEIS_DA_TRANSMISSAO } from './acesso';
import { veiUidsDoLeilao } from './acompanhamento.server';
import { MENSAGENS_COMANDO } from './pregao.server';
import { MENSAGENS_TRANSMISSAO } from './transmissao.server';

/*
 * Staff's broadcast signals to an auction's viewers (spec 001 §7 "templates", "channel update",
 * "refresh main player"; decisions 265-267): the brand's saved message templates, sending one to the
 * auditorium and the auction's lot pages, switching the auction's live channel, and making every
 * viewer's main player reload. Each one is published after commit, through the bus, to every instance.
 */

export const MENSAGENS_SINAIS = {
  modeloNaoEncontrado: 'Modelo de mensagem não encontrado',
  modeloRepetido: 'Já existe um modelo com este nome',
  canalSemTransmissao: 'Este canal ainda não tem transmissão: inicie uma antes de colocá-lo no ar',
  modeloEnviado: 'Mensagem enviada aos espectadores',
  canalNoAr: (nome: string) => `Canal "${nome}" no ar: os espectadores já trocaram de vídeo`,
  canalFora: (nome: string) => `Canal "${nome}" indisponível`,
  playerRecarregado: 'Player principal recarregado para todos os espectadores',
} as const;

/** The most templates a brand keeps (a short list staff pick from during an auction). */
export const MAXIMO_MODELOS = 50;

export const modeloSchema = z.object({
  nome: z
    .string({ error: 'Informe o nome do modelo' })
    .trim()
    .min(1, 'Informe o nome do modelo')
    .max(80, 'O nome do modelo tem no máximo 80 caracteres'),
  texto: z
    .string({ error: 'Informe o texto da mensagem' })
    .trim()
    .min(1, 'Informe o texto da mensagem')
    .max(280, 'A mensagem tem no máximo 280 caracteres'),
});

const uidDoModelo = z.uuid({ error: MENSAGENS_SINAIS.modeloNaoEncontrado });

async function leilaoDaMarca(db: Db, hotsiteId: number, uid: string) {
  const [le] = await db
    .select({ id: leilao.id, uid: leilao.uid })
    .from(leilao)
    .where(and(eq(leilao.uid, uid), eq(leilao.hotsiteId, hotsiteId)));
  if (!le) throw new ErroHttp(404, MENSAGENS_COMANDO.leilaoNaoEncontrado);
  return le;
}

/** The brand's templates, by name. */
export async function listarModelos({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  const linhas = await db
    .select({ uid: modeloMensagemTransmissao.uid, nome: modeloMensagemTransmissao.nome, texto: modeloMensagemTransmissao.texto })
    .from(modeloMensagemTransmissao)
    .where(eq(modeloMensagemTransmissao.hotsiteId, hotsiteId))
    .orderBy(asc(modeloMensagemTransmissao.nome))
    .limit(MAXIMO_MODELOS);
  return linhas;
}

/** A new template of the brand (a name not yet used there). */
export async function criarModelo({ db, hotsiteId, entrada }: { db: Db; hotsiteId: number; entrada: unknown }) {
  const e = modeloSchema.parse(entrada);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(modeloMensagemTransmissao)
    .where(eq(modeloMensagemTransmissao.hotsiteId, hotsiteId));
  if (n >= MAXIMO_MODELOS) throw new ErroHttp(409, `No máximo ${MAXIMO_MODELOS} modelos por site: exclua um antes de criar outro`);
  const [m] = await db
    .insert(modeloMensagemTransmissao)
    .values({ hotsiteId, nome: e.nome, texto: e.texto })
    .onConflictDoNothing()
    .returning({ uid: modeloMensagemTransmissao.uid, nome: modeloMensagemTransmissao.nome, texto: modeloMensagemTransmissao.texto });
  if (!m) throw new ErroHttp(409, MENSAGENS_SINAIS.modeloRepetido, { nome: [MENSAGENS_SINAIS.modeloRepetido] });
  return m;
}

/** Removes one of the brand's templates (messages already sent stay on the screens that show them). */
export async function excluirModelo({ db, hotsiteId, modeloUid }: { db: Db; hotsiteId: number; modeloUid: unknown }) {
  const uid = uidDoModelo.parse(modeloUid);
  const [m] = await db
    .delete(modeloMensagemTransmissao)
    .where(and(eq(modeloMensagemTransmissao.uid, uid), eq(modeloMensagemTransmissao.hotsiteId, hotsiteId)))
    .returning({ nome: modeloMensagemTransmissao.nome });
  if (!m) throw new ErroHttp(404, MENSAGENS_SINAIS.modeloNaoEncontrado);
  return m;
}

/** Lots of an auction whose pages hear a template (their rooms): the open ones a viewer may be on. */
const MAXIMO_LOTES_AVISADOS = 2_000;

/**
 * Sends a template to the auction's viewers: the auditorium's room and each of its lots' rooms get
 * `mensagem-transmissao` (the lot pages show it under the lot's title). Nothing is stored: a viewer who
 * arrives later does not see it.
 */
export async function enviarModelo({ db, hub, hotsiteId, entrada }: { db: Db; hub?: Hub; hotsiteId: number; entrada: unknown }) {
  const e = enviarModeloSchema.parse(entrada);
  const le = await leilaoDaMarca(db, hotsiteId, e.leilaoUid);
  const [m] = await db
    .select({ uid: modeloMensagemTransmissao.uid, texto: modeloMensagemTransmissao.texto })
    .from(modeloMensagemTransmissao)
    .where(and(eq(modeloMensagemTransmissao.uid, e.modeloUid), eq(modeloMensagemTransmissao.hotsiteId, hotsiteId)));
  if (!m) throw new ErroHttp(404, MENSAGENS_SINAIS.modeloNaoEncontrado);
  const mensagem: MensagemDoServidor = {
    event: 'mensagem-transmissao',
    data: { leilaoUid: le.uid, modeloUid: m.uid, texto: m.texto, enviadaEm: new Date().toISOString() },
  };
  if (hub) {
    const lotes = await veiUidsDoLeilao({ db, hotsiteId, leilaoId: le.id, limite: MAXIMO_LOTES_AVISADOS });
    await hub.publicar(hotsiteId, salas.leilao(le.uid), mensagem);
    await Promise.all(lotes.map((veiUid) => hub.publicar(hotsiteId, salas.lote(veiUid), mensagem)));
  }
  return { mensagem: MENSAGENS_SINAIS.modeloEnviado };
}

/**
 * Channel update (decision 266): stores the channel's availability when given; an available channel
 * becomes the auction's live channel (its latest broadcast is what the auditorium plays), an unavailable
 * one that was live leaves the auction without video. The viewers hear `on-canal-transmissao` and switch.
 */
export async function atualizarCanal({ db, hub, hotsiteId, entrada }: { db: Db; hub?: Hub; hotsiteId: number; entrada: unknown }) {
  const e = atualizarCanalSchema.parse(entrada);
  const le = await leilaoDaMarca(db, hotsiteId, e.leilaoUid);
  const r = await db.transaction(async (tx) => {
    // The auction's row first: two switches of one auction take turns (one live channel at a time).
    await tx.execute(sql`SELECT id FROM leilao WHERE id = ${le.id} AND hotsite_id = ${hotsiteId} FOR UPDATE`);
    const [c] = await tx
      .select()
      .from(canalTransmissao)
      .where(
        and(
          eq(canalTransmissao.uid, e.canalTransmissaoUid),
          eq(canalTransmissao.leilaoId, le.id),
          eq(canalTransmissao.hotsiteId, hotsiteId),
        ),
      );
    if (!c) throw new ErroHttp(404, MENSAGENS_TRANSMISSAO.canalNaoEncontrado);
    const disponivel = e.disponivel ?? c.disponivel;
    if (!disponivel) {
      await tx
        .update(canalTransmissao)
        .set({ disponivel: false, ativo: false, updatedAt: sql`now()` })
        .where(eq(canalTransmissao.id, c.id));
      // It was live: the auction has no video until another channel goes live.
      if (c.ativo)
        await tx
          .update(leilao)
          .set({ transmissaoUrl: null })
          .where(and(eq(leilao.id, le.id), eq(leilao.hotsiteId, hotsiteId)));
      return { canal: c, disponivel, url: null, avisar: c.ativo };
    }
    const [t] = await tx
      .select({ url: transmissao.urlRmtp, videoAtivo: transmissao.videoAtivo })
      .from(transmissao)
      .where(and(eq(transmissao.canalTransmissaoId, c.id), eq(transmissao.hotsiteId, hotsiteId)))
      .orderBy(desc(transmissao.dataPublicacao), desc(transmissao.id))
      .limit(1);
    if (!t) throw new ErroHttp(409, MENSAGENS_SINAIS.canalSemTransmissao);
    await tx
      .update(canalTransmissao)
      .set({ ativo: false, updatedAt: sql`now()` })
      .where(and(eq(canalTransmissao.leilaoId, le.id), eq(canalTransmissao.hotsiteId, hotsiteId), ne(canalTransmissao.id, c.id)));
    await tx
      .update(canalTransmissao)
      .set({ disponivel: true, ativo: true, updatedAt: sql`now()` })
      .where(eq(canalTransmissao.id, c.id));
    const url = t.videoAtivo ? t.url : null;
    await tx
      .update(leilao)
      .set({ transmissaoUrl: url })
      .where(and(eq(leilao.id, le.id), eq(leilao.hotsiteId, hotsiteId)));
    return { canal: c, disponivel, url, avisar: true };
  });
  if (hub && r.avisar) {
    await hub.publicar(hotsiteId, salas.leilao(le.uid), {
      event: 'on-canal-transmissao',
      data: { leilaoUid: le.uid, canalTransmissaoUid: r.canal.uid, nome: r.canal.nome, disponivel: r.disponivel, url: r.url },
    });
  }
  return { mensagem: r.disponivel ? MENSAGENS_SINAIS.canalNoAr(r.canal.nome) : MENSAGENS_SINAIS.canalFora(r.canal.nome) };
}

/** "Refresh main player" (decision 267): every viewer's player of the auction reloads its video. */
export async function recarregarPlayer({ db, hub, hotsiteId, entrada }: { db: Db; hub?: Hub; hotsiteId: number; entrada: unknown }) {
  const e = recarregarPlayerSchema.parse(entrada);
  const le = await leilaoDaMarca(db, hotsiteId, e.leilaoUid);
  await hub?.publicar(hotsiteId, salas.leilao(le.uid), {
    event: 'recarregar-player-principal',
    data: { leilaoUid: le.uid, servidor: Date.now() },
  });
  return { mensagem: MENSAGENS_SINAIS.playerRecarregado };
}

/**
 * The three signals over the websocket: the socket's login must hold a broadcast role (Leiloeiro, ADM,
 * MKT, as `/admin/transmissao`); its session was authenticated for this brand at the upgrade, and every
 * row is looked up inside the brand. Answers a refusal for the socket, or null.
 */
export async function comandoDaEquipePeloSocket({
  db,
  hub,
  hotsiteId,
  usuarioId,
  comando,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  usuarioId: number;
  comando: ComandoDaEquipe;
}): Promise<string | null> {
  const u = await carregarUsuario(db, usuarioId);
  if (!u || !temAlgumPapel(u.papeis, PAPEIS_DA_TRANSMISSAO)) return MENSAGENS_WS.semPermissao;
  try {
    const args = { db, hub, hotsiteId, entrada: comando.data };
    if (comando.event === 'enviar-modelo-transmissao') await enviarModelo(args);
    else if (comando.event === 'atualizar-canal-transmissao') await atualizarCanal(args);
    else await recarregarPlayer(args);
    return null;
  } catch (erro) {
    if (erro instanceof ErroHttp) return erro.mensagem;
    throw erro;
  }
}
