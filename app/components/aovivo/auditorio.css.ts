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
export const titulo = style({ margin: 0, fontSize: 22, '@media': { [celular]: { fontSize: 18 } } });
export const subtitulo = style({ margin: '0 0 8px', fontSize: 17 });
export const indicadores = style({ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' });
const pulso = keyframes({ '0%': { opacity: 1 }, '50%': { opacity: 0.25 }, '100%': { opacity: 1 } });
const pilula = style({ padding: '4px 10px', borderRadius: 999, fontSize: 13, fontWeight: 700 });
/**
 * "Ao vivo": the pill keeps full contrast; only a dot before the words pulses (fading the whole pill
 * once made its text unreadable, and axe flagged it).
 */
export const aoVivo = style([
  pilula,
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 6,
    background: vars.cor.perigo,
    color: vars.cor.textoSobrePrimaria,
    selectors: {
      '&::before': {
        content: '""',
        width: 8,
        height: 8,
        borderRadius: '50%',
        background: 'currentColor',
        animation: `${pulso} 2s infinite`,
      },
    },
    '@media': { '(prefers-reduced-motion: reduce)': { selectors: { '&::before': { animation: 'none' } } } },
  },
]);
export const selo = style([pilula, { background: vars.cor.superficie, border: `1px solid ${vars.cor.borda}`, color: vars.cor.texto }]);
export const latencia = style([
  pilula,
  { background: vars.cor.superficie, border: `1px solid ${vars.cor.borda}`, color: vars.cor.textoSuave },
]);
/** One row that scrolls sideways on every size: a brand with many auctions never pushes the lot down. */
export const leiloes = style({
  display: 'flex',
  gap: 8,
  flexWrap: 'nowrap',
  overflowX: 'auto',
  width: '100%',
  paddingBottom: 4,
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

/**
 * The auditorium's stage. The lot on the floor (name, price, "Dar lance") always sits in the first screen:
 * on a desktop it has its own column beside the broadcast, with the chat under the broadcast; on a phone
 * the broadcast comes first at its 16:9 height, then the lot, then the chat. Without a broadcast its place
 * is a one-line note, never a tall empty box.
 */
export const palco = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1.55fr) minmax(340px, 1fr)',
  gridTemplateAreas: '"video lote" "chat lote"',
  gridTemplateRows: 'auto minmax(0, 1fr)',
  gap: 16,
  alignItems: 'start',
  '@media': {
    [celular]: { gridTemplateColumns: 'minmax(0, 1fr)', gridTemplateAreas: '"video" "lote" "chat"', gridTemplateRows: 'auto' },
  },
});
export const palcoSemChat = style([palco, { gridTemplateAreas: '"video lote"', gridTemplateRows: 'auto' }]);
export const areaVideo = style({ gridArea: 'video', minWidth: 0 });
export const areaLote = style({ gridArea: 'lote', minWidth: 0 });
export const areaChat = style({ gridArea: 'chat', minWidth: 0 });

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
/** No broadcast: a short note in the broadcast's place. */
export const semVideo = style({
  margin: 0,
  padding: '10px 14px',
  borderRadius: vars.raio.medio,
  border: `1px dashed ${vars.cor.borda}`,
  background: vars.cor.superficie,
  color: vars.cor.textoSuave,
  fontSize: 14,
  textAlign: 'center',
});

export const pregao = style({
  display: 'grid',
  gap: 12,
  padding: 16,
  borderRadius: vars.raio.medio,
  border: `1px solid ${vars.cor.borda}`,
  background: vars.cor.superficie,
  '@media': { [celular]: { padding: 12, gap: 10 } },
});
/** The lot's photo beside its number and name: a picture that never pushes the price down. */
export const cabecalhoDoLote = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 0.9fr) minmax(0, 1fr)',
  gap: 12,
  alignItems: 'start',
  '@media': { [celular]: { gridTemplateColumns: '112px minmax(0, 1fr)' } },
});
export const foto = style({ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: vars.raio.pequeno, display: 'block' });
export const pregaoTexto = style({ display: 'grid', gap: 6, alignContent: 'start', minWidth: 0 });
export const aguardando = style({ margin: 0, color: vars.cor.textoSuave, textAlign: 'center', padding: 24 });
export const numero = style({ margin: 0, color: vars.cor.textoSuave, fontWeight: 600 });
export const nome = style({ margin: 0, fontSize: 22, overflowWrap: 'anywhere', '@media': { [celular]: { fontSize: 18 } } });
const chamadaBase = style({
  margin: 0,
  padding: '10px 14px',
  borderRadius: vars.raio.pequeno,
  fontSize: 24,
  fontWeight: 800,
  '@media': { [celular]: { fontSize: 20, padding: '6px 10px' } },
  textAlign: 'center',
});
export const chamada = style([chamadaBase, { background: vars.cor.alerta, color: vars.cor.texto }]);
export const vendido = style([chamadaBase, { background: vars.cor.sucesso, color: vars.cor.textoSobrePrimaria }]);
export const valores = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))',
  gap: '6px 12px',
  margin: 0,
});
globalStyle(`${valores} dt`, { color: vars.cor.textoSuave, fontSize: 13 });
globalStyle(`${valores} dd`, { margin: 0, fontWeight: 600 });
export const valorGrande = style({ fontSize: 28, lineHeight: 1.15, color: vars.cor.primaria, whiteSpace: 'nowrap' });
/** The current value gets its own row: large money never runs into the next column. */
/** A countdown never breaks inside its number ("18h 09min"). */
export const contagem = style({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
export const valorDestaque = style({ gridColumn: '1 / -1' });
export const acoes = style({ display: 'grid', gap: 10 });
/** The bid button spans the lot's column: the one thing to tap in a hurry. */
export const botaoLance = style({ width: '100%', fontSize: 17 });
export const automatico = style({ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'end' });
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

/** A staff notice (message template, decision 265): on the auditorium and on the auction's lot pages. */
export const avisoDaTransmissao = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: 12,
  margin: '8px 0',
  padding: '10px 14px',
  borderRadius: vars.raio.medio,
  border: `1px solid ${vars.cor.borda}`,
  borderLeft: `6px solid ${vars.cor.info}`,
  background: vars.cor.superficie,
  color: vars.cor.texto,
});

export const avisoTexto = style({ margin: 0, flex: 1, overflowWrap: 'anywhere' });

export const avisoHora = style({ color: vars.cor.textoSuave, fontSize: '0.875rem', whiteSpace: 'nowrap' });

export const avisoFechar = style({
  border: 'none',
  background: 'transparent',
  color: vars.cor.texto,
  cursor: 'pointer',
  fontSize: '1.25rem',
  lineHeight: 1,
  minWidth: 44,
  minHeight: 44,
  margin: '-10px -14px -10px 0',
});
