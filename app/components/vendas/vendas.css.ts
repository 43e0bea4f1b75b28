import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

export const pagina = style({ paddingBlock: 24, display: 'grid', gap: 16 });
export const filtros = style({ display: 'flex', flexWrap: 'wrap', gap: 8 });
export const filtro = style({
  padding: '8px 14px',
  borderRadius: 999,
  border: `1px solid ${vars.cor.borda}`,
  color: vars.cor.texto,
  textDecoration: 'none',
  fontSize: 14,
});
export const filtroAtivo = style([
  filtro,
  { background: vars.cor.primaria, color: vars.cor.textoSobrePrimaria, borderColor: vars.cor.primaria },
]);
export const lista = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 12 });
export const cartao = style({
  padding: 16,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  background: vars.cor.superficie,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  // A card stretched to its column's height (the summary beside a long page) keeps its rows at the top.
  alignContent: 'start',
  gap: 8,
  minWidth: 0,
});
export const linhaItem = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 8, alignItems: 'center' });
export const suave = style({ color: vars.cor.textoSuave, fontSize: 14 });
export const titulo = style({ color: vars.cor.texto, fontWeight: 600, textDecoration: 'none' });
export const grade = style({
  display: 'grid',
  gap: 16,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { 'screen and (min-width: 900px)': { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' } },
});
const seloBase = style({
  display: 'inline-block',
  padding: '2px 10px',
  borderRadius: 999,
  fontSize: 13,
  fontWeight: 600,
  color: vars.cor.fundo,
});
export const selo = styleVariants({
  azul: [seloBase, { background: vars.cor.info }],
  ambar: [seloBase, { background: vars.cor.alerta, color: vars.cor.texto }],
  verde: [seloBase, { background: vars.cor.sucesso }],
  vermelho: [seloBase, { background: vars.cor.perigo }],
  cinza: [seloBase, { background: vars.cor.textoSuave }],
});
export const tabela = style({ width: '100%', borderCollapse: 'collapse', fontSize: 14 });
export const celula = style({ padding: '6px 4px', borderBottom: `1px solid ${vars.cor.borda}`, textAlign: 'left', verticalAlign: 'top' });
export const numero = style([celula, { textAlign: 'right', whiteSpace: 'nowrap' }]);
export const rolagem = style({ overflowX: 'auto' });
export const orientacao = style({
  padding: 12,
  borderLeft: `4px solid ${vars.cor.primaria}`,
  background: vars.cor.fundo,
  borderRadius: vars.raio.pequeno,
});
export const copiavel = style({
  fontFamily: 'monospace',
  wordBreak: 'break-all',
  padding: 8,
  background: vars.cor.fundo,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.pequeno,
  fontSize: 13,
});
export const barras = style({ maxWidth: '100%', overflow: 'hidden', background: vars.cor.superficie });
globalStyle(`${barras} svg`, { maxWidth: '100%', height: 'auto', display: 'block' });
// One column that may shrink below its content: a file input's native width no longer widens a card on a phone.
export const formulario = style({ display: 'grid', gap: 8, alignItems: 'start', gridTemplateColumns: 'minmax(0, 1fr)' });
globalStyle(`${formulario} input[type="file"]`, { maxWidth: '100%' });
export const campo = style({
  padding: '8px 10px',
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.pequeno,
  background: vars.cor.fundo,
  color: vars.cor.texto,
  maxWidth: '100%',
});
export const progresso = style({ width: '100%', height: 10 });
export const linhaDoTempo = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: 8,
  borderLeft: `2px solid ${vars.cor.borda}`,
});
export const evento = style({ paddingLeft: 12, fontSize: 14 });
export const acoes = style({ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'end' });
export const paginacao = style({ display: 'flex', gap: 12, alignItems: 'center' });
/** A printed document: one per sheet. */
export const folha = style({
  breakAfter: 'page',
  minWidth: 0,
  overflowWrap: 'anywhere',
  '@media': { print: { border: 'none', boxShadow: 'none' } },
});
/** Long verification addresses wrap instead of widening a phone's page. */
export const endereco = style({ overflowWrap: 'anywhere' });
export const dados = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: 0 });
export const assinatura = style({ marginTop: 48, borderTop: `1px solid ${vars.cor.borda}`, paddingTop: 4, maxWidth: 360 });
/** Label and value pairs that wrap on a phone instead of pushing past the card. */
export const pares = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, max-content) minmax(min-content, 1fr)',
  gap: '4px 16px',
  margin: 0,
});
/** One instalment's boleto and PIX (decision 288), folded under its summary line. */
export const detalhesParcela = style({
  display: 'grid',
  gap: 8,
  padding: '8px 0',
  borderTop: `1px solid ${vars.cor.borda}`,
  minWidth: 0,
});
globalStyle(`${detalhesParcela} > summary`, { cursor: 'pointer', fontWeight: 600, minHeight: 24 });
