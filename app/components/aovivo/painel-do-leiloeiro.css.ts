import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';
import { botao } from '../layout.css';

export const comandos = style({ display: 'flex', flexWrap: 'wrap', gap: 10, alignItems: 'center' });
export const pregao = style({
  display: 'grid',
  gap: 12,
  alignContent: 'start',
  padding: 16,
  borderRadius: vars.raio.medio,
  border: `1px solid ${vars.cor.borda}`,
  background: vars.cor.superficie,
});
export const situacao = style({ margin: 0, fontWeight: 700, color: vars.cor.primaria });
export const martelo = style([botao, { background: vars.cor.perigo, color: vars.cor.textoSobrePrimaria }]);
export const proximo = style({ display: 'grid', gap: 6 });
export const lotes = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 });
export const lote = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto auto',
  gap: 12,
  alignItems: 'center',
  padding: 10,
  borderRadius: vars.raio.pequeno,
  border: `1px solid ${vars.cor.borda}`,
  '@media': { 'screen and (max-width: 800px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const mensagemModerada = style({ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'start' });
export const moderacao = style({ display: 'flex', gap: 6, flexShrink: 0 });
export const link = style({
  background: 'none',
  border: 'none',
  padding: 0,
  color: vars.cor.primaria,
  textDecoration: 'underline',
  cursor: 'pointer',
  fontSize: 13,
});
