import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

/** Editor and preview stacked: the preview first, so a change shows above the form that made it. */
export const lado = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 16 });
export const colunaPrevia = style({ order: -1 });
/** Scrolls a long page preview inside a fixed height. */
export const moldura = style({
  maxHeight: 520,
  overflow: 'auto',
  isolation: 'isolate',
  borderRadius: vars.raio.medio,
  border: `1px solid ${vars.cor.borda}`,
});

/** The preview is a picture of the site, not part of the editor: nothing in it reacts to the pointer. */
export const previa = style({
  overflow: 'hidden',
  background: vars.cor.fundo,
  color: vars.cor.texto,
  fontFamily: vars.fonte.corpo,
  pointerEvents: 'none',
  userSelect: 'none',
  zoom: 0.6,
});
export const previaCorpo = style({ padding: 20 });
export const cartoes = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 });
export const cartao = style({
  background: vars.cor.superficie,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  padding: 12,
});
export const cartaoImagem = style({
  height: 90,
  borderRadius: vars.raio.pequeno,
  background: `linear-gradient(135deg, ${vars.cor.gradiente1}, ${vars.cor.gradiente2}, ${vars.cor.gradiente3})`,
});
export const suave = style({ color: vars.cor.textoSuave });
export const botoes = style({ display: 'flex', gap: 12, marginTop: 16 });

export const sessao = style({
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  background: vars.cor.superficie,
  marginBottom: 10,
});
globalStyle(`${sessao} > summary`, {
  padding: '10px 12px',
  cursor: 'pointer',
  fontWeight: 600,
  display: 'flex',
  gap: 8,
  alignItems: 'center',
  flexWrap: 'wrap',
});
export const sessaoCorpo = style({ padding: '0 12px 12px' });
export const inativa = style({ opacity: 0.6 });
export const etiqueta = style({
  fontSize: 12,
  fontWeight: 600,
  padding: '2px 8px',
  borderRadius: 999,
  background: vars.cor.fundo,
  border: `1px solid ${vars.cor.borda}`,
});
export const item = style({ borderTop: `1px dashed ${vars.cor.borda}`, paddingTop: 10, marginTop: 10 });
export const listaPaginas = style({ display: 'flex', flexWrap: 'wrap', gap: 6, margin: '0 0 16px', padding: 0, listStyle: 'none' });
export const paginaLink = style({
  display: 'block',
  padding: '4px 10px',
  borderRadius: 999,
  border: `1px solid ${vars.cor.borda}`,
  textDecoration: 'none',
  color: vars.cor.texto,
  fontSize: 14,
  selectors: {
    '&[aria-current="page"]': { background: vars.cor.primaria, color: vars.cor.textoSobrePrimaria, borderColor: vars.cor.primaria },
  },
});
