import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const numeros = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
  gap: 12,
  margin: '16px 0 24px',
});
export const numero = style({
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  padding: '12px 16px',
  background: vars.cor.fundo,
});
globalStyle(`${numero} dt`, { fontSize: 13, color: vars.cor.textoSuave });
globalStyle(`${numero} dd`, { margin: 0, fontSize: 24, fontWeight: 700, fontVariantNumeric: 'tabular-nums' });
export const semQuebra = style({ whiteSpace: 'nowrap' });
