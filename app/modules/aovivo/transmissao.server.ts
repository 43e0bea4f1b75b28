import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { canalTransmissao, leilao, transmissao } from '@db/schema';
import type { Hub } from '~/realtime/hub.server';
import { MENSAGENS_WS, publicarTransmissaoSchema, salas, type PublicarTransmissao } from '~/realtime/protocol';
import { carregarUsuario } from '~/modules/identidade/guard.server';
import { temAlgumPapel } from '~/modules/dominio/papeis';
import { PAPEIS_DA_TRANSMISSAO } from './acesso';
import { ErroHttp } from '~/utils/errors';
import { MENSAGENS_COMANDO } from './pregao.server';

/*
 * Broadcast control (spec 000 §5, 001 §7 "Broadcast"; decision 063): an auction's channels, starting a
 * broadcast (its stream URL, video/audio, template position) and publishing it, which makes it the
 * auction's video and tells the auditorium (`on-transmissao`) after commit.
 */

/** Layout templates (spec "Template"): a fixed list; a channel names one by uid. */
export const TEMPLATES_TRANSMISSAO = [
  { uid: '6f1d2c1e-0000-4000-8000-000000000001', nome: 'Uma câmera', quantidadeCameras: 1 },
  { uid: '6f1d2c1e-0000-4000-8000-000000000002', nome: 'Duas câmeras (lado a lado)', quantidadeCameras: 2 },
  { uid: '6f1d2c1e-0000-4000-8000-000000000003', nome: 'Câmera e lote (imagem sobreposta)', quantidadeCameras: 2 },
] as const;

export const MENSAGENS_TRANSMISSAO = {
  templateNaoEncontrado: 'Template de transmissão não encontrado',
  canalNaoEncontrado: 'Canal de transmissão não encontrado',
  canalIndisponivel: 'Este canal de transmissão está indisponível',
  transmissaoNaoEncontrada: 'Transmissão não encontrada',
} as const;

const leilaoUid = z.uuid({ error: 'Informe leilaoUid: o uid do leilão' });
const booleano = (campo: string) => z.boolean({ error: `${campo} deve ser verdadeiro ou falso` });
const posicao = z
  .number({ error: 'Informe posicaoTemplate: a posição no template (um número)' })
  .int('posicaoTemplate deve ser um número inteiro')
  .min(0, 'posicaoTemplate deve ser entre 0 e 99')
  .max(99, 'posicaoTemplate deve ser entre 0 e 99');

/** POST /v1/canal-transmissao: nome, disponivel, leilaoUid, templateUid, all required. */
export const canalSchema = z.object({
  nome: z
    .string({ error: 'Informe o nome do canal' })
    .trim()
    .min(1, 'Informe o nome do canal')
    .max(100, 'O nome do canal tem no máximo 100 caracteres'),
  disponivel: booleano('disponivel'),
  leilaoUid,
  templateUid: z
    .uuid({ error: 'Informe templateUid: o uid do template' })
    .refine((u) => TEMPLATES_TRANSMISSAO.some((t) => t.uid === u), MENSAGENS_TRANSMISSAO.templateNaoEncontrado),
});

/** Starting a broadcast: urlRmtp a URL, leilaoUid, videoAtivo/audioAtivo booleans, posicaoTemplate required. */
export const iniciarTransmissaoSchema = z.object({
  urlRmtp: z
    .url({ error: 'urlRmtp deve ser uma URL (rtmp://, rtmps:// ou https://)', protocol: /^(rtmps?|https?)$/ })
    .max(2000, 'urlRmtp tem no máximo 2000 caracteres'),
  leilaoUid,
  videoAtivo: booleano('videoAtivo'),
  audioAtivo: booleano('audioAtivo'),
  posicaoTemplate: posicao,
  canalTransmissaoUid: z.uuid({ error: 'canalTransmissaoUid deve ser o uid de um canal' }).optional(),
  local: z.string({ error: 'local deve ser um texto' }).trim().max(200, 'local tem no máximo 200 caracteres').optional(),
  ultimaChecagem: z.iso.datetime({ error: 'ultimaChecagem deve ser uma data e hora ISO', offset: true }).optional(),
});

