import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';
import { midia } from '../../../theme/tokens';

export const pagina = style({ paddingBlock: 32, maxWidth: 620, marginInline: 'auto', paddingInline: 20 });
export const paginaLarga = style({ paddingBlock: 32, maxWidth: 960, marginInline: 'auto', paddingInline: 20 });
export const cartao = style({
  background: vars.cor.superficie,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  padding: 24,
  marginBottom: 20,
});
export const grade = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: '12px 16px',
  '@media': { [midia.ateXs]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const campo = style({ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 12 });
export const rotulo = style({ fontWeight: 600, fontSize: 14, color: vars.cor.texto });
export const entrada = style({
  padding: '10px 12px',
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.pequeno,
  fontSize: 15,
  background: vars.cor.superficie,
  color: vars.cor.texto,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.cor.perigo },
    '&:focus-visible': { outline: `2px solid ${vars.cor.primaria}`, outlineOffset: 1 },
  },
});
export const erro = style({ color: vars.cor.perigo, fontSize: 13, margin: 0 });
export const ajuda = style({ color: vars.cor.textoSuave, fontSize: 13, margin: 0 });
export const caixa = style({ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 8 });
export const acoes = style({ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap', marginTop: 8 });
export const tabela = style({ width: '100%', borderCollapse: 'collapse', fontSize: 14 });
globalStyle(`${tabela} th, ${tabela} td`, {
  textAlign: 'left',
  padding: '8px 6px',
  borderBottom: `1px solid ${vars.cor.borda}`,
  verticalAlign: 'top',
});
export const abas = style({ display: 'flex', gap: 4, borderBottom: `1px solid ${vars.cor.borda}`, marginBottom: 16, flexWrap: 'wrap' });
export const aba = style({
  padding: '8px 12px',
  textDecoration: 'none',
  color: vars.cor.textoSuave,
  borderBottom: '2px solid transparent',
  selectors: { '&[aria-current="page"]': { color: vars.cor.primaria, borderBottomColor: vars.cor.primaria, fontWeight: 600 } },
});
export const selo = style({
  display: 'inline-block',
  padding: '2px 8px',
  borderRadius: 999,
  fontSize: 12,
  background: vars.cor.fundo,
  border: `1px solid ${vars.cor.borda}`,
});
