import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { containers, midia } from '../../theme/tokens';

export const container = style({
  width: '100%',
  maxWidth: containers.padrao,
  marginInline: 'auto',
  paddingInline: 20,
  '@media': { [midia.ateXs]: { paddingInline: 14 } },
});

/** Page containers from the spec (620/860/960/1140 px) plus full width. */
export const larguraContainer = styleVariants({
  '620': { maxWidth: containers.estreito },
  '860': { maxWidth: containers.medio },
  '960': { maxWidth: containers.largo },
  '1140': { maxWidth: containers.padrao },
  fluido: { maxWidth: 'none', paddingInline: 0 },
});

export const botao = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 8,
  padding: '10px 20px',
  borderRadius: vars.raio.pequeno,
  border: 'none',
  fontWeight: 600,
  fontSize: 15,
  textDecoration: 'none',
  cursor: 'pointer',
  background: vars.cor.primaria,
  color: vars.cor.textoSobrePrimaria,
  ':hover': { filter: 'brightness(1.08)' },
  ':focus-visible': { outline: `3px solid ${vars.cor.secundaria}`, outlineOffset: 2 },
});

export const botaoSecundario = style([botao, { background: vars.cor.secundaria, color: vars.cor.textoSobreSecundaria }]);

export const visualmenteOculto = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

/**
 * Documents, plates and money read as one word: a CPF, a plate or "R$ 45.000,00" never breaks across
 * lines (a narrow table column or a document's `overflow-wrap: anywhere` broke them mid-number).
 */
export const semQuebra = style({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
