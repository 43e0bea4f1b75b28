import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

export const formulario = style({ display: 'inline' });
export const botao = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: 36,
  height: 36,
  borderRadius: 999,
  border: `1px solid ${vars.cor.borda}`,
  background: vars.cor.superficie,
  color: vars.cor.textoSuave,
  cursor: 'pointer',
  verticalAlign: 'middle',
  ':focus-visible': { outline: `3px solid ${vars.cor.secundaria}`, outlineOffset: 2 },
});
export const ativo = style([botao, { color: vars.cor.perigo, borderColor: vars.cor.perigo }]);
