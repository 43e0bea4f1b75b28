import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

/*
 * The auction sheets (ficha-leiloeiro, ficha-lotes-vidro): a screen page with its actions, and on paper
 * only the sheet: the site's header, footer and the actions are hidden, and each glass card takes a page.
 */
export const pagina = style({ paddingBlock: 16, minWidth: 0 });
globalStyle(`body:has(${pagina}) header, body:has(${pagina}) footer`, { '@media': { print: { display: 'none' } } });

export const acoes = style({ display: 'flex', flexWrap: 'wrap', gap: 12, margin: '8px 0 16px', '@media': { print: { display: 'none' } } });
export const suave = style({ color: vars.cor.textoSuave, fontSize: 14, overflowWrap: 'anywhere' });

export const rolagem = style({ overflowX: 'auto', '@media': { print: { overflow: 'visible' } } });
export const tabela = style({ width: '100%', borderCollapse: 'collapse', fontSize: 14, fontVariantNumeric: 'tabular-nums' });
globalStyle(`${tabela} th, ${tabela} td`, {
  borderBottom: `1px solid ${vars.cor.borda}`,
  padding: '6px 8px',
  textAlign: 'left',
  verticalAlign: 'top',
});
globalStyle(`${tabela} td.valor, ${tabela} th.valor`, { textAlign: 'right', whiteSpace: 'nowrap' });
globalStyle(`${tabela} thead th`, { '@media': { print: { borderBottom: '2px solid black' } } });
globalStyle(`${tabela} tr`, { breakInside: 'avoid' });

/** A glass card: the lot number large enough to read from across the yard; one per printed page. */
export const cartoes = style({
  display: 'grid',
  gap: 16,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 420px), 1fr))',
  '@media': { print: { display: 'block' } },
});
export const cartao = style({
  border: `2px solid ${vars.cor.texto}`,
  borderRadius: vars.raio.medio,
  padding: 16,
  minWidth: 0,
  overflowWrap: 'anywhere',
  breakInside: 'avoid',
  '@media': { print: { breakAfter: 'page', border: 'none', minHeight: '90vh' } },
});
export const rotuloLote = style({ fontSize: 20, fontWeight: 700, letterSpacing: 2, textTransform: 'uppercase', margin: 0 });
export const numero = style({
  fontSize: 'clamp(64px, 18vw, 160px)',
  fontWeight: 800,
  lineHeight: 1,
  margin: '4px 0 8px',
  '@media': { print: { fontSize: 220 } },
});
export const nome = style({ fontSize: 20, fontWeight: 700, margin: '0 0 6px', '@media': { print: { fontSize: 32 } } });
export const detalhes = style({ fontSize: 16, margin: 0, '@media': { print: { fontSize: 22 } } });
