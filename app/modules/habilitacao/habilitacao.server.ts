import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Hub } from '~/realtime/hub.server';
import { salas } from '~/realtime/protocol';
import type { Db } from '@db/client.server';
import { cliente, habilitacao, leilao, lote, usuario } from '@db/schema';
import type { Marca } from '~/modules/hotsites/hotsite.schema';
import { enfileirarEmail } from '~/modules/outbox/outbox.server';
import { habilitacao as textos } from '~/locales/pt-BR/habilitacao';
import { ErroHttp, errosPorCampo } from '~/utils/errors';
import { idSchema } from '~/utils/id';
import { textoDaMarca } from '~/utils/i18n';
import { nomeSemData } from '~/modules/catalogo/regras';
import { estadoDaHabilitacao, leilaoDoPedido, situacaoAoPedir, type EstadoHabilitacao, type SituacaoHabilitacao } from './regras';

/**
 * Habilitation (issue #12): a client accepts an auction's conditions and is enabled at once, or waits
 * for staff (SAC, ADM) when the brand asks for approval (hotsite.habilitacaoComAprovacao); staff
 * approve or refuse with a reason, and the client is told by e-mail through the outbox. The bid gate
 * (lances/participantes.server.ts) reads the same rows. Every query is scoped by the brand.
 */
type MarcaDaHabilitacao = Pick<Marca, 'id' | 'tipo' | 'tipoHabilitacao' | 'habilitacaoComAprovacao'>;

const texto = (tipo: Marca['tipo'], chave: string, opcoes?: Record<string, unknown>) => textoDaMarca(tipo, chave, opcoes, textos);

async function linhasDoUsuario(db: Db, hotsiteId: number, usuarioId: number, leilaoIds: number[]) {
  return db
    .select({ leilaoId: habilitacao.leilaoId, situacao: habilitacao.situacao, motivo: habilitacao.motivo })
    .from(habilitacao)
    .where(
      and(
        eq(habilitacao.hotsiteId, hotsiteId),
        eq(habilitacao.usuarioId, usuarioId),
        or(isNull(habilitacao.leilaoId), leilaoIds.length ? inArray(habilitacao.leilaoId, leilaoIds) : undefined),
      ),
    );
}

/** The client's state for several auctions at once (the agenda, the auction's lot list). */
export async function estadosPorLeilao({
  db,
  marca,
  usuarioId,
  leilaoIds,
}: {
  db: Db;
  marca: MarcaDaHabilitacao;
  usuarioId: number;
  leilaoIds: number[];
}): Promise<Record<number, EstadoHabilitacao>> {
  const linhas = marca.tipoHabilitacao === 'nenhuma' ? [] : await linhasDoUsuario(db, marca.id, usuarioId, leilaoIds);
  return Object.fromEntries(leilaoIds.map((id) => [id, estadoDaHabilitacao(marca.tipoHabilitacao, linhas, id)]));
}

export interface LeilaoDaHabilitacao {
  id: number;
  nome: string;
  editalUrl: string | null;
  regulamentoUrl: string;
}

/** What the habilitation box shows for one auction: its conditions and the client's state (null: logged out). */
export interface CaixaDeHabilitacao {
  leilao: LeilaoDaHabilitacao;
  comAprovacao: boolean;
  estado: EstadoHabilitacao | null;
}

/**
 * The box's data for the auctions given, for the request's user: nothing for staff or another
 * brand's user (they do not bid here), nor when the brand asks for no habilitation.
 */
/** What the box shows of an auction. */
interface LeilaoDaCaixa {
  id: number;
  uid: string;
  nome: string;
  editalUrl: string | null;
  regulamentoUid: string | null;
}

