import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

const base = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 8,
  fontWeight: 600,
  textDecoration: 'none',
  borderRadius: vars.raio.medio,
  padding: '6px 12px',
} as const;

/** In the footer: the footer's own colours, outlined (no opacity: the brand colour leaves no contrast to spare). */
export const selo = style({ ...base, border: '1px solid currentColor', color: 'inherit', marginBottom: 12 });

/** Beside a payment instruction. */
export const seloPagamento = style({
  ...base,
  border: `1px solid ${vars.cor.sucesso}`,
  color: vars.cor.texto,
  background: vars.cor.superficie,
  margin: '8px 0',
});
