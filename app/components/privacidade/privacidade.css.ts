import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

export const cartao = style({
  display: 'grid',
  gap: 10,
  padding: 16,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  background: vars.cor.superficie,
  margin: '16px 0',
});
export const titulo = style({ fontSize: 18, margin: 0 });
export const subtitulo = style({ fontSize: 15, margin: '8px 0 0' });
export const lista = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 8 });
export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 8,
  justifyContent: 'space-between',
  alignItems: 'center',
  paddingBlock: 6,
  borderBottom: `1px solid ${vars.cor.borda}`,
  overflowWrap: 'anywhere',
});
export const selo = style({
  fontSize: 13,
  padding: '2px 8px',
  borderRadius: vars.raio.medio,
  border: `1px solid ${vars.cor.borda}`,
  color: vars.cor.texto,
  whiteSpace: 'nowrap',
});
export const dispositivo = style({ display: 'block', fontSize: 12, color: vars.cor.textoSuave });
export const prazoAtrasado = style({ color: vars.cor.perigo, fontWeight: 700 });
