import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

/* The inspection report (laudo-vistoria/{hash}): brand colours from the theme, one A4 page when printed. */
export const pagina = style({ paddingBlock: 24, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 16, maxWidth: 960 });
export const cabecalho = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: 12,
  flexWrap: 'wrap',
  borderBottom: `4px solid ${vars.cor.primaria}`,
  paddingBottom: 12,
});
export const caixa = style({
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  background: vars.cor.superficie,
  padding: 16,
  breakInside: 'avoid',
});
export const titulo = style({ margin: '0 0 8px', color: vars.cor.primaria, fontSize: 18 });
export const dados = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: '8px 16px', margin: 0 });
globalStyle(`${dados} dt`, { color: vars.cor.textoSuave, fontSize: 13 });
globalStyle(`${dados} dd`, { margin: 0, fontWeight: 600 });
export const tabela = style({ width: '100%', borderCollapse: 'collapse', fontSize: 14 });
globalStyle(`${tabela} th, ${tabela} td`, { textAlign: 'left', padding: '6px 8px', borderBottom: `1px solid ${vars.cor.borda}` });
const seloBase = style({ display: 'inline-block', padding: '2px 10px', borderRadius: 999, fontSize: 13, fontWeight: 600 });
export const pneu = styleVariants({
  BOM: [seloBase, { background: vars.cor.sucesso, color: vars.cor.textoSobrePrimaria }],
  'MEIA-VIDA': [seloBase, { background: vars.cor.alerta, color: vars.cor.texto }],
  TROCA: [seloBase, { background: vars.cor.perigo, color: vars.cor.textoSobrePrimaria }],
});
export const imprimir = style({
  padding: '8px 16px',
  borderRadius: vars.raio.pequeno,
  border: 'none',
  background: vars.cor.primaria,
  color: vars.cor.textoSobrePrimaria,
  cursor: 'pointer',
  '@media': { print: { display: 'none' } },
});
export const rodape = style({ color: vars.cor.textoSuave, fontSize: 13 });

/** A wide table scrolls inside its box on a phone instead of widening the page. */
export const rolavel = style({ overflowX: 'auto', maxWidth: '100%' });
