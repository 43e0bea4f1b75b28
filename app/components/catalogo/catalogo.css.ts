import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';
import { midia } from '../../../theme/tokens';

export const grade = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(250px, 1fr))',
  gap: 20,
  listStyle: 'none',
  padding: 0,
  margin: 0,
});

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  background: vars.cor.superficie,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  overflow: 'hidden',
  height: '100%',
});

export const fotos = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: '100%',
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  scrollbarWidth: 'thin',
  aspectRatio: '7 / 5',
  background: vars.cor.fundo,
});
globalStyle(`${fotos} img`, { width: '100%', height: '100%', objectFit: 'cover', scrollSnapAlign: 'start' });

export const selo = style({
  position: 'absolute',
  top: 10,
  left: 10,
  padding: '3px 8px',
  borderRadius: vars.raio.pequeno,
  fontSize: 12,
  fontWeight: 700,
  letterSpacing: 0.3,
  color: vars.cor.superficie,
});
/** Status colours (spec) mapped onto the theme's semantic tokens. */
export const corSelo = styleVariants({
  ambar: { background: vars.cor.alerta, color: vars.cor.texto },
  verde: { background: vars.cor.sucesso },
  azul: { background: vars.cor.info },
  cinzaClaro: { background: vars.cor.borda, color: vars.cor.texto },
  cinza: { background: vars.cor.textoSuave },
  azulAcinzentado: { background: vars.cor.info, filter: 'saturate(0.35)' },
  vermelho: { background: vars.cor.perigo },
});

/** The card's favourite toggle, over the photos and above the card-wide title link. */
export const favorito = style({ position: 'absolute', top: 8, right: 8, zIndex: 2 });

export const corpo = style({ padding: 14, display: 'flex', flexDirection: 'column', gap: 8, flex: 1 });
export const tituloCard = style({ fontSize: 16, margin: 0, lineHeight: 1.3 });
globalStyle(`${tituloCard} a`, { color: vars.cor.texto, textDecoration: 'none' });
globalStyle(`${tituloCard} a::after`, { content: '""', position: 'absolute', inset: 0 });
export const subtitulo = style({ fontSize: 13, color: vars.cor.textoSuave, margin: 0 });

