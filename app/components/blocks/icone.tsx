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
  type LucideIcon,
} from 'lucide-react';

/** The icon names a section item may use (`icone`). Unknown names fall back to the item's position. */
export const ICONES: Record<string, LucideIcon> = {
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

export function Icone({ nome, reserva }: { nome: string | null; reserva: string }) {
  const Componente = nome ? ICONES[nome] : undefined;
  return Componente ? <Componente aria-hidden size={24} /> : <span aria-hidden>{reserva}</span>;
}
