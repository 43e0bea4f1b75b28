import { z } from 'zod';
import type { Db } from '@db/client.server';
import { mensagemContato, newsletterInscricao } from '@db/schema';

export const contatoSchema = z.object({
  nome: z.string().trim().min(2, 'Informe seu nome').max(120),
  email: z.email('E-mail inválido').trim().toLowerCase().max(200),
  telefone: z
    .string()
    .trim()
    .max(30)
    .nullish()
    .transform((v) => v || null),
  mensagem: z.string().trim().min(5, 'Escreva sua mensagem').max(5000),
});

/** A visitor's message through the brand's contact form, kept for the brand's staff. */
export async function enviarMensagemContato({ db, hotsiteId, entrada }: { db: Db; hotsiteId: number; entrada: unknown }) {
  const dados = contatoSchema.parse(entrada);
  const [m] = await db
    .insert(mensagemContato)
    .values({ ...dados, hotsiteId })
    .returning({ id: mensagemContato.id });
  return m;
}

const newsletterSchema = z.object({ email: z.email('E-mail inválido').trim().toLowerCase().max(200) });

/** One sign-up per e-mail per brand; signing up twice answers the same (nothing to leak). */
export async function inscreverNewsletter({ db, hotsiteId, entrada }: { db: Db; hotsiteId: number; entrada: unknown }) {
  const { email } = newsletterSchema.parse(entrada);
  await db.insert(newsletterInscricao).values({ hotsiteId, email }).onConflictDoNothing();
}