export async function caixasDeHabilitacao({
  db,
  marca,
  usuario: u,
  leilaoIds,
  lidos,
}: {
  db: Db;
  marca: MarcaDaHabilitacao;
  usuario: { id: number; hotsiteId: number | null; interno: boolean } | null;
  leilaoIds: number[];
  /** The auctions as the caller already read them from this brand (the lot page's lot): not read again. */
  lidos?: LeilaoDaCaixa[];
}): Promise<CaixaDeHabilitacao[]> {
  if (marca.tipoHabilitacao === 'nenhuma' || !leilaoIds.length) return [];
  if (u && (u.interno || u.hotsiteId !== marca.id)) return [];
  const leiloes =
    lidos && leilaoIds.every((id) => lidos.some((l) => l.id === id))
      ? lidos.filter((l) => leilaoIds.includes(l.id))
      : await db
          .select({ id: leilao.id, uid: leilao.uid, nome: leilao.nome, editalUrl: leilao.editalUrl, regulamentoUid: leilao.regulamentoUid })
          .from(leilao)
          .where(and(eq(leilao.hotsiteId, marca.id), inArray(leilao.id, leilaoIds)));
  const estados = u ? await estadosPorLeilao({ db, marca, usuarioId: u.id, leilaoIds }) : {};
  return leiloes.map((l) => ({
    leilao: {
      id: l.id,
      nome: nomeSemData(l.nome),
      editalUrl: l.editalUrl && /^(https:\/\/|\/)/.test(l.editalUrl) ? l.editalUrl : null,
      regulamentoUrl: `/regulamento/${l.regulamentoUid ?? l.uid}`,
    },
    comAprovacao: marca.habilitacaoComAprovacao,
    estado: u ? (estados[l.id] ?? null) : null,
  }));
}

export const pedidoSchema = z.object({
  leilaoId: idSchema('leilaoId inválido'),
  /** The page's checkbox; the JSON API's call is itself the acceptance (the app shows the terms first). */
  aceite: z.boolean().default(true),
});

/**
 * The client asks to be enabled for an auction (accepting its conditions): enabled at once, or
 * pending staff approval. Asking again while enabled or pending changes nothing; after a refusal it
 * is a new request (the reason is cleared).
 */
export async function pedirHabilitacao({
  db,
  marca,
  usuarioId,
  entrada,
  hub,
}: {
  db: Db;
  marca: MarcaDaHabilitacao;
  usuarioId: number;
  entrada: unknown;
  /** Staff following the auction hear the request (decision 264). */
  hub?: Hub;
}): Promise<{ mensagem: string; leilaoId: number; situacao: SituacaoHabilitacao }> {
  const { leilaoId, aceite } = pedidoSchema.parse(entrada);
  const m = (chave: string) => texto(marca.tipo, `habilitacao_mensagens.${chave}`);
  if (!aceite) throw new ErroHttp(400, m('aceite_obrigatorio'), { aceite: [m('aceite_obrigatorio')] });
  const [existe] = await db
    .select({ id: leilao.id, uid: leilao.uid })
    .from(leilao)
    .where(and(eq(leilao.id, leilaoId), eq(leilao.hotsiteId, marca.id)));
  if (!existe) throw new ErroHttp(404, m('leilao_nao_encontrado'));
  if (marca.tipoHabilitacao === 'nenhuma') return { mensagem: m('nao_exigida'), leilaoId, situacao: 'Habilitado' };

  const linhas = await linhasDoUsuario(db, marca.id, usuarioId, [leilaoId]);
  const atual = estadoDaHabilitacao(marca.tipoHabilitacao, linhas, leilaoId).situacao;
  const passo = situacaoAoPedir(atual, marca.habilitacaoComAprovacao);
  if (!passo.muda)
    return { mensagem: m(passo.situacao === 'Habilitado' ? 'ja_habilitado' : 'ja_pendente'), leilaoId, situacao: passo.situacao };
  const agora = new Date();
  const valores = { situacao: passo.situacao, motivo: null, aceiteEm: agora, decididoPor: null, decididoEm: null };
  await db
    .insert(habilitacao)
    .values({ hotsiteId: marca.id, usuarioId, leilaoId: leilaoDoPedido(marca.tipoHabilitacao, leilaoId), ...valores })
    .onConflictDoUpdate({ target: [habilitacao.usuarioId, habilitacao.leilaoId], set: valores });
  avisarAcompanhamento(hub, marca.id, existe.uid, usuarioId, passo.situacao);
  return { mensagem: m(passo.situacao === 'Habilitado' ? 'realizada' : 'pedido_enviado'), leilaoId, situacao: passo.situacao };
}

