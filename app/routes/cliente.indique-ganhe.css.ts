import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const cartao = style({
  display: 'grid',
  gap: 12,
  padding: 16,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  background: vars.cor.superficie,
  margin: '16px 0',
});
export const link = style({
  display: 'block',
  width: '100%',
  padding: '10px 12px',
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  fontSize: 14,
  background: vars.cor.fundo,
  color: vars.cor.texto,
  overflowWrap: 'anywhere',
});
export const codigo = style({ fontSize: 24, fontWeight: 700, letterSpacing: 2, color: vars.cor.primaria });
export const credito = style({ fontSize: 20, fontWeight: 700 });
export const lista = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 8 });
export const amigo = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: 8,
  padding: 12,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
});
export const suave = style({ color: vars.cor.textoSuave, fontSize: 14 });
export const selo = style({
  padding: '2px 10px',
  borderRadius: 999,
  fontSize: 13,
  background: vars.cor.secundaria,
  color: vars.cor.textoSobreSecundaria,
  alignSelf: 'center',
});
