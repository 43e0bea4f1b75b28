import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { midia } from '../../theme/tokens';

export const rodape = style({
  marginTop: 56,
  background: vars.cor.primaria,
  color: vars.cor.textoSobrePrimaria,
  paddingBlock: '40px 24px',
  fontSize: 14,
});
globalStyle(`${rodape} a`, { color: 'inherit' });

export const colunas = style({
  display: 'grid',
  gridTemplateColumns: '2fr 1fr 1fr',
  gap: 32,
  '@media': { [midia.ateSm]: { gridTemplateColumns: '1fr' } },
});

// No opacity on footer text: the brand colour behind it leaves no contrast to spare (axe color-contrast).
export const titulo = style({ fontSize: 15, margin: '0 0 10px' });
export const lista = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 6 });
export const legal = style({ borderTop: '1px solid currentColor', marginTop: 28, paddingTop: 16 });
export const redes = style({ display: 'flex', gap: 12, marginTop: 12 });
