import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

export const intro = style({ fontSize: 13, color: vars.cor.textoSuave, margin: '0 0 10px' });
export const lista = style({ listStyle: 'none', margin: 0, padding: 0 });
// The name and the answer share a line when they fit; a long answer (a creditor, a court block) wraps
// below the name on a phone instead of squeezing it.
export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: '2px 12px',
  padding: '8px 0',
  borderBottom: `1px solid ${vars.cor.borda}`,
  fontSize: 14,
  selectors: { '&:last-child': { borderBottom: 'none' } },
});
export const nome = style({ fontWeight: 600, flex: '0 0 auto' });
export const resultado = style({ flex: '1 1 14em', textAlign: 'right', fontWeight: 600, overflowWrap: 'anywhere' });
export const estado = styleVariants({
  ok: { color: vars.cor.sucesso },
  atencao: { color: vars.cor.perigo },
  // Amber text on white is unreadable: a failed check is dark text on an amber chip.
  falhou: { background: vars.cor.alerta, color: vars.cor.texto, borderRadius: 4, paddingInline: 6 },
  nao_consultado: { color: vars.cor.textoSuave, fontWeight: 400 },
});
export const rodape = style({
  flexBasis: '100%',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2px 10px',
  fontSize: 12,
  color: vars.cor.textoSuave,
});
export const velho = style({ color: vars.cor.perigo, fontWeight: 600 });
