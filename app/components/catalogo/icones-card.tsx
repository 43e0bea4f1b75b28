import { Calendar, CircleDollarSign, Cog, FileClock, Fuel, Gauge, Heart, KeyRound, MapPin, Navigation, Palette, Repeat, Tag, TriangleAlert } from 'lucide-react';
import { createContext, useContext, useId } from 'react';
import * as s from './catalogo.css';

const ICONES = {
  ano: Calendar,
  km: Gauge,
  valor: CircleDollarSign,
  combustivel: Fuel,
  cor: Palette,
  direcao: Navigation,
  cambio: Cog,
  chave: KeyRound,
  tipo: Tag,
  revenda: Repeat,
  local: MapPin,
  alerta: TriangleAlert,
  prazo: FileClock,
  favorito: Heart,
} as const;
export type NomeIcone = keyof typeof ICONES;

const Sprite = createContext('');

/**
 * The card icons, drawn once per grid as `<symbol>`s that every card points at with `<use>`: 30
 * cards would otherwise repeat some 240 inline SVGs (about 40 % of the list page's HTML and of its
 * render time). The ids are per grid (useId), so a page with several grids stays valid.
 */
export function SimbolosDosCards({ children }: { children: React.ReactNode }) {
  const id = `ic${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  return (
    <Sprite.Provider value={id}>
      <svg className={s.sprite} aria-hidden focusable="false">
        {Object.entries(ICONES).map(([nome, Desenho]) => (
          <symbol key={nome} id={`${id}-${nome}`} viewBox="0 0 24 24">
            {/* The fill comes from each <use> (a filled heart), so the symbol inherits it. */}
            <Desenho fill="inherit" />
          </symbol>
        ))}
      </svg>
      {children}
    </Sprite.Provider>
  );
}

/** One card icon (decorative: the text beside it says what it is); `preenchido` fills it (a favourite's heart). */
export function IconeCard({ nome, tamanho = 15, preenchido = false }: { nome: NomeIcone; tamanho?: number; preenchido?: boolean }) {
  const id = useContext(Sprite);
  return (
    <svg width={tamanho} height={tamanho} fill={preenchido ? 'currentColor' : 'none'} aria-hidden focusable="false">
      <use href={`#${id}-${nome}`} />
    </svg>
  );
}
