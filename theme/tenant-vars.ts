import { assignInlineVars } from '@vanilla-extract/dynamic';
import { tokensDaMarca, type CoresDaMarca } from './brand-tokens';
import { vars } from './contract.css';

/**
 * The style of each set of colours and font seen (a few per brand over a server's life): parsing and
 * contrasting the colours cost ~0.3 ms, asked by every page's root loader (issue #35).
 */
const ESTILOS = new Map<string, Record<string, string>>();

/** Inline style for <html>: the brand's sanitised tokens as the contract's CSS variables. */
export function estiloDaMarca(marca: CoresDaMarca): Record<string, string> {
  const chave = JSON.stringify([
    marca.corPrimaria,
    marca.corSecundaria,
    marca.corGradient1,
    marca.corGradient2,
    marca.corGradient3,
    marca.fonte,
  ]);
  let estilo = ESTILOS.get(chave);
  if (!estilo) {
    estilo = assignInlineVars(vars, tokensDaMarca(marca)) as Record<string, string>;
    if (ESTILOS.size >= 1_000) ESTILOS.clear();
    ESTILOS.set(chave, estilo);
  }
  // A copy: the caller owns what it gets.
  return { ...estilo };
}
