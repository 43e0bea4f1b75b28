import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

export const lista = style({ listStyle: 'none', padding: 0, margin: '0 0 24px', display: 'grid', gap: 8 });
export const item = style({
  padding: '12px 14px',
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  background: vars.cor.fundo,
});
export const naoLida = style({ borderLeft: `4px solid ${vars.cor.primaria}` });
export const titulo = style({ fontWeight: 700, margin: 0 });
export const texto = style({ margin: '4px 0 0' });
export const quando = style({ color: vars.cor.textoSuave, fontSize: 13 });
export const rolagem = style({ overflowX: 'auto' });
export const celula = style({ textAlign: 'center', padding: '6px 8px', borderBottom: `1px solid ${vars.cor.borda}` });
export const celulaEvento = style({ textAlign: 'left', padding: '6px 8px', borderBottom: `1px solid ${vars.cor.borda}` });
