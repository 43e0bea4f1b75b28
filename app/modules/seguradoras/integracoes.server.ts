import '~/utils/zod-pt-br';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { ErroHttp } from '~/utils/errors';
import { linhas } from '~/utils/linhas.server';
import { INTEGRADORAS_SEGURADORAS } from './receptor.server';

/*
 * Each brand's link to each insurer, kept by ADM (decision 206): the address that takes our status updates
 * and the shared secret that signs both ways. The secret is made here (32 random bytes), answered once to
 * the action that set or rotated it, and never read back: the list says only when it last changed. It is
 * kept in the clear because HMAC needs it, and it never reaches a log (the request log has no bodies).
 */

export const SEGURADORAS = Object.values(INTEGRADORAS_SEGURADORAS);

export const MENSAGENS_INTEGRACAO = {
  segredoGerado: 'Segredo gerado: copie-o agora, ele não será mostrado de novo',
  salva: 'Integração salva',
  url: 'Informe um endereço https:// (ou http:// em testes locais) para as atualizações',
} as const;

export const integracaoSchema = z.object({
  integradora: z.enum(SEGURADORAS, { error: 'Seguradora inválida' }),
  urlStatus: z.preprocess(
    (v) => (v === '' || v == null ? null : v),
    z
      .url({ error: MENSAGENS_INTEGRACAO.url, protocol: /^https?$/ })
      .max(500, MENSAGENS_INTEGRACAO.url)
      .nullable(),
  ),
  ativo: z.preprocess((v) => v === true || v === 'on' || v === 'true', z.boolean()),
});

/** The brand's insurers, with or without a link yet; the secret itself is never in it. */
export async function integracoesDaMarca({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  const existentes = linhas<{ integradora: string; urlStatus: string | null; ativo: boolean; segredoEm: string }>(
    await db.execute(sql`SELECT integradora, url_status AS "urlStatus", ativo, updated_at AS "segredoEm"
        FROM seguradora_integracao WHERE hotsite_id = ${hotsiteId}`),
  );
  return SEGURADORAS.map((integradora) => {
    const e = existentes.find((x) => x.integradora === integradora);
    return {
      integradora,
      configurada: !!e,
      urlStatus: e?.urlStatus ?? null,
      ativo: e?.ativo ?? false,
      segredoEm: e ? new Date(e.segredoEm).toISOString() : null,
    };
  });
}

/** Saves the address and whether the link is on; a link saved for the first time gets its secret (answered once). */
export async function salvarIntegracao({ db, hotsiteId, entrada }: { db: Db; hotsiteId: number; entrada: unknown }) {
  const e = integracaoSchema.parse(entrada);
  const novo = randomBytes(32).toString('base64url');
  const [r] = linhas<{ criada: boolean }>(
    await db.execute(sql`INSERT INTO seguradora_integracao (hotsite_id, integradora, segredo, url_status, ativo)
        VALUES (${hotsiteId}, ${e.integradora}, ${novo}, ${e.urlStatus}, ${e.ativo})
        ON CONFLICT (hotsite_id, integradora) DO UPDATE SET url_status = EXCLUDED.url_status, ativo = EXCLUDED.ativo
        RETURNING (xmax = 0) AS criada`),
  );
  return r.criada ? { segredo: novo } : { segredo: null };
}

/** A new secret for the link (the old one stops at once); answered once. */
export async function rotacionarSegredo({ db, hotsiteId, integradora }: { db: Db; hotsiteId: number; integradora: unknown }) {
  const i = integracaoSchema.shape.integradora.parse(integradora);
  const novo = randomBytes(32).toString('base64url');
  const r = linhas(
    await db.execute(sql`UPDATE seguradora_integracao SET segredo = ${novo}, updated_at = now()
        WHERE hotsite_id = ${hotsiteId} AND integradora = ${i} RETURNING id`),
  );
  if (!r.length) throw new ErroHttp(404, 'Integração com esta seguradora não configurada para esta marca');
  return { segredo: novo };
}
