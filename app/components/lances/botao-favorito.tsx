import { useLocation } from '@remix-run/react';
import { Heart } from 'lucide-react';
import { useEffect, useState } from 'react';
import * as s from './botao-favorito.css';
import { useFavorito } from './use-favorito';

/**
 * The lot page's favourite toggle (cards have FavoritoCard): removes if present, else creates (spec
 * section 7). Optimistic with JavaScript; a plain form post without it.
 */
export function BotaoFavorito({ veiUid, favorito }: { veiUid: string; favorito: boolean }) {
  const { fetcher, ativo } = useFavorito(favorito);
  const local = useLocation();
  const [js, setJs] = useState(false);
  useEffect(() => setJs(true), []);
  return (
    <fetcher.Form method="post" action="/lances/acao" className={s.formulario}>
      <input type="hidden" name="intencao" value="favorito" />
      <input type="hidden" name="veiUid" value={veiUid} />
      <input type="hidden" name="redirectTo" value={`${local.pathname}${local.search}`} />
      {js ? <input type="hidden" name="_js" value="1" /> : null}
      <button
        type="submit"
        className={ativo ? s.ativo : s.botao}
        aria-pressed={ativo}
        aria-label={ativo ? 'Remover dos favoritos' : 'Adicionar aos favoritos'}
        data-testid="botao-favorito"
      >
        <Heart size={20} aria-hidden fill={ativo ? 'currentColor' : 'none'} />
      </button>
    </fetcher.Form>
  );
}