export const icones = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: '4px 10px',
  fontSize: 13,
  color: vars.cor.textoSuave,
  listStyle: 'none',
  padding: 0,
  margin: 0,
});
export const icone = style({ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0 });
globalStyle(`${icone} span`, { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const local = style({ position: 'relative', zIndex: 1, display: 'flex', alignItems: 'center', gap: 6, fontSize: 13 });
globalStyle(`${local} a`, { color: vars.cor.primaria });
export const alertaLocal = style({ color: vars.cor.perigo, fontSize: 12, display: 'flex', gap: 4, alignItems: 'center' });

/** "Exclusivo para clientes do grupo X" (decision 278): a lot that takes bids from a group's members only. */
export const exclusivo = style({
  fontSize: 12,
  fontWeight: 600,
  color: vars.cor.texto,
  display: 'flex',
  gap: 4,
  alignItems: 'center',
  overflowWrap: 'anywhere',
});

export const dica = style({
  position: 'relative',
  zIndex: 1,
  fontSize: 12,
  color: vars.cor.textoSuave,
  display: 'flex',
  gap: 4,
  alignItems: 'center',
  cursor: 'help',
});

export const valor = style({
  marginTop: 'auto',
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-end',
  // A six-digit price and the closing date do not fit side by side on a narrow card: the date
  // moves under the price (still right-aligned) instead of being cut off.
  flexWrap: 'wrap',
  gap: 8,
  borderTop: `1px solid ${vars.cor.borda}`,
  paddingTop: 10,
});
export const valorRotulo = style({ fontSize: 12, color: vars.cor.textoSuave });
export const valorNumero = style({ fontSize: 20, fontWeight: 700, color: vars.cor.primaria, whiteSpace: 'nowrap' });
export const encerra = style({ fontSize: 12, color: vars.cor.textoSuave, textAlign: 'right', whiteSpace: 'nowrap', marginLeft: 'auto' });

// List page
export const pagina = style({
  display: 'grid',
  gridTemplateColumns: '260px minmax(0, 1fr)',
  gap: 28,
  paddingBlock: 24,
  '@media': { [midia.ateMd]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
/**
 * On a phone or tablet the filters are a drawer, closed by default: a visually hidden checkbox (works
 * without JavaScript) that the "Filtros" button and the drawer's "Fechar" toggle.
 */
export const gavetaControle = style({
  // Only phones have the drawer: elsewhere the control is not there at all (not focusable, not announced).
  display: 'none',
  '@media': { [midia.ateMd]: { display: 'block' } },
  position: 'absolute',
  width: 1,
  height: 1,
  opacity: 0,
  pointerEvents: 'none',
});
export const botaoFiltros = style({
  display: 'none',
  '@media': {
    [midia.ateMd]: {
      display: 'inline-flex',
      justifySelf: 'start',
      alignItems: 'center',
      gap: 6,
      padding: '10px 16px',
      borderRadius: vars.raio.pequeno,
      border: `1px solid ${vars.cor.borda}`,
      background: vars.cor.superficie,
      color: vars.cor.texto,
      fontWeight: 600,
      cursor: 'pointer',
    },
  },
});
// The filter column (filtros.css.ts) is the aside after the control.
globalStyle(`${gavetaControle}:checked ~ aside`, { '@media': { [midia.ateMd]: { display: 'flex' } } });
globalStyle(`${gavetaControle}:focus-visible + ${botaoFiltros}`, { outline: `2px solid ${vars.cor.primaria}`, outlineOffset: 2 });
export const contagem = style({ color: vars.cor.textoSuave, fontSize: 12 });
export const barra = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: 12,
  flexWrap: 'wrap',
  marginBottom: 16,
});
export const titulo = style({ margin: 0, fontSize: 28 });
export const paginacao = style({ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 16, marginTop: 28 });
export const desativado = style({ opacity: 0.45, pointerEvents: 'none' });
export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: 6, marginBottom: 12 });
export const chip = style({
  fontSize: 13,
  padding: '3px 10px',
  borderRadius: 999,
  background: vars.cor.fundo,
  border: `1px solid ${vars.cor.borda}`,
  color: vars.cor.texto,
  textDecoration: 'none',
});
export const bannerFaixa = style({
  width: '100%',
  height: 72,
  objectFit: 'cover',
  objectPosition: 'left center',
  borderRadius: vars.raio.medio,
  display: 'block',
  marginBlock: 16,
});
export const banner = style({
  width: '100%',
  height: 'auto',
  maxHeight: 200,
  objectFit: 'cover',
  borderRadius: vars.raio.medio,
  display: 'block',
  marginBottom: 20,
});

// Lot page
export const lotePagina = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 3fr) minmax(280px, 2fr)',
  gap: 28,
  paddingBlock: 24,
  '@media': { [midia.ateMd]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const galeria = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: '100%',
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  borderRadius: vars.raio.medio,
  aspectRatio: '7 / 5',
  background: vars.cor.fundo,
});
globalStyle(`${galeria} img`, { width: '100%', height: '100%', objectFit: 'cover', scrollSnapAlign: 'start' });
export const miniaturas = style({ display: 'flex', gap: 8, overflowX: 'auto', marginTop: 8 });
globalStyle(`${miniaturas} img`, { width: 84, height: 60, objectFit: 'cover', borderRadius: 4, border: `1px solid ${vars.cor.borda}` });
export const caixa = style({
  background: vars.cor.superficie,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  padding: 18,
  marginBottom: 18,
});
globalStyle(`${caixa} h2`, { fontSize: 19, margin: '0 0 12px' });
export const tabela = style({ width: '100%', borderCollapse: 'collapse', fontSize: 14 });
globalStyle(`${tabela} th, ${tabela} td`, { textAlign: 'left', padding: '6px 4px', borderBottom: `1px solid ${vars.cor.borda}` });
globalStyle(`${tabela} td:last-child`, { textAlign: 'right' });
export const total = style({ fontWeight: 700, fontSize: 16 });
export const detalhes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
  gap: '8px 16px',
  margin: 0,
});
globalStyle(`${detalhes} dt`, { fontSize: 12, color: vars.cor.textoSuave });
globalStyle(`${detalhes} dd`, { margin: 0, fontWeight: 600 });
export const pneuBom = style({ color: vars.cor.sucesso });
// Amber text on white is unreadable (contrast 2.1): the half-worn tyre is an amber chip with dark text.
export const pneuMeia = style({ background: vars.cor.alerta, color: vars.cor.texto, borderRadius: 4, paddingInline: 6, fontWeight: 600 });
export const pneuTroca = style({ color: vars.cor.perigo });
export const formLinha = style({ display: 'flex', gap: 8, alignItems: 'flex-end', marginBottom: 10 });
globalStyle(`${formLinha} select`, { padding: 8, borderRadius: 4, border: `1px solid ${vars.cor.borda}` });

