import { style, styleVariants } from '@vanilla-extract/css';
import {
  BadgeCheck,
  Bot,
  Building2,
  CheckCircle,
  Clock,
  CreditCard,
  FileText,
  Gavel,
  Landmark,
  MapPin,
  Search,
  Shield,
  Tag,
  Truck,
  User,
  Video,
  Zap,
} from 'lucide-react';
import { encaixeDaMascara, mascaraDeIcone as mascara } from '../mascara-de-icone';

/**
 * The section items' icons as CSS masks drawn at build time from lucide's SVGs (24 px, currentColor):
 * the home page's JavaScript carries no icon code (issue #16).
 */
const base = style({ display: 'inline-block', width: 24, height: 24, backgroundColor: 'currentColor', ...encaixeDaMascara });

const ICONES = {
  usuario: User,
  check: CheckCircle,
  martelo: Gavel,
  caminhao: Truck,
  busca: Search,
  etiqueta: Tag,
  robo: Bot,
  mapa: MapPin,
  selo: BadgeCheck,
  documento: FileText,
  video: Video,
  raio: Zap,
  relogio: Clock,
  cartao: CreditCard,
  banco: Landmark,
  escudo: Shield,
  predio: Building2,
};

/** One class per icon name a section item may use (`icone`). */
export const icones: Record<string, string> = styleVariants(ICONES, (Icone) => [base, mascara(Icone)]);
