import { icones } from './icone.css';

/** The icon of a section item (`icone`, a CSS mask). Unknown names fall back to the item's position. */
export function Icone({ nome, reserva }: { nome: string | null; reserva: string }) {
  const classe = nome && Object.hasOwn(icones, nome) ? icones[nome] : undefined;
  return classe ? <span aria-hidden className={classe} /> : <span aria-hidden>{reserva}</span>;
}
