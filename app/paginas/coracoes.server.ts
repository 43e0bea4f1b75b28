import type { AppLoadContext } from '@remix-run/node';
import { usuarioDoPedido } from '~/modules/identidade/guard.server';
import { lotesFavoritos } from '~/modules/lances/favoritos.server';

/**
 * The favourite hearts of every lot card in a page's data (issue #5: a toggle on every card). The
 * home page's blocks, the shop's listings, the auctions' highlights and a yard's lots are searches of
 * their own, nested in different shapes: this finds the cards in the loader's data (a lot card has a
 * numeric id, a situacao and its photos), asks once which of them the client has in favourites, and
 * sets `favorito` on each (false for visitors: their heart leads to the login, as on the list page).
 */
export async function comCoracoes<T>(dados: T, request: Request, context: Pick<AppLoadContext, 'db' | 'marca'>): Promise<T> {
  const cards: { id: number; favorito?: boolean }[] = [];
  const visitar = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visitar);
    else if (v && typeof v === 'object' && !(v instanceof Date)) {
      const o = v as Record<string, unknown>;
      if (typeof o.id === 'number' && typeof o.situacao === 'string' && Array.isArray(o.fotosUrls)) cards.push(o as { id: number });
      else Object.values(o).forEach(visitar);
    }
  };
  visitar(dados);
  if (!cards.length) return dados;
  const favoritos = await favoritosDe(await usuarioDoPedido(request, context), context, [...new Set(cards.map((c) => c.id))]);
  for (const c of cards) c.favorito = favoritos.has(c.id);
  return dados;
}

/** Which of these lots the logged-in user has in favourites: none for a visitor or a user of another brand. */
export async function favoritosDe(
  usuario: { id: number; hotsiteId: number | null } | null | undefined,
  { db, marca }: Pick<AppLoadContext, 'db' | 'marca'>,
  loteIds: number[],
): Promise<Set<number>> {
  return usuario?.hotsiteId === marca.id ? lotesFavoritos({ db, hotsiteId: marca.id, usuarioId: usuario.id, loteIds }) : new Set<number>();
}