// Auctions, yards
export const leilaoCard = style({
  background: vars.cor.superficie,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  padding: 18,
  marginBottom: 20,
});
export const leilaoTopo = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: 12,
  flexWrap: 'wrap',
  alignItems: 'baseline',
  marginBottom: 12,
});
export const logos = style({ display: 'flex', gap: 10, flexWrap: 'wrap', alignItems: 'center' });
globalStyle(`${logos} img`, { height: 36, width: 'auto', borderRadius: 6 });
export const aoVivo = style({
  background: vars.cor.perigo,
  color: vars.cor.superficie,
  padding: '2px 8px',
  borderRadius: 999,
  fontSize: 12,
  fontWeight: 700,
  marginLeft: 8,
});
export const patios = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
  gap: 16,
  listStyle: 'none',
  padding: 0,
});
export const atalhos = style({ display: 'flex', flexWrap: 'wrap', gap: 10, listStyle: 'none', padding: 0 });
export const totalResultados = style({ fontSize: 'inherit', fontWeight: 'normal', margin: '1em 0' });

/** Lot badges (carimbos, decision 086): a row of images or name pills, on cards and the lot page. */
export const carimbos = style({ display: 'flex', flexWrap: 'wrap', gap: 6, listStyle: 'none', padding: 0, margin: '4px 0' });
export const carimbo = style({
  display: 'inline-flex',
  alignItems: 'center',
  padding: '2px 8px',
  borderRadius: 999,
  fontSize: 12,
  fontWeight: 600,
  background: vars.cor.secundaria,
  color: vars.cor.textoSobreSecundaria,
  textDecoration: 'none',
});
export const carimboImagem = style({ display: 'block', width: 'auto', objectFit: 'contain' });

/** The card simulation's instalments: two columns on a wide screen, one on a phone. */
export const parcelas = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: '4px 16px',
  listStyle: 'none',
  padding: 0,
  margin: '0 0 8px',
  fontSize: 14,
  fontVariantNumeric: 'tabular-nums',
});

/** The lot page's compare toggle and its link. */
export const acoesComparar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 10, margin: '6px 0' });

/** Compare lots: one column per lot, the first (the feature's name) kept in view while a phone scrolls. */
export const comparacaoRolagem = style({ overflowX: 'auto', WebkitOverflowScrolling: 'touch', marginBottom: 24 });
export const comparacao = style({ borderCollapse: 'collapse', width: '100%', minWidth: 560, fontSize: 14, tableLayout: 'fixed' });
globalStyle(`${comparacao} th, ${comparacao} td`, {
  borderBottom: `1px solid ${vars.cor.borda}`,
  padding: '8px 10px',
  textAlign: 'left',
  verticalAlign: 'top',
});
globalStyle(`${comparacao} tbody th`, {
  position: 'sticky',
  left: 0,
  background: vars.cor.superficie,
  width: 130,
  color: vars.cor.textoSuave,
  fontWeight: 600,
});
globalStyle(`${comparacao} img`, {
  width: '100%',
  height: 'auto',
  aspectRatio: '7 / 5',
  objectFit: 'cover',
  borderRadius: vars.raio.pequeno,
});
export const visitados = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
  gap: 12,
  listStyle: 'none',
  padding: 0,
});
globalStyle(`${visitados} img`, {
  width: '100%',
  height: 'auto',
  aspectRatio: '7 / 5',
  objectFit: 'cover',
  borderRadius: vars.raio.pequeno,
});

// The agenda's filters (issue #33): one wrapping row on a desktop, stacked on a phone.
export const filtrosAgenda = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '10px 16px',
  alignItems: 'flex-end',
  margin: '12px 0 18px',
  padding: 12,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: 8,
  background: vars.cor.superficie,
  '@media': { [midia.ateSm]: { flexDirection: 'column', alignItems: 'stretch' } },
});
globalStyle(`${filtrosAgenda} > label`, { display: 'flex', flexDirection: 'column', gap: 4, fontSize: 14 });
globalStyle(`${filtrosAgenda} input[type="month"], ${filtrosAgenda} input[type="date"]`, {
  padding: 6,
  borderRadius: 4,
  border: `1px solid ${vars.cor.borda}`,
  font: 'inherit',
});
export const caixaAgenda = style({ cursor: 'pointer' });
globalStyle(`${filtrosAgenda} label${caixaAgenda}`, { display: 'flex', flexDirection: 'row', alignItems: 'center', gap: 6, fontSize: 14 });
export const exibirAgenda = style({ display: 'flex', gap: 12, border: 0, padding: 0, margin: 0, alignItems: 'center' });
globalStyle(`${exibirAgenda} legend`, { float: 'left', marginRight: 8, fontSize: 14 });
/** The live auction's lots on the floor, under its card: the badge keeps its one line. */
export const noPregao = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, fontSize: 13, margin: '-4px 0 16px' });
globalStyle(`${noPregao} > span:first-child`, { whiteSpace: 'nowrap', flexShrink: 0 });
