import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

const celular = 'screen and (max-width: 800px)';

export const pagina = style({
  maxWidth: 1280,
  margin: '0 auto',
  padding: '16px 16px 32px',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: 16,
});
export const topo = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, justifyContent: 'space-between' });
export const titulo = style({ margin: 0, fontSize: 22 });
export const subtitulo = style({ margin: '0 0 8px', fontSize: 17 });
export const indicadores = style({ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' });
const pulso = keyframes({ '0%': { opacity: 1 }, '50%': { opacity: 0.55 }, '100%': { opacity: 1 } });
const pilula = style({ padding: '4px 10px', borderRadius: 999, fontSize: 13, fontWeight: 700 });
export const aoVivo = style([
  pilula,
  { background: vars.cor.perigo, color: vars.cor.textoSobrePrimaria, animation: `${pulso} 2s infinite` },
]);
export const selo = style([pilula, { background: vars.cor.superficie, border: `1px solid ${vars.cor.borda}`, color: vars.cor.texto }]);
export const latencia = style([
  pilula,
  { background: vars.cor.superficie, border: `1px solid ${vars.cor.borda}`, color: vars.cor.textoSuave },
]);
export const leiloes = style({
  display: 'flex',
  gap: 8,
  flexWrap: 'wrap',
  width: '100%',
  '@media': { [celular]: { flexWrap: 'nowrap', overflowX: 'auto', paddingBottom: 4 } },
});
export const leilaoLink = style({
  padding: '6px 12px',
  borderRadius: 999,
  border: `1px solid ${vars.cor.borda}`,
  color: vars.cor.texto,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  fontSize: 14,
});
export const leilaoAtivo = style([
  leilaoLink,
  { background: vars.cor.primaria, color: vars.cor.textoSobrePrimaria, borderColor: vars.cor.primaria },
]);
export const ganhou = style({
  margin: 0,
  padding: 14,
  borderRadius: vars.raio.medio,
  background: vars.cor.sucesso,
  color: vars.cor.textoSobrePrimaria,
  fontWeight: 700,
});

export const grade = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(280px, 1fr)',
  gap: 16,
  '@media': { [celular]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const gradeSemChat = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 16 });
export const principal = style({ display: 'grid', gap: 16, alignContent: 'start' });

export const video = style({
  position: 'relative',
  aspectRatio: '16 / 9',
  background: vars.cor.texto,
  borderRadius: vars.raio.medio,
  overflow: 'hidden',
  display: 'grid',
  placeItems: 'center',
});
export const videoMidia = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 });
export const semVideo = style({ color: vars.cor.fundo, padding: 16, textAlign: 'center' });

export const pregao = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.3fr)',
  gap: 16,
  padding: 16,
  borderRadius: vars.raio.medio,
  border: `1px solid ${vars.cor.borda}`,
  background: vars.cor.superficie,
  '@media': { [celular]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const foto = style({ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: vars.raio.pequeno });
export const pregaoTexto = style({ display: 'grid', gap: 8, alignContent: 'start' });
export const aguardando = style({ gridColumn: '1 / -1', margin: 0, color: vars.cor.textoSuave, textAlign: 'center', padding: 24 });
export const numero = style({ margin: 0, color: vars.cor.textoSuave, fontWeight: 600 });
export const nome = style({ margin: 0, fontSize: 24 });
const chamadaBase = style({
  margin: 0,
  padding: '10px 14px',
  borderRadius: vars.raio.pequeno,
  fontSize: 26,
  fontWeight: 800,
  textAlign: 'center',
});
export const chamada = style([chamadaBase, { background: vars.cor.alerta, color: vars.cor.texto }]);
export const vendido = style([chamadaBase, { background: vars.cor.sucesso, color: vars.cor.textoSobrePrimaria }]);
export const valores = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))',
  gap: 8,
  margin: 0,
});
globalStyle(`${valores} dt`, { color: vars.cor.textoSuave, fontSize: 13 });
globalStyle(`${valores} dd`, { margin: 0, fontWeight: 600 });
export const valorGrande = style({ fontSize: 28, color: vars.cor.primaria, whiteSpace: 'nowrap' });
/** A countdown never breaks inside a number. */
export const contagem = style({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
/** The current value gets its own row: large money never runs into the next column. */
export const valorDestaque = style({ gridColumn: '1 / -1' });
export const acoes = style({ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'end' });
export const automatico = style({ display: 'flex', gap: 8, alignItems: 'end' });
export const rotulo = style({ display: 'grid', gap: 4, fontSize: 13, color: vars.cor.textoSuave });
export const campo = style({
  padding: '9px 10px',
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.pequeno,
  background: vars.cor.fundo,
  color: vars.cor.texto,
  width: 130,
});
export const suave = style({ margin: 0, color: vars.cor.textoSuave, fontSize: 14 });
export const aviso = style({ margin: 0, color: vars.cor.perigo, fontSize: 14 });

export const chat = style({
  display: 'grid',
  gridTemplateRows: 'auto minmax(0, 1fr) auto auto',
  maxHeight: 640,
  minHeight: 320,
  padding: 12,
  borderRadius: vars.raio.medio,
  border: `1px solid ${vars.cor.borda}`,
  background: vars.cor.superficie,
  '@media': { [celular]: { maxHeight: 380 } },
});
export const mensagens = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  overflowY: 'auto',
  display: 'grid',
  gap: 6,
  alignContent: 'start',
});
export const mensagem = style({ fontSize: 14, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' });
export const chatForm = style({ display: 'flex', gap: 8, marginTop: 8 });
export const campoChat = style([campo, { flex: 1, width: 'auto', minWidth: 0 }]);

export const opcoes = style({ display: 'flex', flexWrap: 'wrap', gap: 16, border: 0, padding: 0, margin: 0 });
export const legenda = style({ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' });
export const opcao = style({ display: 'flex', gap: 6, alignItems: 'center', fontSize: 14 });

export const aberto = style({
  position: 'relative',
  display: 'flex',
  gap: 12,
  padding: 12,
  borderRadius: vars.raio.medio,
  border: `2px solid ${vars.cor.primaria}`,
  background: vars.cor.superficie,
});
export const abertoFoto = style({ width: 140, aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: vars.raio.pequeno });
export const fechar = style({ position: 'absolute', top: 6, right: 10, fontSize: 22, textDecoration: 'none', color: vars.cor.texto });

export const carrossel = style({ minWidth: 0 });
export const faixa = style({
  listStyle: 'none',
  margin: 0,
  padding: '0 0 8px',
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: 'minmax(180px, 200px)',
  gap: 12,
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
});
export const cartao = style({
  display: 'grid',
  scrollSnapAlign: 'start',
  borderRadius: vars.raio.medio,
  border: `1px solid ${vars.cor.borda}`,
  background: vars.cor.superficie,
  color: vars.cor.texto,
  textDecoration: 'none',
  overflow: 'hidden',
});
export const cartaoAberto = style([cartao, { borderColor: vars.cor.primaria, boxShadow: `0 0 0 2px ${vars.cor.primaria}` }]);
export const cartaoFoto = style({ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', background: vars.cor.borda, display: 'block' });
export const cartaoTexto = style({ display: 'grid', gap: 2, padding: 8, fontSize: 14 });
export const cartaoNome = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