/** Publishing: the protocol's schema (HTTP and websocket refuse the same input alike). */
export { publicarTransmissaoSchema };

async function leilaoDaMarca(db: Db, hotsiteId: number, uid: string) {
  const [le] = await db
    .select({ id: leilao.id, uid: leilao.uid })
    .from(leilao)
    .where(and(eq(leilao.uid, uid), eq(leilao.hotsiteId, hotsiteId)));
  if (!le) throw new ErroHttp(404, MENSAGENS_COMANDO.leilaoNaoEncontrado);
  return le;
}

type LinhaTransmissao = typeof transmissao.$inferSelect;
const comoTransmissao = (t: LinhaTransmissao, uidDoLeilao: string, canalUid: string | null) => ({
  uid: t.uid,
  canalTransmissaoUid: canalUid,
  leilaoUid: uidDoLeilao,
  urlRmtp: t.urlRmtp,
  videoAtivo: t.videoAtivo,
  audioAtivo: t.audioAtivo,
  posicaoTemplate: t.posicaoTemplate,
  videoFilename: t.videoFilename,
  videoLoop: t.videoLoop,
  videoVoltarNoSegundo: t.videoVoltarNoSegundo,
  local: t.local,
  ultimaChecagem: t.ultimaChecagem?.toISOString() ?? null,
  dataInicio: t.dataInicio.toISOString(),
  dataPublicacao: t.dataPublicacao?.toISOString() ?? null,
});

export async function criarCanal({ db, hotsiteId, entrada }: { db: Db; hotsiteId: number; entrada: unknown }) {
  const e = canalSchema.parse(entrada);
  const le = await leilaoDaMarca(db, hotsiteId, e.leilaoUid);
  const [c] = await db
    .insert(canalTransmissao)
    .values({ hotsiteId, leilaoId: le.id, nome: e.nome, disponivel: e.disponivel, templateUid: e.templateUid })
    .returning();
  return { canalTransmissaoUid: c.uid, nome: c.nome, disponivel: c.disponivel, templateUid: c.templateUid, leilaoUid: le.uid };
}

export async function iniciarTransmissao({
  db,
  hotsiteId,
  entrada,
  usuarioId,
}: {
  db: Db;
  hotsiteId: number;
  entrada: unknown;
  usuarioId: number;
}) {
  const e = iniciarTransmissaoSchema.parse(entrada);
  const le = await leilaoDaMarca(db, hotsiteId, e.leilaoUid);
  let canal: { id: number; uid: string } | null = null;
  if (e.canalTransmissaoUid) {
    const [c] = await db
      .select({ id: canalTransmissao.id, uid: canalTransmissao.uid, disponivel: canalTransmissao.disponivel })
      .from(canalTransmissao)
      .where(
        and(
          eq(canalTransmissao.uid, e.canalTransmissaoUid),
          eq(canalTransmissao.leilaoId, le.id),
          eq(canalTransmissao.hotsiteId, hotsiteId),
        ),
      );
    if (!c) throw new ErroHttp(404, MENSAGENS_TRANSMISSAO.canalNaoEncontrado);
    if (!c.disponivel) throw new ErroHttp(409, MENSAGENS_TRANSMISSAO.canalIndisponivel);
    canal = c;
  }
  const [t] = await db
    .insert(transmissao)
    .values({
      hotsiteId,
      leilaoId: le.id,
      canalTransmissaoId: canal?.id ?? null,
      urlRmtp: e.urlRmtp,
      videoAtivo: e.videoAtivo,
      audioAtivo: e.audioAtivo,
      posicaoTemplate: e.posicaoTemplate,
      local: e.local ?? null,
      ultimaChecagem: e.ultimaChecagem ? new Date(e.ultimaChecagem) : null,
      iniciadaPor: usuarioId,
    })
    .returning();
  return comoTransmissao(t, le.uid, canal?.uid ?? null);
}

/**
 * Publishes a broadcast: the given fields are stored, the broadcast's URL becomes the auction's video
 * (what the auditorium opens with) and, after commit, the auditorium room hears `on-transmissao`.
 */
