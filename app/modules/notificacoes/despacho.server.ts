import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import {
  cliente,
  hotsite,
  inscricaoPush,
  notificacaoEnvio,
  notificacaoModelo,
  notificacaoPreferencia,
  notificacaoSilencio,
  usuario,
  type CanalDeEnvio,
} from '@db/schema';
import { enfileirarEmail, enfileirarSms } from '~/modules/outbox/outbox.server';
import { textoDaMarca } from '~/utils/i18n';
import { linhas } from '~/utils/linhas.server';
import { CANAIS_QUE_ACORDAM, canaisDoEvento, ehEvento, fimDoSilencio } from './eventos';
import { tokenDeDescadastro } from './descadastro.server';
import { comoConfiguracao, configuracoesDasMarcas, modeloNaRedacao } from './modelos.server';
import type { EnviadorPush } from './push.server';
import type { ProvedorDeMensagens } from './provedor-mensagens.server';
import { textoDaNotificacao, textoDeNotificacoes } from './texto';

/**
 * Delivery, after commit, on every instance (decision 181):
 *  1. distribuir: notices not yet spread get one notificacao_envio row per channel the person chose
 *     (claimed with FOR UPDATE SKIP LOCKED, so two instances never spread the same notice); channels that
 *     wake someone wait for the end of their quiet hours;
 *  2. entregar: due deliveries are claimed by an UPDATE that marks them `enviando` with a lease; sent ones
 *     become `enviado`, failures go back to `pendente` with a growing delay, and `erro` after MAX_TENTATIVAS.
 * An e-mail is "sent" by writing it to the outbox in the same transaction that marks it, so it is queued
 * exactly once; push and WhatsApp are marked right after the provider answers, and a restart resends only
 * what was never marked (a crash between the two resends that one, after its lease).
 */
export const MAX_TENTATIVAS = 6;
const LEASE = '2 minutes';

/** The wait before attempt n+1 (n ≥ 1): 30 s, 2 min, 8 min, 32 min, then an hour. */
export const esperaAposFalha = (tentativas: number) => Math.min(30_000 * 4 ** (tentativas - 1), 3600_000);

export interface Canais {
  push?: EnviadorPush;
  mensagens?: ProvedorDeMensagens;
  /** The brand's base URL for links (LINKS_DAS_MARCAS), never the request's Host. */
  urlBase: (m: { id: number; domain: string | null; subdomain: string | null }) => string;
  /** Signs the unsubscribe links (the session secret). */
  segredo: string;
}

/** Spreads a batch of new notices into deliveries; answers who has a new notice in the bell. */
export async function distribuir({ db, agora = new Date(), lote: tamanho = 500 }: { db: Db; agora?: Date; lote?: number }) {
  return db.transaction(async (tx) => {
    const novas = linhas<{ id: number; hotsite_id: number; usuario_id: number; evento: string; canais: string[] | null }>(
      await tx.execute(sql`
        SELECT id, hotsite_id, usuario_id, evento, dados->'canais' AS canais FROM notificacao
         WHERE NOT distribuida ORDER BY id LIMIT ${tamanho} FOR UPDATE SKIP LOCKED`),
    );
    if (novas.length === 0) return [];
    const usuarios = [...new Set(novas.map((n) => n.usuario_id))];
    // One after another: a transaction is one connection, which runs one statement at a time (pg 9 refuses a
    // second one sent while the first runs).
    const escolhas = await tx.select().from(notificacaoPreferencia).where(inArray(notificacaoPreferencia.usuarioId, usuarios));
    const silencios = await tx.select().from(notificacaoSilencio).where(inArray(notificacaoSilencio.usuarioId, usuarios));
    const dasMarcas = await configuracoesDasMarcas({ db: tx, hotsiteIds: [...new Set(novas.map((n) => n.hotsite_id))] });
    const envios: (typeof notificacaoEnvio.$inferInsert)[] = [];
    for (const n of novas) {
      const minhas = escolhas.filter((e) => e.usuarioId === n.usuario_id && e.hotsiteId === n.hotsite_id);
      const silencio = silencios.find((s) => s.usuarioId === n.usuario_id && s.hotsiteId === n.hotsite_id);
      const daMarca = comoConfiguracao(dasMarcas.get(`${n.hotsite_id}:${n.evento}`));
      for (const canal of canaisDoEvento(n.evento, minhas, daMarca, Array.isArray(n.canais) ? n.canais : null)) {
        const proximaEm = CANAIS_QUE_ACORDAM.includes(canal) ? fimDoSilencio(agora, silencio) : agora;
        envios.push({ hotsiteId: n.hotsite_id, notificacaoId: n.id, canal, proximaEm });
      }
    }
    if (envios.length > 0) await tx.insert(notificacaoEnvio).values(envios).onConflictDoNothing();
    await tx.execute(sql`UPDATE notificacao SET distribuida = true WHERE id = ANY(${`{${novas.map((n) => n.id).join(',')}}`}::int[])`);
    const tocados = new Map<string, { hotsiteId: number; usuarioId: number }>();
    for (const n of novas) tocados.set(`${n.hotsite_id}:${n.usuario_id}`, { hotsiteId: n.hotsite_id, usuarioId: n.usuario_id });
    return [...tocados.values()];
  });
}

