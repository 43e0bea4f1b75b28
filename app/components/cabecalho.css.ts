import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { midia } from '../../theme/tokens';

export const faixa = style({
  height: 6,
  background: `linear-gradient(90deg, ${vars.cor.gradiente1}, ${vars.cor.gradiente2}, ${vars.cor.gradiente3})`,
});

export const cabecalho = style({
  background: vars.cor.superficie,
  borderBottom: `1px solid ${vars.cor.borda}`,
  position: 'sticky',
  top: 0,
  zIndex: 10,
});

export const linha = style({ display: 'flex', alignItems: 'center', gap: 24, minHeight: 72 });

export const logo = style({ display: 'flex', alignItems: 'center', flexShrink: 0 });
export const logoImagem = style({ height: 44, width: 'auto', display: 'block' });

export const nav = style({
  display: 'flex',
  gap: 4,
  flex: 1,
  flexWrap: 'wrap',
  '@media': { [midia.ateSm]: { display: 'none' } },
});

export const link = style({
  padding: '8px 12px',
  borderRadius: vars.raio.pequeno,
  color: vars.cor.texto,
  textDecoration: 'none',
  fontWeight: 500,
  selectors: {
    '&:hover, &[aria-current="page"]': { color: vars.cor.primaria, background: vars.cor.fundo },
  },
});

export const acoes = style({ display: 'flex', gap: 8, marginLeft: 'auto', alignItems: 'center' });

/** The logged-in account menu (desktop); on a phone its links are in the mobile menu. */
export const conta = style({
  position: 'relative',
  '@media': { [midia.ateSm]: { display: 'none' } },
});
export const contaBotao = style({
  display: 'flex',
  alignItems: 'center',
  gap: 6,
  padding: '8px 12px',
  borderRadius: vars.raio.pequeno,
  border: `1px solid ${vars.cor.borda}`,
  cursor: 'pointer',
  fontWeight: 600,
  color: vars.cor.texto,
  selectors: { '&:hover': { color: vars.cor.primaria } },
});
export const seta = style({ fontSize: 12 });
export const contaLista = style({
  position: 'absolute',
  right: 0,
  top: 'calc(100% + 6px)',
  background: vars.cor.superficie,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  padding: 8,
  display: 'flex',
  flexDirection: 'column',
  minWidth: 220,
  boxShadow: '0 8px 24px rgba(0,0,0,.12)',
  zIndex: 20,
});
export const itemSair = style({
  width: '100%',
  textAlign: 'left',
  padding: '8px 12px',
  border: 'none',
  background: 'none',
  font: 'inherit',
  fontWeight: 500,
  color: vars.cor.texto,
  cursor: 'pointer',
  borderRadius: vars.raio.pequeno,
  selectors: { '&:hover': { color: vars.cor.primaria, background: vars.cor.fundo } },
});
export const separador = style({ border: 'none', borderTop: `1px solid ${vars.cor.borda}`, margin: '6px 0', width: '100%' });
export const rotuloConta = style({ padding: '4px 12px', fontSize: 13, color: vars.cor.textoSuave });

export const menuMovel = style({
  display: 'none',
  marginLeft: 'auto',
  '@media': { [midia.ateSm]: { display: 'block' } },
});
export const menuMovelLista = style({
  position: 'absolute',
  right: 14,
  top: 72,
  background: vars.cor.superficie,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  padding: 8,
  display: 'flex',
  flexDirection: 'column',
  minWidth: 220,
  boxShadow: '0 8px 24px rgba(0,0,0,.12)',
});

/* Native disclosures without the browser's "▶" marker beside the icon or the name. */
globalStyle(`${menuMovel} > summary, ${conta} > summary`, { listStyle: 'none', cursor: 'pointer' });
globalStyle(`${menuMovel} > summary::-webkit-details-marker, ${conta} > summary::-webkit-details-marker`, { display: 'none' });
globalStyle(`${menuMovel} > summary`, { display: 'flex', alignItems: 'center', padding: 8 });
