import { style, styleVariants } from '@vanilla-extract/css';
import {
  Calendar,
  CircleDollarSign,
  Cog,
  FileClock,
  Fuel,
  Gauge,
  Heart,
  KeyRound,
  Lock,
  MapPin,
  Navigation,
  Palette,
  Repeat,
  Tag,
  TriangleAlert,
} from 'lucide-react';
import { encaixeDaMascara, mascaraDeIcone as mascara } from '../mascara-de-icone';

/**
 * The card icons as CSS masks, drawn at build time from lucide's SVGs and painted in currentColor by
 * a `::before`: 30 cards would otherwise render some 300 SVG elements, a third of the list page's
 * elements and of its render time. Decorative: the text beside each says what it is.
 */
const comIcone = style({
  selectors: {
    '&::before': {
      content: '""',
      flexShrink: 0,
      width: 15,
      height: 15,
      backgroundColor: 'currentColor',
      ...encaixeDaMascara,
    },
  },
});
const pequeno = style({ selectors: { '&::before': { width: 14, height: 14 } } });

const ICONES = {
  ano: [Calendar],
  km: [Gauge],
  valor: [CircleDollarSign],
  combustivel: [Fuel],
  cor: [Palette],
  direcao: [Navigation],
  cambio: [Cog],
  chave: [KeyRound],
  tipo: [Tag],
  revenda: [Repeat],
  local: [MapPin],
  alerta: [TriangleAlert, pequeno],
  prazo: [FileClock, pequeno],
  exclusivo: [Lock, pequeno],
} as const;
export type NomeIcone = keyof typeof ICONES;

/** `className={icone.ano}`: the element gets the icon before its content (it should be a flex row). */
export const icone = styleVariants(ICONES, ([Icone, ...extra]) => [comIcone, ...extra, { selectors: { '&::before': mascara(Icone) } }]);

/** The card's heart: outline, or filled for a favourite. */
export const coracao = style([comIcone, { selectors: { '&::before': { width: 18, height: 18, ...mascara(Heart) } } }]);
export const coracaoCheio = style([
  comIcone,
  { selectors: { '&::before': { width: 18, height: 18, ...mascara(Heart, { fill: 'black' }) } } },
]);