interface Reivindicado {
  id: number;
  notificacao_id: number;
  canal: CanalDeEnvio;
  tentativas: number;
}

/** Claims and sends a batch of due deliveries; answers how many were sent and how many failed. */
export async function entregar({ db, canais, lote: tamanho = 50 }: { db: Db; canais: Canais; lote?: number }) {
  const meus = linhas<Reivindicado>(
    await db.execute(sql`
      UPDATE notificacao_envio SET situacao = 'enviando', tentativas = tentativas + 1, proxima_em = clock_timestamp() + ${LEASE}::interval
       WHERE id IN (SELECT id FROM notificacao_envio
                     WHERE situacao IN ('pendente', 'enviando') AND proxima_em <= clock_timestamp()
                     ORDER BY proxima_em LIMIT ${tamanho} FOR UPDATE SKIP LOCKED)
      RETURNING id, notificacao_id, canal, tentativas`),
  );
  let enviados = 0;
  let falhas = 0;
  for (const e of meus) {
    try {
      await enviarUm(db, canais, e);
      enviados++;
    } catch (erro) {
      falhas++;
      const ultima = e.tentativas >= MAX_TENTATIVAS;
      await db
        .update(notificacaoEnvio)
        .set({
          situacao: ultima ? 'erro' : 'pendente',
          proximaEm: new Date(Date.now() + esperaAposFalha(e.tentativas)),
          erro: String((erro as Error).message ?? erro).slice(0, 300),
        })
        .where(and(eq(notificacaoEnvio.id, e.id), eq(notificacaoEnvio.situacao, 'enviando')));
    }
  }
  return { enviados, falhas };
}

/** Events whose reader acts on the lot itself (bids again, watches it close or go live): their link is the lot's page. */
const EVENTOS_DO_LANCE: readonly string[] = [
  'lance-superado',
  'maximo-atingido',
  'vencendo-encerrando',
  'favorito-aberto',
  'favorito-ao-vivo',
  'favorito-encerrando',
];

/**
 * Where a notice's link leads: the staff's screen of the work, the client's purchase, the lot's page for a
 * bidding event (any `…/ano.N/{id}` path of the brand's prefix redirects to the lot's canonical one), else
 * the bell's page.
 */
export function caminhoDoAviso(evento: string, dados: Record<string, unknown>, lote?: { id: number; tipo: 'leilao' | 'loja' } | null) {
  const venda = typeof dados.vendaId === 'number' ? dados.vendaId : null;
  if (evento === 'habilitacao-a-aprovar') return '/admin/habilitacoes';
  if (evento === 'comprovante-a-validar' && venda) return `/admin/compras/${venda}`;
  if (venda) return `/cliente/compras/${venda}`;
  if (lote && EVENTOS_DO_LANCE.includes(evento)) return caminhoCurtoDoLote(lote.tipo, lote.id);
  return '/cliente/notificacoes';
}

/** A lot's page by its id alone, under the brand's prefix: the catalogue redirects it (301) to the canonical path. */
export const caminhoCurtoDoLote = (tipo: 'leilao' | 'loja', id: number) =>
  `/${textoDaMarca(tipo, 'caminho_lista')}/brasil-br/veiculo/lote/lote/ano.0/${id}`;

const marcarEnviado = (db: Pick<Db, 'update'>, id: number) =>
  db
    .update(notificacaoEnvio)
    .set({ situacao: 'enviado', enviadoEm: new Date(), erro: null })
    .where(and(eq(notificacaoEnvio.id, id), eq(notificacaoEnvio.situacao, 'enviando')));

