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

/**
 * The evaluation checklist on a phone: each item a block (its name, then its state and note full width),
 * so the item names never scroll out of sight behind the fields.
 */
export const checklist = style({});
const TELEFONE = 'screen and (max-width: 600px)';
globalStyle(`${checklist} thead`, { '@media': { [TELEFONE]: { display: 'none' } } });
globalStyle(`${checklist}, ${checklist} tbody, ${checklist} tr, ${checklist} td`, {
  '@media': { [TELEFONE]: { display: 'block', width: '100%' } },
});
globalStyle(`${checklist} tr`, { '@media': { [TELEFONE]: { padding: '0.5rem 0', borderBottom: `1px solid ${vars.cor.borda}` } } });
globalStyle(`${checklist} td`, { '@media': { [TELEFONE]: { border: 'none', padding: '0.2rem 0' } } });
globalStyle(`${checklist} td:first-child`, { '@media': { [TELEFONE]: { fontWeight: 600 } } });
