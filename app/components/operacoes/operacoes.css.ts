import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

/** An incident's facts: label beside value on a wide screen, stacked on a phone. */
export const detalhes = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(110px, max-content) 1fr',
  gap: '6px 16px',
  margin: '12px 0',
  '@media': { 'screen and (max-width: 600px)': { gridTemplateColumns: '1fr' } },
});
globalStyle(`${detalhes} dt`, { color: vars.cor.textoSuave, fontWeight: 600 });
globalStyle(`${detalhes} dd`, { margin: 0, overflowWrap: 'anywhere' });

export const texto = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

/** The photo models: one small form per vehicle type, side by side on a wide screen. */
export const gradeModelos = style({
  display: 'grid',
  gap: 12,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
  alignItems: 'start',
});

/** The conditional evaluation's photos: a thumbnail with its note, side by side on a wide screen. */
export const fotosAvaliacao = style({
  listStyle: 'none',
  padding: 0,
  margin: '8px 0',
  display: 'grid',
  gap: 12,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))',
});
globalStyle(`${fotosAvaliacao} li`, { display: 'flex', flexDirection: 'column', gap: 6 });
globalStyle(`${fotosAvaliacao} label`, { display: 'flex', flexDirection: 'column', gap: 4 });
globalStyle(`${fotosAvaliacao} img`, {
  width: '100%',
  aspectRatio: '4 / 3',
  objectFit: 'cover',
  borderRadius: vars.raio.pequeno,
  background: vars.cor.superficie,
  border: `1px solid ${vars.cor.borda}`,
});
