import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import type { Hub } from '~/realtime/hub.server';
import { salas } from '~/realtime/protocol';
import type { Logger } from '~/utils/logger.server';
import { linhas } from '~/utils/linhas.server';

/*
 * Chat read receipts and visitor page views (decision 074): many small facts from thousands of
 * browsers. Each instance keeps them in memory and writes them every `intervaloMs` with one INSERT per
 * kind (rows passed as one JSON parameter), never one statement per message. A receipt is one row per
 * message and reader (a repeat is ignored; the author's own is not counted); after a batch, the
 * auctioneer's room hears the new read counts of the messages it touched (`chat-leituras`).
 * What is pending when an instance dies is lost: they are statistics, not records.
 */

interface Leitura {
  hotsiteId: number;
  usuarioId: number;
  leilaoUid: string;
  mensagemUid: string;
}

export interface Visita {
  hotsiteId: number;
  visitanteUid: string;
  usuarioId: number | null;
  url: string;
  pagina: string;
  referrer: string | null;
}

/** Pending rows kept per kind; past this, new ones are dropped until the next write. */
const MAXIMO_PENDENTE = 20_000;

export function criarRegistrosAoVivo({
  db,
  hub,
  logger,
  intervaloMs = 2_000,
}: {
  db: Db;
  hub?: () => Hub | undefined;
  logger: Logger;
  intervaloMs?: number;
}) {
  /** Keyed by hotsite, reader and message: the same receipt twice in a window is one row. */
  let leituras = new Map<string, Leitura>();
  let visitas: Visita[] = [];
  let gravando: Promise<void> | null = null;

  async function gravarLeituras(lote: Leitura[]) {
    const json = JSON.stringify(
      lote.map((l) => ({ hotsite_id: l.hotsiteId, usuario_id: l.usuarioId, leilao_uid: l.leilaoUid, mensagem_uid: l.mensagemUid })),
    );
    const tocadas = linhas<{ hotsite_id: number; leilao_uid: string; uid: string; quantidade: number }>(
      await db.execute(sql`
        WITH novas AS (
          INSERT INTO chat_leitura (mensagem_id, usuario_id, hotsite_id)
          SELECT m.id, x.usuario_id, x.hotsite_id
            FROM jsonb_to_recordset(${json}::jsonb) AS x(hotsite_id int, usuario_id int, leilao_uid uuid, mensagem_uid uuid)
            JOIN chat_mensagem m ON m.uid = x.mensagem_uid AND m.hotsite_id = x.hotsite_id AND m.usuario_id <> x.usuario_id
            JOIN leilao le ON le.id = m.leilao_id AND le.uid = x.leilao_uid
            JOIN usuario u ON u.id = x.usuario_id AND u.hotsite_id = x.hotsite_id
          ON CONFLICT DO NOTHING
          RETURNING mensagem_id)
        SELECT m.hotsite_id, le.uid AS leilao_uid, m.uid,
               (SELECT count(*) FROM chat_leitura c WHERE c.mensagem_id = m.id)::int
                 + (SELECT count(*) FROM novas n2 WHERE n2.mensagem_id = m.id)::int AS quantidade
          FROM chat_mensagem m JOIN leilao le ON le.id = m.leilao_id
         WHERE m.id IN (SELECT mensagem_id FROM novas)`),
    );
    const h = hub?.();
    if (!h || tocadas.length === 0) return;
    const porLeilao = new Map<string, { hotsiteId: number; leilaoUid: string; leituras: { uid: string; quantidade: number }[] }>();
    for (const t of tocadas) {
      const chave = `${t.hotsite_id}:${t.leilao_uid}`;
      let g = porLeilao.get(chave);
      if (!g) porLeilao.set(chave, (g = { hotsiteId: t.hotsite_id, leilaoUid: String(t.leilao_uid), leituras: [] }));
      g.leituras.push({ uid: String(t.uid), quantidade: Number(t.quantidade) });
    }
    for (const g of porLeilao.values())
      void h.publicar(g.hotsiteId, salas.leiloeiro(g.leilaoUid), {
        event: 'chat-leituras',
        data: { leilaoUid: g.leilaoUid, leituras: g.leituras },
      });
  }

  async function gravarVisitas(lote: Visita[]) {
    const json = JSON.stringify(
      lote.map((v) => ({
        hotsite_id: v.hotsiteId,
        visitante_uid: v.visitanteUid,
        usuario_id: v.usuarioId,
        url: v.url,
        pagina: v.pagina,
        referrer: v.referrer,
      })),
    );
    await db.execute(sql`
      INSERT INTO visita_pagina (hotsite_id, visitante_uid, usuario_id, url, pagina, referrer)
      SELECT x.hotsite_id, x.visitante_uid, x.usuario_id, x.url, x.pagina, x.referrer
        FROM jsonb_to_recordset(${json}::jsonb)
             AS x(hotsite_id int, visitante_uid uuid, usuario_id int, url text, pagina text, referrer text)`);
  }

  /** Writes what is pending now (the timer calls it; tests and shutdown too). */
  function descarregar(): Promise<void> {
    if (gravando) return gravando.then(descarregar);
    const l = [...leituras.values()];
    const v = visitas;
    leituras = new Map();
    visitas = [];
    if (l.length === 0 && v.length === 0) return Promise.resolve();
    gravando = Promise.all([
      l.length ? gravarLeituras(l).catch((erro) => logger.warn({ err: erro, n: l.length }, 'falha ao gravar leituras do chat')) : null,
      v.length ? gravarVisitas(v).catch((erro) => logger.warn({ err: erro, n: v.length }, 'falha ao gravar visitas')) : null,
    ]).then(() => {
      gravando = null;
    });
    return gravando;
  }

  const timer = setInterval(() => void descarregar(), intervaloMs);
  timer.unref();

  return {
    lerChat(hotsiteId: number, usuarioId: number, leilaoUid: string, mensagemUids: string[]) {
      for (const mensagemUid of mensagemUids) {
        if (leituras.size >= MAXIMO_PENDENTE) return;
        leituras.set(`${hotsiteId}:${usuarioId}:${mensagemUid}`, { hotsiteId, usuarioId, leilaoUid, mensagemUid });
      }
    },
    visitar(v: Visita) {
      if (visitas.length < MAXIMO_PENDENTE) visitas.push(v);
    },
    descarregar,
    async parar() {
      clearInterval(timer);
      await descarregar();
    },
  };
}

export type RegistrosAoVivo = ReturnType<typeof criarRegistrosAoVivo>;
