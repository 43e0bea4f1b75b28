import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { midia } from '../../theme/tokens';

/** The staff shell: a slim bar of its own, the menu beside the work (above it, folded, on a phone). */
export const casca = style({ minHeight: '100vh', display: 'grid', gridTemplateRows: 'auto auto 1fr', background: vars.cor.fundo });
export const pular = style({
  position: 'absolute',
  left: -9999,
  selectors: { '&:focus': { left: 8, top: 8, zIndex: 10, padding: 8, background: vars.cor.superficie, color: vars.cor.texto } },
});
export const topo = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 12,
  padding: '10px 24px',
  background: vars.cor.superficie,
  borderBottom: `3px solid ${vars.cor.primaria}`,
  '@media': { [midia.ateSm]: { padding: '8px 12px' } },
});
export const marca = style({ display: 'flex', alignItems: 'center', gap: 10, color: vars.cor.texto, textDecoration: 'none' });
globalStyle(`${marca} > span`, { display: 'grid', lineHeight: 1.2 });
export const logo = style({ height: 32, width: 'auto', display: 'block' });
export const area = style({ fontSize: 13, color: vars.cor.textoSuave });
export const conta = style({ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' });
export const usuario = style({ fontWeight: 600, marginRight: 4 });
export const acaoTopo = style({
  padding: '6px 12px',
  borderRadius: vars.raio.pequeno,
  border: `1px solid ${vars.cor.borda}`,
  background: vars.cor.fundo,
  color: vars.cor.texto,
  textDecoration: 'none',
  font: 'inherit',
  fontSize: 14,
  cursor: 'pointer',
});

export const corpo = style({
  display: 'grid',
  gridTemplateColumns: '240px minmax(0, 1fr)',
  gap: 24,
  padding: '24px',
  maxWidth: 1440,
  width: '100%',
  margin: '0 auto',
  boxSizing: 'border-box',
  '@media': { [midia.ateSm]: { gridTemplateColumns: 'minmax(0, 1fr)', padding: '12px' } },
});
/** The work itself: never wider than its column (wide tables scroll inside their own region). */
export const conteudo = style({ minWidth: 0 });
export const menu = style({
  background: vars.cor.superficie,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  padding: 12,
  alignSelf: 'start',
  '@media': { [midia.ateSm]: { display: 'none' } },
});
export const menuMovel = style({
  display: 'none',
  margin: '12px 12px 0',
  background: vars.cor.superficie,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  padding: '4px 12px',
  '@media': { [midia.ateSm]: { display: 'block' } },
});
export const resumoMenu = style({ cursor: 'pointer', padding: '8px 0', fontWeight: 600 });
export const modulo = style({ fontSize: 12, textTransform: 'uppercase', color: vars.cor.textoSuave, margin: '12px 8px 4px' });
export const link = style({
  display: 'block',
  padding: '6px 8px',
  borderRadius: vars.raio.pequeno,
  color: vars.cor.texto,
  textDecoration: 'none',
  selectors: { '&:hover, &[aria-current="page"]': { background: vars.cor.fundo, color: vars.cor.primaria } },
});
globalStyle(`${menu} ul, ${menuMovel} ul`, { listStyle: 'none', margin: 0, padding: 0 });

/** The home's cards: what needs staff today. */
export const pendencias = style({
  listStyle: 'none',
  margin: '16px 0',
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))',
  gap: 12,
});
export const pendencia = style({
  display: 'grid',
  gap: 4,
  padding: 16,
  height: '100%',
  boxSizing: 'border-box',
  borderRadius: vars.raio.medio,
  border: `1px solid ${vars.cor.borda}`,
  background: vars.cor.superficie,
  color: vars.cor.texto,
  textDecoration: 'none',
  selectors: { '&:hover, &:focus-visible': { borderColor: vars.cor.primaria } },
});
export const quantidade = style({ fontSize: 32, fontWeight: 800, lineHeight: 1.1, color: vars.cor.primaria });
export const quantidadeZero = style([quantidade, { color: vars.cor.textoSuave }]);
export const descricao = style({ fontSize: 14, color: vars.cor.textoSuave });
