import { useLocation } from '@remix-run/react';
import { useFavorito } from '../lances/use-favorito';
import * as b from '../lances/botao-favorito.css';
import * as ic from './icones-card.css';

/**
 * The grid's one favourite form (issue #5): every card's heart submits it with its lot id as the
 * button's value, so a card adds one button, not a form of four fields. Hidden: only the buttons show.
 */
export function FormularioFavoritos({ id }: { id: string }) {
  const local = useLocation();
  return (
    <form id={id} method="post" action="/lances/acao" hidden>
      <input type="hidden" name="intencao" value="favorito" />
      <input type="hidden" name="redirectTo" value={`${local.pathname}${local.search}`} />
    </form>
  );
}

/**
 * A card's heart. Without JavaScript it posts the grid's form (the action redirects back, or to the
 * login for visitors, as on the lot page); with it, a fetcher posts the same fields and the heart
 * answers in place, optimistically.
 */
export function FavoritoCard({ loteId, favorito, formulario }: { loteId: number; favorito: boolean; formulario: string }) {
  const { fetcher, ativo } = useFavorito(favorito);
  return (
    <button
      type="submit"
      form={formulario}
      name="loteId"
      value={loteId}
      className={`${ativo ? b.ativo : b.botao} ${ativo ? ic.coracaoCheio : ic.coracao}`}
      aria-pressed={ativo}
      aria-label={ativo ? 'Remover dos favoritos' : 'Adicionar aos favoritos'}
      data-testid="botao-favorito"
      onClick={(e) => {
        e.preventDefault();
        const redirectTo = `${window.location.pathname}${window.location.search}`;
        fetcher.submit({ intencao: 'favorito', loteId: String(loteId), redirectTo, _js: '1' }, { method: 'post', action: '/lances/acao' });
      }}
    />
  );
}
