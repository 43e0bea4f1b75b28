import { style, styleVariants } from '@vanilla-extract/css';
import { Facebook, Instagram, Linkedin, Mail, Menu, MessageCircle, Phone, Youtube, type LucideIcon } from 'lucide-react';
import { encaixeDaMascara, mascaraDeIcone } from './mascara-de-icone';

/**
 * The header's and footer's icons as CSS masks drawn at build time from lucide's SVGs, so every
 * page's shared JavaScript carries no icon code. An empty inline-block sits on the baseline like
 * the inline <svg> it replaces, at the same size, painted in currentColor. Decorative: aria-hidden.
 */
const base = style({ display: 'inline-block', flexShrink: 0, backgroundColor: 'currentColor', ...encaixeDaMascara });

const variantes = <K extends string>(icones: Record<K, readonly [LucideIcon, number]>) =>
  styleVariants(icones, ([Icone, tamanho]) => [base, { width: tamanho, height: tamanho, ...mascaraDeIcone(Icone) }]);

/** The brand's social networks (keys as in the brand's redesSociais). */
export const rede = variantes({ instagram: [Instagram, 22], facebook: [Facebook, 22], youtube: [Youtube, 22], linkedin: [Linkedin, 22] });

export const contato = variantes({ telefone: [Phone, 14], whatsapp: [MessageCircle, 14], email: [Mail, 14] });

export const menu = style([base, { width: 24, height: 24, ...mascaraDeIcone(Menu) }]);
