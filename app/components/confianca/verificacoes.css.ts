import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

/** The auctioneer's checks beside "Publicar": one line per rule, its mark and its text. */
export const lista = style({ listStyle: 'none', padding: 0, margin: '8px 0 16px', display: 'grid', gap: 6 });
export const item = style({ display: 'flex', gap: 8, alignItems: 'flex-start', fontSize: 14, lineHeight: 1.4 });
export const ok = style({ color: vars.cor.sucesso, fontWeight: 700, minWidth: '1.2em' });
export const falha = style({ color: vars.cor.perigo, fontWeight: 700, minWidth: '1.2em' });
export const quadro = style({
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  background: vars.cor.superficie,
  padding: '8px 12px',
  margin: '12px 0',
});
export const titulo = style({ fontSize: 16, margin: '4px 0' });
