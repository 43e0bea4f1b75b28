import type { LucideIcon } from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * A lucide icon as a CSS mask (for .css.ts files, evaluated at build time): the element paints it in
 * currentColor, and the browser downloads no icon code.
 */
export function mascaraDeIcone(Icone: LucideIcon, props: Record<string, string> = {}) {
  const url = `url("data:image/svg+xml,${encodeURIComponent(renderToStaticMarkup(createElement(Icone, props)))}")`;
  return { maskImage: url, WebkitMaskImage: url };
}

/** The mask's placement: the whole icon, once, scaled to the element. */
export const encaixeDaMascara = {
  maskRepeat: 'no-repeat',
  maskPosition: 'center',
  maskSize: 'contain',
  WebkitMaskRepeat: 'no-repeat',
  WebkitMaskPosition: 'center',
  WebkitMaskSize: 'contain',
} as const;
