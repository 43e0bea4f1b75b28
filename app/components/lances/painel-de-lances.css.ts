import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';
import { midia } from '../../../theme/tokens';

export const painel = style({
  display: 'grid',
  gap: 16,
  padding: 20,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  background: vars.cor.superficie,
  color: vars.cor.texto,
  maxWidth: 460,
  '@media': { [midia.ateXs]: { padding: 14 } },
});

export const linha = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 12 });
export const rotulo = style({ color: vars.cor.textoSuave, fontSize: 14 });
export const valorGrande = style({ fontSize: 28, fontWeight: 700, color: vars.cor.primaria });
export const valor = style({ fontWeight: 600 });
export const contagem = style({ fontVariantNumeric: 'tabular-nums', fontWeight: 700, fontSize: 20 });
export const status = style({
  display: 'inline-block',
  padding: '2px 10px',
  borderRadius: 999,
  fontSize: 13,
  fontWeight: 600,
  background: vars.cor.info,
  color: vars.cor.textoSobrePrimaria,
});
export const statusGanhando = style([status, { background: vars.cor.sucesso }]);
export const statusSuperado = style([status, { background: vars.cor.perigo }]);
export const formulario = style({ display: 'grid', gap: 8 });
export const campo = style({
  padding: '10px 12px',
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.pequeno,
  fontSize: 16,
  background: vars.cor.fundo,
  color: vars.cor.texto,
  width: '100%',
});
export const custo = style({ fontSize: 13, color: vars.cor.textoSuave, display: 'grid', gap: 2 });
export const aviso = style({
  padding: '10px 12px',
  borderRadius: vars.raio.pequeno,
  border: `1px solid ${vars.cor.alerta}`,
  background: vars.cor.fundo,
  fontSize: 14,
});
/** The answer to the client's own accepted bid, offer or proposal: a success, not a warning. */
export const avisoOk = style({ borderColor: vars.cor.sucesso });
export const historico = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6, fontSize: 14 });
export const detalhes = style({ borderTop: `1px solid ${vars.cor.borda}`, paddingTop: 12 });
export const titulo = style({ margin: 0, fontSize: 18 });
export const erroCampo = style({ margin: 0, fontSize: 14, color: vars.cor.perigo, fontWeight: 600 });
export const encerrado = style({
  padding: '10px 12px',
  borderRadius: vars.raio.pequeno,
  border: `1px solid ${vars.cor.borda}`,
  background: vars.cor.fundo,
  fontSize: 14,
});
/** Phone only: the bid essentials fixed at the bottom of the screen. */
export const barraMovel = style({
  display: 'none',
  '@media': {
    [midia.ateSm]: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: 12,
      position: 'fixed',
      left: 0,
      right: 0,
      bottom: 0,
      zIndex: 30,
      padding: '10px 14px',
      background: vars.cor.superficie,
      borderTop: `1px solid ${vars.cor.borda}`,
      boxShadow: '0 -4px 16px rgba(0,0,0,.12)',
    },
  },
});
globalStyle(`${barraMovel} a`, { whiteSpace: 'nowrap', flexShrink: 0, padding: '10px 14px' });
export const barraContagem = style({
  flex: '1 1 auto',
  minWidth: 0,
  textAlign: 'center',
  fontVariantNumeric: 'tabular-nums',
  fontWeight: 700,
  fontSize: 14,
  // Breaks only between words ("18h 09min", a closing date and time), never inside a number.
  overflowWrap: 'normal',
});
/** Room under the page's end for the fixed bar (phone only), so the footer is not hidden under it. */
globalStyle(`body:has(${barraMovel})`, { '@media': { [midia.ateSm]: { paddingBottom: 72 } } });
globalStyle(`${formulario} button:disabled`, { opacity: 0.6, cursor: 'not-allowed' });

/** The Compre Já summary: inline without JavaScript, inside a modal dialog with it. */
export const resumo = style({
  display: 'grid',
  gap: 10,
  padding: 14,
  borderRadius: vars.raio.pequeno,
  border: `2px solid ${vars.cor.primaria}`,
  background: vars.cor.superficie,
  color: vars.cor.texto,
});
export const tabelaResumo = style({ display: 'grid', gap: 6, margin: 0, fontSize: 15 });
globalStyle(`${tabelaResumo} dd`, { margin: 0, fontVariantNumeric: 'tabular-nums', fontWeight: 600, whiteSpace: 'nowrap' });
export const totalResumo = style({ borderTop: `1px solid ${vars.cor.borda}`, paddingTop: 8, fontSize: 18, fontWeight: 700 });
export const acoesResumo = style({ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' });
export const dialogo = style({
  width: 'min(440px, calc(100vw - 24px))',
  padding: 0,
  border: 'none',
  borderRadius: vars.raio.medio,
  background: 'transparent',
});
globalStyle(`${dialogo}::backdrop`, { background: 'rgba(0,0,0,.5)' });
