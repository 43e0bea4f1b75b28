import { useFetcher, useLocation } from '@remix-run/react';
import { Heart } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import * as s from './botao-favorito.css';

/**
 * Favourite toggle for every lot card and the lot page: removes if present, else creates (spec
 * section 7). Optimistic with JavaScript; a plain form post without it. Visitors who are not logged
 * in are sent to the login by the action. The lot page names the vehicle (`veiUid`), a card its lot
 * (`loteId`); a card draws the heart from its grid's icon sprite (`desenho`).
 */
export function BotaoFavorito({
  veiUid,
  loteId,
  favorito,
  desenho = (ativo) => <Heart size={20} aria-hidden fill={ativo ? 'currentColor' : 'none'} />,
}: {
  veiUid?: string;
  loteId?: number;
  favorito: boolean;
  desenho?: (ativo: boolean) => ReactNode;
}) {
  const fetcher = useFetcher<{ favorito?: boolean }>();
  const local = useLocation();
  const [js, setJs] = useState(false);
  useEffect(() => setJs(true), []);
  const atual = fetcher.data?.favorito ?? favorito;
  const ativo = fetcher.formData ? !atual : atual;
  return (
    <fetcher.Form method="post" action="/lances/acao" className={s.formulario}>
      <input type="hidden" name="intencao" value="favorito" />
      {veiUid ? <input type="hidden" name="veiUid" value={veiUid} /> : <input type="hidden" name="loteId" value={loteId} />}
      <input type="hidden" name="redirectTo" value={`${local.pathname}${local.search}`} />
      {js ? <input type="hidden" name="_js" value="1" /> : null}
      <button type="submit" className={ativo ? s.ativo : s.botao} aria-pressed={ativo} aria-label={ativo ? 'Remover dos favoritos' : 'Adicionar aos favoritos'} data-testid="botao-favorito">
        {desenho(ativo)}
      </button>
    </fetcher.Form>
  );
}