async function enviarUm(db: Db, canais: Canais, e: Reivindicado) {
  const [n] = linhas<{
    hotsite_id: number;
    usuario_id: number;
    evento: string;
    dados: Record<string, unknown>;
    lote_nome: string | null;
    lote_id: number | null;
  }>(
    await db.execute(sql`
      SELECT n.hotsite_id, n.usuario_id, n.evento, n.dados, l.nome AS lote_nome, n.lote_id
        FROM notificacao n LEFT JOIN lote l ON l.id = n.lote_id AND l.hotsite_id = n.hotsite_id
       WHERE n.id = ${e.notificacao_id}`),
  );
  const [marca] = await db
    .select({ id: hotsite.id, tipo: hotsite.tipo, nome: hotsite.nome, domain: hotsite.domain, subdomain: hotsite.subdomain })
    .from(hotsite)
    .where(eq(hotsite.id, n.hotsite_id));
  const [pessoa] = await db
    .select({ email: usuario.email, telefone: sql<string | null>`coalesce(${usuario.telefone}, ${cliente.telefone})` })
    .from(usuario)
    .leftJoin(cliente, and(eq(cliente.usuarioId, usuario.id), eq(cliente.hotsiteId, usuario.hotsiteId)))
    // A client of this brand, or a staff account (platform-wide: staff events, decision 212).
    .where(and(eq(usuario.id, n.usuario_id), or(eq(usuario.hotsiteId, n.hotsite_id), isNull(usuario.hotsiteId))));
  if (!marca || !pessoa || !ehEvento(n.evento)) {
    await marcarEnviado(db, e.id);
    return;
  }
  const [modelo] = await db
    .select()
    .from(notificacaoModelo)
    .where(and(eq(notificacaoModelo.hotsiteId, marca.id), eq(notificacaoModelo.evento, n.evento)));
  const { titulo, texto } = textoDaNotificacao(
    marca.tipo,
    { evento: n.evento, dados: n.dados, loteNome: n.lote_nome },
    modeloNaRedacao(modelo, marca.tipo),
  );
  const base = canais.urlBase(marca);
  const link = `${base}${caminhoDoAviso(n.evento, n.dados, n.lote_id != null ? { id: n.lote_id, tipo: marca.tipo } : null)}`;

  if (e.canal === 'email') {
    const token = tokenDeDescadastro(canais.segredo, { hotsiteId: marca.id, usuarioId: n.usuario_id, evento: n.evento });
    const descadastro = `${base}/notificacoes/descadastro/${token}`;
    const corpo = [
      texto,
      '',
      link,
      '',
      `— ${marca.nome}`,
      '',
      textoDeNotificacoes(marca.tipo, 'descadastro_rodape', { link: descadastro }),
      textoDeNotificacoes(marca.tipo, 'preferencias_rodape', { link: `${base}/cliente/notificacoes#preferencias` }),
    ].join('\n');
    // Queued in the outbox and marked in one transaction: exactly one e-mail, whatever happens after.
    await db.transaction(async (tx) => {
      await enfileirarEmail({
        db: tx,
        hotsiteId: marca.id,
        para: pessoa.email,
        assunto: titulo,
        texto: corpo,
        cabecalhos: { 'List-Unsubscribe': `<${descadastro}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      await marcarEnviado(tx, e.id);
    });
    return;
  }

  if (e.canal === 'push') {
    const inscricoes = await db
      .select()
      .from(inscricaoPush)
      .where(and(eq(inscricaoPush.hotsiteId, marca.id), eq(inscricaoPush.usuarioId, n.usuario_id)));
    if (inscricoes.length > 0) {
      if (!canais.push) throw new Error('push indisponível');
      const corpo = JSON.stringify({ titulo, texto, url: link, tag: `${n.evento}:${n.lote_id ?? ''}` });
      for (const i of inscricoes) {
        const r = await canais.push.enviar(i, corpo);
        if (r.expirada) await db.delete(inscricaoPush).where(eq(inscricaoPush.id, i.id));
      }
    }
    await marcarEnviado(db, e.id);
    return;
  }

  // WhatsApp and SMS: through the provider when configured; SMS alone falls back to the outbox.
  const mensagem = `${titulo}: ${texto} ${link}`.slice(0, 320);
  if (!pessoa.telefone) {
    await marcarEnviado(db, e.id);
  } else if (canais.mensagens?.canais.includes(e.canal as 'whatsapp' | 'sms')) {
    await canais.mensagens.enviar({ canal: e.canal as 'whatsapp' | 'sms', para: pessoa.telefone, texto: mensagem });
    await marcarEnviado(db, e.id);
  } else if (e.canal === 'sms') {
    await db.transaction(async (tx) => {
      await enfileirarSms({ db: tx, hotsiteId: marca.id, para: pessoa.telefone!, texto: mensagem });
      await marcarEnviado(tx, e.id);
    });
  } else {
    throw new Error('provedor de WhatsApp não configurado');
  }
}
