import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';
import { midia } from '../../../theme/tokens';

/** The back office's own pieces: filter bars, paging, photo grid, progress bars, form sections. */
export const filtros = style({ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap', marginBottom: 16 });
/** A filter never wider than the screen: a long auction name in a select is cut inside it, not past the edge. */
globalStyle(`${filtros} > *`, { minWidth: 0, maxWidth: '100%' });
globalStyle(`${filtros} select, ${filtros} input`, { maxWidth: '100%' });
export const paginacao = style({ display: 'flex', gap: 12, alignItems: 'center', marginTop: 12, fontSize: 14 });
export const tabelaRolavel = style({ overflowX: 'auto' });
/** A table of many columns keeps readable columns on a phone and scrolls in its region instead of squeezing them. */
export const tabelaLarga = style({ minWidth: 720 });
export const grade3 = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: '4px 16px',
  '@media': { [midia.ateXs]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
// A fieldset is min-content wide by default: a wide table inside would widen the page on a phone instead of
// scrolling in its TabelaRolavel.
export const secao = style({
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  padding: 16,
  marginBottom: 16,
  minInlineSize: 0,
});
export const titulo = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12, flexWrap: 'wrap' });
export const fotos = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
  gap: 12,
  listStyle: 'none',
  padding: 0,
});
export const foto = style({
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.pequeno,
  padding: 6,
  display: 'flex',
  flexDirection: 'column',
  gap: 6,
  background: vars.cor.superficie,
});
export const miniatura = style({ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: vars.raio.pequeno });
export const botoesFoto = style({ display: 'flex', gap: 4, flexWrap: 'wrap' });
export const botaoPequeno = style({
  font: 'inherit',
  fontSize: 12,
  padding: '2px 8px',
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.pequeno,
  background: vars.cor.fundo,
  color: vars.cor.texto,
  cursor: 'pointer',
});
export const progresso = style({ width: '100%', height: 14, accentColor: vars.cor.primaria });
export const erroLinha = style({ color: vars.cor.perigo });
export const selo = style({
  display: 'inline-block',
  padding: '2px 8px',
  borderRadius: 999,
  fontSize: 12,
  border: `1px solid ${vars.cor.borda}`,
  background: vars.cor.fundo,
  whiteSpace: 'nowrap',
});
export const perigo = style({ color: vars.cor.perigo });

/** A secret or an id shown once (API keys): random characters with no break point wrap anywhere on a phone. */
export const credenciais = style({ margin: 0 });
globalStyle(`${credenciais} dd`, { marginInlineStart: 0, marginBlockEnd: 8 });
globalStyle(`${credenciais} code`, { overflowWrap: 'anywhere', wordBreak: 'break-all' });