export async function publicarTransmissao({ db, hub, hotsiteId, entrada }: { db: Db; hub?: Hub; hotsiteId: number; entrada: unknown }) {
  const e = publicarTransmissaoSchema.parse(entrada);
  const le = await leilaoDaMarca(db, hotsiteId, e.leilaoUid);
  const publicada = await db.transaction(async (tx) => {
    const [t] = await tx
      .update(transmissao)
      .set({
        videoAtivo: e.videoAtivo,
        audioAtivo: e.audioAtivo,
        videoLoop: e.videoLoop,
        posicaoTemplate: e.posicaoTemplate,
        videoVoltarNoSegundo: e.videoVoltarNoSegundo,
        videoFilename: e.videoFilename,
        dataPublicacao: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(transmissao.uid, e.transmissaoUid), eq(transmissao.leilaoId, le.id), eq(transmissao.hotsiteId, hotsiteId)))
      .returning();
    if (!t) throw new ErroHttp(404, MENSAGENS_TRANSMISSAO.transmissaoNaoEncontrada);
    await tx
      .update(leilao)
      .set({ transmissaoUrl: t.urlRmtp })
      .where(and(eq(leilao.id, le.id), eq(leilao.hotsiteId, hotsiteId)));
    const [c] = t.canalTransmissaoId
      ? await tx.select({ uid: canalTransmissao.uid }).from(canalTransmissao).where(eq(canalTransmissao.id, t.canalTransmissaoId))
      : [];
    return comoTransmissao(t, le.uid, c?.uid ?? null);
  });
  if (hub) {
    void hub.publicar(hotsiteId, salas.leilao(le.uid), {
      event: 'on-transmissao',
      data: {
        leilaoUid: le.uid,
        transmissaoUid: publicada.uid,
        url: publicada.urlRmtp,
        videoAtivo: publicada.videoAtivo,
        audioAtivo: publicada.audioAtivo,
        posicaoTemplate: publicada.posicaoTemplate,
        videoLoop: publicada.videoLoop,
      },
    });
  }
  return publicada;
}

/** The page's data: the auction's channels and its latest broadcasts. */
export async function dadosDaTransmissao({ db, hotsiteId, leilaoUid: uid }: { db: Db; hotsiteId: number; leilaoUid: string }) {
  const le = await leilaoDaMarca(db, hotsiteId, uid);
  const [canais, lista] = await Promise.all([
    db
      .select()
      .from(canalTransmissao)
      .where(and(eq(canalTransmissao.leilaoId, le.id), eq(canalTransmissao.hotsiteId, hotsiteId)))
      .orderBy(canalTransmissao.id)
      .limit(100),
    db
      .select({ t: transmissao, canalUid: canalTransmissao.uid })
      .from(transmissao)
      .leftJoin(canalTransmissao, eq(canalTransmissao.id, transmissao.canalTransmissaoId))
      .where(and(eq(transmissao.leilaoId, le.id), eq(transmissao.hotsiteId, hotsiteId)))
      .orderBy(desc(transmissao.id))
      .limit(20),
  ]);
  return {
    canais: canais.map((c) => ({
      canalTransmissaoUid: c.uid,
      nome: c.nome,
      disponivel: c.disponivel,
      templateUid: c.templateUid,
      ativo: c.ativo,
    })),
    transmissoes: lista.map((r) => comoTransmissao(r.t, le.uid, r.canalUid)),
  };
}

/**
 * `put-publicar-transmissao` over the websocket (spec 001 §7): the socket's user must hold a broadcast
 * role of this brand (Leiloeiro, ADM, MKT, as the page and the HTTP call); the data was already parsed
 * by the protocol with the HTTP call's schema. Answers a refusal for the socket, or null.
 */
export async function publicarTransmissaoPeloSocket({
  db,
  hub,
  hotsiteId,
  usuarioId,
  dados,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  usuarioId: number;
  dados: PublicarTransmissao;
}): Promise<string | null> {
  const u = await carregarUsuario(db, usuarioId);
  // The session was authenticated for this brand at the upgrade (autenticarToken); only the roles remain.
  if (!u || !temAlgumPapel(u.papeis, PAPEIS_DA_TRANSMISSAO)) return MENSAGENS_WS.semPermissao;
  try {
    await publicarTransmissao({ db, hub, hotsiteId, entrada: dados });
    return null;
  } catch (erro) {
    if (erro instanceof ErroHttp) return erro.mensagem;
    throw erro;
  }
}

