import { assignInlineVars } from '@vanilla-extract/dynamic';
import { tokensDaMarca, type CoresDaMarca } from './brand-tokens';
import { vars } from './contract.css';

/** Inline style for <html>: the brand's sanitised tokens as the contract's CSS variables. */
export function estiloDaMarca(marca: CoresDaMarca): Record<string, string> {
  return assignInlineVars(vars, tokensDaMarca(marca)) as Record<string, string>;
}
