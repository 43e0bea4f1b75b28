import type { AppLoadContext } from '@remix-run/node';
import { usuarioDoPedido } from '~/modules/identity/guard.server';
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
  const usuario = await usuarioDoPedido(request, context);
  const favoritos =
    usuario?.hotsiteId === context.marca.id
      ? await lotesFavoritos({ db: context.db, hotsiteId: context.marca.id, usuarioId: usuario.id, loteIds: [...new Set(cards.map((c) => c.id))] })
      : new Set<number>();
  for (const c of cards) c.favorito = favoritos.has(c.id);
  return dados;
}