const decididoPorUsuario = alias(usuario, 'decidido_por_usuario');

/** The staff queue (pending first, oldest first) or one client's habilitations, on this brand. */
export async function listarHabilitacoes({
  db,
  hotsiteId,
  situacao,
  usuarioId,
  limite = 100,
}: {
  db: Db;
  hotsiteId: number;
  situacao?: SituacaoHabilitacao;
  usuarioId?: number;
  limite?: number;
}) {
  const rows = await db
    .select({
      id: habilitacao.id,
      situacao: habilitacao.situacao,
      motivo: habilitacao.motivo,
      pedidoEm: habilitacao.createdAt,
      aceiteEm: habilitacao.aceiteEm,
      decididoEm: habilitacao.decididoEm,
      decididoPor: decididoPorUsuario.nome,
      leilaoId: habilitacao.leilaoId,
      leilaoNome: leilao.nome,
      usuarioId: usuario.id,
      nome: usuario.nome,
      email: usuario.email,
      clienteId: cliente.id,
    })
    .from(habilitacao)
    .innerJoin(usuario, eq(usuario.id, habilitacao.usuarioId))
    .leftJoin(cliente, eq(cliente.usuarioId, usuario.id))
    .leftJoin(leilao, eq(leilao.id, habilitacao.leilaoId))
    .leftJoin(decididoPorUsuario, eq(decididoPorUsuario.id, habilitacao.decididoPor))
    .where(
      and(
        eq(habilitacao.hotsiteId, hotsiteId),
        situacao ? eq(habilitacao.situacao, situacao) : undefined,
        usuarioId ? eq(habilitacao.usuarioId, usuarioId) : undefined,
      ),
    )
    .orderBy(situacao === 'Pendente' ? asc(habilitacao.createdAt) : desc(habilitacao.createdAt), asc(habilitacao.id))
    .limit(limite);
  return rows.map((r) => ({ ...r, leilaoNome: r.leilaoNome ? nomeSemData(r.leilaoNome) : null }));
}

export const decisaoSchema = z.discriminatedUnion(
  'decisao',
  [
    z.object({ decisao: z.literal('aprovar'), id: idSchema('Habilitação não encontrada') }),
    z.object({
      decisao: z.literal('recusar'),
      id: idSchema('Habilitação não encontrada'),
      motivo: z
        .string({ error: 'Informe o motivo da recusa' })
        .trim()
        .min(3, 'Informe o motivo da recusa')
        .max(500, 'O motivo deve ter no máximo 500 caracteres'),
    }),
  ],
  { error: 'Escolha aprovar ou recusar' },
);

/**
 * Staff decide a pending habilitation of this brand: approve, or refuse with a reason. The client is
 * told by e-mail (outbox, in the same transaction), with a link on the brand's own domain.
 */
