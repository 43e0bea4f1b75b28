import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

/** The inactivity countdown (inatividade.tsx), fixed in a corner above the page. */
export const contador = style({
  position: 'fixed',
  right: 16,
  bottom: 16,
  zIndex: 50,
  background: vars.cor.superficie,
  border: `1px solid ${vars.cor.borda}`,
  borderLeft: `4px solid ${vars.cor.alerta}`,
  borderRadius: vars.raio.medio,
  padding: '12px 16px',
  boxShadow: '0 8px 24px rgba(0,0,0,.15)',
  maxWidth: 320,
});
/** The authenticator's QR code on the two-factor enrolment page. */
export const qr = style({ width: 200, height: 200, background: 'white', padding: 8, borderRadius: vars.raio.pequeno });
