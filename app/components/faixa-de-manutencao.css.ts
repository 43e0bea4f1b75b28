import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** The maintenance banner across the top of every page (above the header, staff shell included). */
export const faixaDeManutencao = style({
  padding: '10px 20px',
  textAlign: 'center',
  fontWeight: 600,
  background: vars.cor.superficie,
  color: vars.cor.texto,
  borderBottom: `3px solid ${vars.cor.alerta}`,
  overflowWrap: 'anywhere',
});
