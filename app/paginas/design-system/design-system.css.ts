import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

export const pagina = style({ padding: '24px 20px', maxWidth: 1600, marginInline: 'auto' });
export const marca = style({ marginBlock: 24, borderTop: `4px solid ${vars.cor.borda}`, paddingTop: 12 });
export const paineis = style({ display: 'flex', gap: 20, alignItems: 'flex-start', flexWrap: 'wrap' });
export const painel = style({
  background: vars.cor.fundo,
  color: vars.cor.texto,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  padding: 16,
  minWidth: 0,
});
export const largura = {
  desktop: style([painel, { flex: '1 1 720px', maxWidth: 1100 }]),
  celular: style([painel, { flex: '0 0 390px', width: 390, maxWidth: '100%' }]),
};
export const tituloDoPainel = style({ fontSize: 15, margin: '0 0 12px' });
export const vitrine = style({ display: 'grid', gap: 16 });
export const exemplo = style({ borderBottom: `1px dashed ${vars.cor.borda}`, paddingBottom: 12, minWidth: 0 });
export const nomeDoComponente = style({ fontSize: 13, margin: '0 0 8px', color: vars.cor.textoSuave, fontFamily: 'monospace' });
export const estadoA11y = style({ fontSize: 12, margin: '8px 0 0', color: vars.cor.textoSuave });
export const linha = style({ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' });
export const card = style({ maxWidth: 360 });
export const suave = style({ color: vars.cor.textoSuave, margin: 0 });
export const tabela = style({ width: '100%', borderCollapse: 'collapse', fontSize: 13 });
