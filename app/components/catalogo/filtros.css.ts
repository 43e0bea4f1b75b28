import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';
import { midia } from '../../../theme/tokens';
import { chip, contagem as contagemDoCatalogo } from './catalogo.css';

/**
 * The list page's filter column (filtros-lista.tsx), apart from catalogo.css.ts so that the column's
 * module, fetched on demand (decision 091), reaches no module of the page's chunks. The phone's
 * drawer rule (the control checked, the aside shown) is in catalogo.css.ts.
 */
export const lateral = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 14,
  '@media': {
    [midia.ateMd]: {
      display: 'none',
      position: 'fixed',
      inset: 0,
      zIndex: 40,
      overflowY: 'auto',
      padding: 16,
      background: vars.cor.fundo,
    },
  },
});
export const fecharFiltros = style({
  display: 'none',
  '@media': {
    [midia.ateMd]: {
      display: 'block',
      alignSelf: 'flex-end',
      padding: '8px 14px',
      borderRadius: vars.raio.pequeno,
      border: `1px solid ${vars.cor.borda}`,
      background: vars.cor.superficie,
      cursor: 'pointer',
      fontWeight: 600,
    },
  },
});
export const faceta = style({
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.pequeno,
  padding: '8px 12px',
  background: vars.cor.superficie,
});
globalStyle(`${faceta} summary`, { fontWeight: 600, cursor: 'pointer' });
export const facetaLista = style({
  listStyle: 'none',
  padding: 0,
  margin: '8px 0 0',
  maxHeight: 260,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
});
export const facetaItem = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: 8,
  fontSize: 14,
  color: vars.cor.texto,
  textDecoration: 'none',
  padding: '2px 4px',
  borderRadius: 4,
  ':hover': { background: vars.cor.fundo },
});
export const facetaAtiva = style({ fontWeight: 700, color: vars.cor.primaria });
export const verTodos = style({ display: 'inline-block', fontSize: 13, color: vars.cor.primaria, padding: '2px 4px' });
export const faixas = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 });
globalStyle(`${faixas} label`, { display: 'flex', flexDirection: 'column', fontSize: 12, gap: 2 });
globalStyle(`${faixas} input`, { width: '100%', padding: 6, border: `1px solid ${vars.cor.borda}`, borderRadius: 4 });
/** The list's chip look, for the column's buttons. */
export const botao = chip;
export const contagem = contagemDoCatalogo;
