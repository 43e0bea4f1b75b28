import { z } from 'zod';
import type { Db } from '@db/client.server';
import { incidente } from '@db/schema';
import { exigirTentativa } from '~/modules/identidade/limite.server';
import { textoLivre } from '~/utils/entrada';

/*
 * A barrier reported from the accessibility statement (issue #34 part 6, decision 237) reaches staff as an
 * incident of the brand (/admin/incidentes, SAC and ADM), with the reporter's contact in its text, so it is
 * assigned, answered and closed like any other case. The form is open to visitors: five reports an hour
 * per address.
 */

export const MENSAGENS_BARREIRA = {
  limite: 'Você já enviou vários relatos agora há pouco. Tente de novo em uma hora ou escreva para o atendimento.',
} as const;

const vazioComoAusente = (v: unknown) => (v === '' || v === null ? undefined : v);

export const relatoDeBarreiraSchema = z.object({
  nome: z.preprocess(vazioComoAusente, textoLivre(120).optional()),
  email: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.email({ error: 'Informe um e-mail válido para receber a resposta' }).max(254, 'Informe um e-mail válido para receber a resposta'),
  ),
  pagina: z.preprocess(vazioComoAusente, textoLivre(300).optional()),
  descricao: textoLivre(4000).pipe(z.string().min(10, 'Descreva a barreira encontrada (ao menos 10 caracteres)')),
  tecnologia: z.preprocess(vazioComoAusente, textoLivre(200).optional()),
});

export async function relatarBarreira({
  db,
  hotsiteId,
  ip,
  usuarioId,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  ip: string;
  usuarioId: number | null;
  entrada: unknown;
}) {
  const e = relatoDeBarreiraSchema.parse(entrada);
  await exigirTentativa(db, { limite: 'relatoDeBarreiraPorIp', chave: `${hotsiteId}:${ip}`, hotsiteId }, MENSAGENS_BARREIRA.limite);
  const descricao = [
    e.descricao,
    '',
    `Relatado por: ${e.nome ?? '(sem nome)'} <${e.email}>`,
    e.pagina ? `Página: ${e.pagina}` : null,
    e.tecnologia ? `Navegador e tecnologia assistiva: ${e.tecnologia}` : null,
  ]
    .filter((l) => l !== null)
    .join('\n');
  const [novo] = await db
    .insert(incidente)
    .values({
      hotsiteId,
      titulo: `Barreira de acessibilidade${e.pagina ? `: ${e.pagina}` : ''}`.slice(0, 160),
      descricao,
      abertoPorId: usuarioId,
    })
    .returning({ uid: incidente.uid });
  return novo!;
}
