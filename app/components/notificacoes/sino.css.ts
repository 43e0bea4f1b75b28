import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

export const sino = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 40,
  height: 40,
  borderRadius: '50%',
  color: 'inherit',
  textDecoration: 'none',
  fontSize: 20,
  ':hover': { background: vars.cor.superficie },
});

export const contador = style({
  position: 'absolute',
  top: 2,
  right: 0,
  minWidth: 18,
  height: 18,
  padding: '0 5px',
  borderRadius: 9,
  background: vars.cor.primaria,
  color: vars.cor.textoSobrePrimaria,
  fontSize: 11,
  fontWeight: 700,
  lineHeight: '18px',
  textAlign: 'center',
});