export async function decidirHabilitacao({
  db,
  marca,
  urlBase,
  entrada,
  decididoPor,
  hub,
}: {
  db: Db;
  marca: Pick<Marca, 'id' | 'tipo'>;
  urlBase: string;
  entrada: unknown;
  decididoPor: number;
  /** Staff following the auction hear the decision (decision 264). */
  hub?: Hub;
}) {
  const lido = decisaoSchema.safeParse(entrada);
  // The screens show one sentence ("Informe o motivo da recusa"), not "check the fields".
  if (!lido.success) throw new ErroHttp(400, lido.error.issues[0]?.message ?? 'Dados inválidos', errosPorCampo(lido.error));
  const d = lido.data;
  const r = await db.transaction(async (tx) => {
    const [h] = await tx
      .select({
        id: habilitacao.id,
        usuarioId: habilitacao.usuarioId,
        leilaoUid: leilao.uid,
        situacao: habilitacao.situacao,
        leilaoId: habilitacao.leilaoId,
        leilaoNome: leilao.nome,
        nome: usuario.nome,
        email: usuario.email,
      })
      .from(habilitacao)
      .innerJoin(usuario, eq(usuario.id, habilitacao.usuarioId))
      .leftJoin(leilao, eq(leilao.id, habilitacao.leilaoId))
      .where(and(eq(habilitacao.id, d.id), eq(habilitacao.hotsiteId, marca.id)))
      .for('update', { of: habilitacao });
    if (!h) throw new ErroHttp(404, 'Habilitação não encontrada');
    if (h.situacao !== 'Pendente') throw new ErroHttp(409, 'Esta habilitação já foi decidida');
    const situacao = d.decisao === 'aprovar' ? 'Habilitado' : 'Recusado';
    const motivo = d.decisao === 'recusar' ? d.motivo : null;
    await tx
      .update(habilitacao)
      .set({ situacao, motivo, decididoPor, decididoEm: new Date() })
      .where(and(eq(habilitacao.id, h.id), eq(habilitacao.hotsiteId, marca.id)));
    const nomeLeilao = h.leilaoNome ? nomeSemData(h.leilaoNome) : marca.tipo === 'loja' ? 'todos os eventos' : 'todos os leilões';
    // The auction's lot list: where the client bids, or asks again after fixing what the reason says.
    const link = `${urlBase}/${textoDaMarca(marca.tipo, 'caminho_lista')}${h.leilaoId ? `?leilao=${h.leilaoId}` : ''}`;
    const opcoes = { nome: h.nome.split(' ')[0], leilao: nomeLeilao, motivo, link };
    await enfileirarEmail({
      db: tx,
      hotsiteId: marca.id,
      para: h.email,
      assunto: texto(marca.tipo, `habilitacao_email.assunto_${d.decisao === 'aprovar' ? 'aprovada' : 'recusada'}`, opcoes),
      texto: texto(marca.tipo, `habilitacao_email.${d.decisao === 'aprovar' ? 'aprovada' : 'recusada'}`, opcoes),
    });
    return {
      mensagem: d.decisao === 'aprovar' ? 'Habilitação aprovada' : 'Habilitação recusada',
      id: h.id,
      situacao,
      avisar: { leilaoUid: h.leilaoUid, usuarioId: h.usuarioId },
    };
  });
  const { avisar, ...resposta } = r;
  // After commit. A habilitation for every auction (no auction) has no one room to tell.
  if (avisar.leilaoUid) avisarAcompanhamento(hub, marca.id, avisar.leilaoUid, avisar.usuarioId, r.situacao);
  return resposta;
}

/** The auction's follow-up room (staff) hears that one of its clients' habilitation changed; never throws. */
function avisarAcompanhamento(hub: Hub | undefined, hotsiteId: number, leilaoUid: string, usuarioId: number, situacao: string) {
  void hub?.publicar(hotsiteId, salas.backoffice(leilaoUid), {
    event: 'backoffice-cliente',
    data: { leilaoUid, usuarioId, motivo: 'habilitacao', situacao },
  });
}

/** The box of a lot's auction (the lot page and /lances/<veiUid>), or null when none is shown. */
export async function caixaDoLote({
  db,
  marca,
  usuario: u,
  loteId,
  leilaoId: conhecido,
  leilaoLido,
}: {
  db: Db;
  marca: MarcaDaHabilitacao;
  usuario: { id: number; hotsiteId: number | null; interno: boolean } | null;
  loteId: number;
  /** The lot's auction when the caller has already read it (the lot page): saves reading it again. */
  leilaoId?: number | null;
  /** And what the box shows of it, read with the lot from this brand: the auction is not read either. */
  leilaoLido?: LeilaoDaCaixa | null;
}): Promise<CaixaDeHabilitacao | null> {
  if (marca.tipoHabilitacao === 'nenhuma') return null;
  const leilaoId =
    conhecido !== undefined
      ? conhecido
      : ((
          await db
            .select({ leilaoId: lote.leilaoId })
            .from(lote)
            .where(and(eq(lote.id, loteId), eq(lote.hotsiteId, marca.id)))
        )[0]?.leilaoId ?? null);
  if (!leilaoId) return null;
  const [caixa] = await caixasDeHabilitacao({ db, marca, usuario: u, leilaoIds: [leilaoId], lidos: leilaoLido ? [leilaoLido] : undefined });
  return caixa ?? null;
}
