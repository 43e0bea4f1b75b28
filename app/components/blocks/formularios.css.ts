import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

export const formulario = style({ display: 'grid', gap: 12, maxWidth: 640 });
export const linha = style({ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'end' });
export const campo = style({ display: 'grid', gap: 4, fontWeight: 600, flex: '1 1 220px' });
export const entrada = style({
  font: 'inherit',
  fontWeight: 400,
  padding: '10px 12px',
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.pequeno,
  background: vars.cor.superficie,
  color: vars.cor.texto,
});
export const confirmacao = style({
  padding: '12px 16px',
  borderRadius: vars.raio.medio,
  background: vars.cor.sucesso,
  color: '#fff',
  fontWeight: 600,
});
export const erro = style([confirmacao, { background: vars.cor.perigo }]);
export const caixa = style({
  background: vars.cor.superficie,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  padding: 20,
});
