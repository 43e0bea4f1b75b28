import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

export const pagina = style({ paddingBlock: 24, display: 'grid', gap: 24, minWidth: 0 });
export const secao = style({ display: 'grid', gap: 12, minWidth: 0 });
export const filtros = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 12,
  alignItems: 'flex-end',
  '@media': { print: { display: 'none' } },
});
export const campo = style({ display: 'grid', gap: 4, fontSize: 14 });
export const entrada = style({
  padding: '8px 10px',
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.pequeno,
  background: vars.cor.fundo,
  color: vars.cor.texto,
  minWidth: 0,
  maxWidth: '100%',
});
export const suave = style({ color: vars.cor.textoSuave, fontSize: 14, margin: 0 });
export const privado = style({ background: `color-mix(in srgb, ${vars.cor.alerta} 14%, transparent)` });
export const rolagem = style({ overflowX: 'auto', maxWidth: '100%' });
export const tabela = style({ width: '100%', borderCollapse: 'collapse', fontSize: 14 });
export const celula = style({ padding: '6px 6px', borderBottom: `1px solid ${vars.cor.borda}`, textAlign: 'left', verticalAlign: 'top' });
export const numero = style([celula, { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }]);
export const leiloes = style({ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', padding: 0, margin: 0 });
export const leilao = style({
  padding: '8px 12px',
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  color: vars.cor.texto,
  textDecoration: 'none',
  fontSize: 14,
  display: 'grid',
  gap: 2,
});
export const leilaoAtivo = style([leilao, { borderColor: vars.cor.primaria, boxShadow: `inset 0 0 0 1px ${vars.cor.primaria}` }]);
export const ofertas = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 12 });
export const oferta = style({
  padding: 16,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  background: vars.cor.superficie,
  display: 'grid',
  gap: 8,
  minWidth: 0,
});
export const pares = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 12px', margin: 0, fontSize: 14 });
export const aoVivo = style({ color: vars.cor.sucesso, fontWeight: 600, fontSize: 13 });
export const paginacao = style({ display: 'flex', gap: 12, alignItems: 'center' });