/*
 * The YouTube and Instagram variants of the broadcast page (`/admin/transmissao/youtube/{id}`,
 * `/admin/transmissao/instagram/{id}`; decision 075): the same broadcasts, narrowed to one platform.
 * A broadcast belongs to a platform by its URL's host; starting one from a variant checks the host.
 */
export const PLATAFORMAS_TRANSMISSAO = {
  youtube: {
    nome: 'YouTube',
    exemplo: 'https://www.youtube.com/live/ID ou https://youtu.be/ID',
    hosts: ['youtube.com', 'youtu.be', 'youtube-nocookie.com'],
    protocolos: ['https:'],
    erro: 'Informe o endereço da live no YouTube (https://www.youtube.com/… ou https://youtu.be/…)',
  },
  instagram: {
    nome: 'Instagram',
    exemplo: 'rtmps://live-upload.instagram.com:443/rtmp/… ou https://www.instagram.com/perfil/live/',
    hosts: ['instagram.com', 'live-upload.instagram.com'],
    protocolos: ['https:', 'rtmps:'],
    erro: 'Informe o servidor RTMPS do Instagram (rtmps://live-upload.instagram.com…) ou o endereço da live (https://www.instagram.com/…)',
  },
} as const;
export type Plataforma = keyof typeof PLATAFORMAS_TRANSMISSAO;

/** Does this URL go to the platform (its host or a subdomain of it, over the platform's schemes)? */
export function daPlataforma(plataforma: Plataforma, url: string): boolean {
  const u = URL.parse(url.trim());
  if (!u) return false;
  const p = PLATAFORMAS_TRANSMISSAO[plataforma];
  const host = u.hostname.toLowerCase();
  return (p.protocolos as readonly string[]).includes(u.protocol) && p.hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

/** The variant's data: the auction by id (or uid), its channels, and its broadcasts of the platform. */
export async function dadosDaPlataforma({
  db,
  hotsiteId,
  plataforma,
  id,
}: {
  db: Db;
  hotsiteId: number;
  plataforma: Plataforma;
  id: string;
}) {
  const porId = /^\d{1,9}$/.test(id) ? Number(id) : null;
  const porUid = z.uuid().safeParse(id).success ? id : null;
  if (porId == null && porUid == null) throw new ErroHttp(404, MENSAGENS_COMANDO.leilaoNaoEncontrado);
  const [le] = await db
    .select({ id: leilao.id, uid: leilao.uid, nome: leilao.nome, transmissaoUrl: leilao.transmissaoUrl })
    .from(leilao)
    .where(and(porId != null ? eq(leilao.id, porId) : eq(leilao.uid, porUid!), eq(leilao.hotsiteId, hotsiteId)));
  if (!le) throw new ErroHttp(404, MENSAGENS_COMANDO.leilaoNaoEncontrado);
  const dados = await dadosDaTransmissao({ db, hotsiteId, leilaoUid: le.uid });
  return {
    leilao: le,
    canais: dados.canais,
    transmissoes: dados.transmissoes.filter((t) => daPlataforma(plataforma, t.urlRmtp)),
  };
}

/** Starts a broadcast of the platform (its URL checked), and publishes it at once when asked. */
export async function iniciarNaPlataforma({
  db,
  hub,
  hotsiteId,
  usuarioId,
  plataforma,
  entrada,
  publicar,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  usuarioId: number;
  plataforma: Plataforma;
  entrada: Record<string, unknown>;
  publicar: boolean;
}) {
  const url = typeof entrada.urlRmtp === 'string' ? entrada.urlRmtp : '';
  if (!daPlataforma(plataforma, url)) throw new ErroHttp(400, PLATAFORMAS_TRANSMISSAO[plataforma].erro);
  const t = await iniciarTransmissao({ db, hotsiteId, usuarioId, entrada });
  if (!publicar) return t;
  return publicarTransmissao({ db, hub, hotsiteId, entrada: { leilaoUid: t.leilaoUid, transmissaoUid: t.uid } });
}
