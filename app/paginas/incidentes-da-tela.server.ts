import type { AppLoadContext } from '@remix-run/node';
import type { UsuarioLogado } from '~/modules/identidade/guard.server';
import { ACESSOS } from '~/modules/dominio/acessos';
import { temAlgumPapel } from '~/modules/dominio/papeis';
import { incidentesDe } from '~/modules/operacoes/incidentes.server';

/**
 * A client's or lot's incidents for its staff screen, only to whom the incident screens are open
 * (SAC + ADM): a Leilão user on the lot screen sees none.
 */
export async function incidentesDaTela(
  context: Pick<AppLoadContext, 'db' | 'marca'>,
  eu: UsuarioLogado | null,
  de: { clienteId: number } | { loteId: number },
) {
  if (!eu || !temAlgumPapel(eu.papeis, ACESSOS['/admin/incidentes'] as readonly string[])) return null;
  const itens = await incidentesDe({ db: context.db, hotsiteId: context.marca.id, ...de });
  return itens.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() }));
}
