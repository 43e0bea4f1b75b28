import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { CANAIS_DE_ENVIO, notificacaoPreferencia, notificacaoSilencio } from '@db/schema';
import { canaisDoEvento, EVENTOS, REGRAS_DOS_EVENTOS } from './eventos';

/**
 * A client's choices: per event, which channels (those the event offers), and their quiet hours. What the
 * page shows is what the queue will do (canaisDoEvento), defaults included.
 */
export async function lerPreferencias({ db, hotsiteId, usuarioId }: { db: Db; hotsiteId: number; usuarioId: number }) {
  const [escolhas, [silencio]] = await Promise.all([
    db
      .select()
      .from(notificacaoPreferencia)
      .where(and(eq(notificacaoPreferencia.hotsiteId, hotsiteId), eq(notificacaoPreferencia.usuarioId, usuarioId))),
    db
      .select({ inicio: notificacaoSilencio.inicio, fim: notificacaoSilencio.fim })
      .from(notificacaoSilencio)
      .where(and(eq(notificacaoSilencio.hotsiteId, hotsiteId), eq(notificacaoSilencio.usuarioId, usuarioId))),
  ]);
  return {
    eventos: EVENTOS.map((evento) => {
      const ativos = canaisDoEvento(evento, escolhas);
      return {
        evento,
        canais: CANAIS_DE_ENVIO.map((canal) => ({
          canal,
          oferecido: REGRAS_DOS_EVENTOS[evento].canais.includes(canal),
          ativo: ativos.includes(canal),
        })),
      };
    }),
    silencio: silencio ?? null,
  };
}

const hora = z.union([z.literal(''), z.coerce.number().int().min(0).max(23)]);
const entradaSchema = z.object({
  silencioInicio: hora.optional().default(''),
  silencioFim: hora.optional().default(''),
});

/** Saves the whole form: each offered channel of each event is on when its box `<evento>.<canal>` came checked. */
export async function salvarPreferencias({
  db,
  hotsiteId,
  usuarioId,
  form,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  form: FormData;
}) {
  const e = entradaSchema.parse({ silencioInicio: form.get('silencioInicio') ?? '', silencioFim: form.get('silencioFim') ?? '' });
  const linhas = EVENTOS.flatMap((evento) =>
    REGRAS_DOS_EVENTOS[evento].canais.map((canal) => ({
      hotsiteId,
      usuarioId,
      evento,
      canal,
      ativo: form.get(`${evento}.${canal}`) === 'on',
    })),
  );
  await db.transaction(async (tx) => {
    await tx
      .insert(notificacaoPreferencia)
      .values(linhas)
      .onConflictDoUpdate({
        target: [
          notificacaoPreferencia.hotsiteId,
          notificacaoPreferencia.usuarioId,
          notificacaoPreferencia.evento,
          notificacaoPreferencia.canal,
        ],
        set: { ativo: sql`excluded.ativo`, updatedAt: new Date() },
      });
    await tx
      .delete(notificacaoSilencio)
      .where(and(eq(notificacaoSilencio.hotsiteId, hotsiteId), eq(notificacaoSilencio.usuarioId, usuarioId)));
    if (e.silencioInicio !== '' && e.silencioFim !== '' && e.silencioInicio !== e.silencioFim) {
      await tx.insert(notificacaoSilencio).values({ hotsiteId, usuarioId, inicio: e.silencioInicio, fim: e.silencioFim });
    }
  });
}
