import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';
import { midia } from '../../../theme/tokens';

export const caixa = style({
  display: 'grid',
  gap: 10,
  padding: 16,
  marginBottom: 16,
  border: `2px solid ${vars.cor.primaria}`,
  borderRadius: vars.raio.medio,
  background: vars.cor.superficie,
  color: vars.cor.texto,
  maxWidth: 460,
  scrollMarginTop: 80,
  '@media': { [midia.ateXs]: { padding: 12 } },
});
export const caixaOk = style([caixa, { borderColor: vars.cor.sucesso, borderWidth: 1 }]);
export const titulo = style({ margin: 0, fontSize: 18 });
export const texto = style({ margin: 0, fontSize: 14, color: vars.cor.textoSuave });
export const links = style({ display: 'flex', flexWrap: 'wrap', gap: 12, fontSize: 14 });
export const aceite = style({ display: 'flex', gap: 8, alignItems: 'flex-start', fontSize: 14 });
export const situacao = style({ margin: 0, fontWeight: 600 });
export const recusado = style([situacao, { color: vars.cor.perigo }]);
export const mensagem = style({ margin: 0, fontSize: 14, fontWeight: 600 });
export const formulario = style({ display: 'grid', gap: 10 });
/** Around the box where a page has no column for it (an auction's lot list). */
export const naPagina = style({ paddingTop: 16 });
export const compacta = style({ marginBottom: 16, maxWidth: 460 });
globalStyle(`${compacta} > summary`, { cursor: 'pointer', fontWeight: 600, color: vars.cor.primaria, padding: '6px 0' });
