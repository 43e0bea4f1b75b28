import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { midia } from '../../theme/tokens';

export const area = style({
  display: 'grid',
  gridTemplateColumns: '240px minmax(0, 1fr)',
  gap: 24,
  paddingBlock: 24,
  '@media': { [midia.ateSm]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const menu = style({
  background: vars.cor.superficie,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  padding: 12,
  alignSelf: 'start',
});
export const modulo = style({ fontSize: 12, textTransform: 'uppercase', color: vars.cor.textoSuave, margin: '12px 8px 4px' });
export const link = style({
  display: 'block',
  padding: '6px 8px',
  borderRadius: vars.raio.pequeno,
  color: vars.cor.texto,
  textDecoration: 'none',
  selectors: { '&:hover, &[aria-current="page"]': { background: vars.cor.fundo, color: vars.cor.primaria } },
});
globalStyle(`${menu} ul`, { listStyle: 'none', margin: 0, padding: 0 });
