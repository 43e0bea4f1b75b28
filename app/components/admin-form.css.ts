import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** Staff forms: label above field, grouped in fieldsets, errors beside the field. */
export const grupo = style({
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  padding: 16,
  margin: '0 0 16px',
  background: vars.cor.superficie,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: 12,
});
globalStyle(`${grupo} > legend`, { fontWeight: 700, padding: '0 6px' });
export const campo = style({ display: 'grid', gap: 4, fontSize: 14, fontWeight: 600, alignContent: 'start' });
export const largo = style({ gridColumn: '1 / -1' });
export const entrada = style({
  font: 'inherit',
  fontWeight: 400,
  padding: '7px 9px',
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.pequeno,
  background: vars.cor.superficie,
  color: vars.cor.texto,
  minWidth: 0,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.cor.perigo } },
});
export const cor = style({
  inlineSize: '100%',
  blockSize: 36,
  padding: 2,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.pequeno,
});
export const marcar = style({ display: 'flex', gap: 6, alignItems: 'center', fontSize: 14 });
export const erroCampo = style({ color: vars.cor.perigo, fontSize: 13, fontWeight: 600 });
export const resumoErro = style({
  border: `2px solid ${vars.cor.perigo}`,
  borderRadius: vars.raio.medio,
  padding: '10px 14px',
  margin: '0 0 16px',
  color: vars.cor.perigo,
  fontWeight: 600,
});
export const acoes = style({ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' });
export const botaoPequeno = style({
  font: 'inherit',
  fontSize: 13,
  padding: '5px 10px',
  borderRadius: vars.raio.pequeno,
  border: `1px solid ${vars.cor.borda}`,
  background: vars.cor.superficie,
  color: vars.cor.texto,
  cursor: 'pointer',
  ':hover': { borderColor: vars.cor.primaria },
});
export const botaoPerigo = style([botaoPequeno, { color: vars.cor.perigo }]);
export const tabela = style({ width: '100%', borderCollapse: 'collapse', background: vars.cor.superficie });
globalStyle(`${tabela} th, ${tabela} td`, {
  textAlign: 'left',
  padding: '8px 10px',
  borderBottom: `1px solid ${vars.cor.borda}`,
  fontSize: 14,
});
export const abas = style({ display: 'flex', gap: 4, borderBottom: `2px solid ${vars.cor.borda}`, margin: '0 0 16px', flexWrap: 'wrap' });
export const aba = style({
  padding: '8px 14px',
  textDecoration: 'none',
  color: vars.cor.texto,
  borderRadius: `${vars.raio.pequeno} ${vars.raio.pequeno} 0 0`,
  selectors: { '&[aria-current="page"]': { background: vars.cor.primaria, color: vars.cor.textoSobrePrimaria } },
});
