import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

/** The buyer's deadlines: a vertical line of steps, each with its state's colour and a countdown. */
export const lista = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 0 });
export const passo = style({
  display: 'grid',
  gridTemplateColumns: '14px 1fr',
  gap: 12,
  paddingBottom: 14,
  position: 'relative',
});
export const ponto = styleVariants({
  feito: { width: 14, height: 14, borderRadius: '50%', marginTop: 4, background: vars.cor.sucesso },
  pendente: { width: 14, height: 14, borderRadius: '50%', marginTop: 4, background: vars.cor.primaria },
  vencido: { width: 14, height: 14, borderRadius: '50%', marginTop: 4, background: vars.cor.perigo },
  aviso: { width: 14, height: 14, borderRadius: '50%', marginTop: 4, background: vars.cor.alerta },
});
export const cabeca = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 8, fontWeight: 600 });
export const contagem = styleVariants({
  feito: { color: vars.cor.sucesso, fontSize: 14 },
  pendente: { color: vars.cor.texto, fontSize: 14, fontVariantNumeric: 'tabular-nums' },
  vencido: { color: vars.cor.perigo, fontSize: 14 },
  aviso: { color: vars.cor.textoSuave, fontSize: 14 },
});
export const texto = style({ margin: '2px 0 0', fontSize: 14, color: vars.cor.textoSuave, lineHeight: 1.4 });
