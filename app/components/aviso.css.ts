import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const aviso = style({
  padding: '12px 16px',
  borderRadius: vars.raio.pequeno,
  marginBottom: 16,
  border: `1px solid ${vars.cor.borda}`,
  borderLeft: `4px solid ${vars.cor.info}`,
  background: vars.cor.fundo,
});
export const avisoErro = style([aviso, { borderLeftColor: vars.cor.perigo }]);
export const avisoSucesso = style([aviso, { borderLeftColor: vars.cor.sucesso }]);
