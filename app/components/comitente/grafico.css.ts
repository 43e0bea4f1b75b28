import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

export const graficos = style({
  display: 'grid',
  gap: 16,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    'screen and (min-width: 1000px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    print: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});
export const cartao = style({
  padding: 16,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  background: vars.cor.superficie,
  display: 'grid',
  gap: 8,
  minWidth: 0,
  '@media': { print: { breakInside: 'avoid', border: 'none', padding: 0 } },
});
export const titulo = style({ margin: 0, fontSize: 18 });
export const svg = style({ width: '100%', height: 'auto', display: 'block', color: vars.cor.texto, overflow: 'visible' });
export const eixo = style({ stroke: vars.cor.borda, strokeWidth: 1 });
export const grade = style({ stroke: vars.cor.borda, strokeWidth: 1, strokeDasharray: '2 4' });
export const rotulo = style({ fill: vars.cor.textoSuave, fontSize: 11 });
export const valor = style({ fill: vars.cor.texto, fontSize: 11, fontWeight: 600 });
export const serie0 = style({ fill: vars.cor.primaria, stroke: vars.cor.primaria });
export const serie1 = style({ fill: vars.cor.secundaria, stroke: vars.cor.secundaria });
export const linha = style({ fill: 'none', strokeWidth: 2.5 });
export const legenda = style({ display: 'flex', flexWrap: 'wrap', gap: 12, fontSize: 13, listStyle: 'none', margin: 0, padding: 0 });
export const marca = style({ display: 'inline-block', width: 12, height: 12, borderRadius: 2, marginRight: 6, verticalAlign: 'middle' });
export const marca0 = style([marca, { background: vars.cor.primaria }]);
export const marca1 = style([marca, { background: vars.cor.secundaria }]);
export const tabela = style({ width: '100%', borderCollapse: 'collapse', fontSize: 13 });
export const celula = style({ padding: '4px', borderBottom: `1px solid ${vars.cor.borda}`, textAlign: 'left' });
export const numero = style([celula, { textAlign: 'right', whiteSpace: 'nowrap' }]);
export const rolagem = style({ overflowX: 'auto' });
export const exportar = style({ display: 'flex', gap: 12, fontSize: 14, '@media': { print: { display: 'none' } } });
export const detalhes = style({});
// Printed, the table shows open: paper has no summary to click.
globalStyle(`${detalhes}:not([open]) > *:not(summary)`, { '@media': { print: { display: 'block' } } });
