import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';
import { margens, midia } from '../../../theme/tokens';

/** Sections sit in a two-column grid: inteira spans both, metade one; one column on small screens. */
export const grade = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  columnGap: 32,
  '@media': { [midia.ateSm]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const coluna = styleVariants({
  inteira: { gridColumn: '1 / -1' },
  metade: { gridColumn: 'span 1', '@media': { [midia.ateSm]: { gridColumn: '1 / -1' } } },
});

export const margemTopo = styleVariants(margens, (m) => ({ marginTop: m }));
export const margemBase = styleVariants(margens, (m) => ({ marginBottom: m }));

export const tituloSecao = style({ fontSize: 26, margin: '0 0 20px', color: vars.cor.texto });

export const aviso = style({
  background: vars.cor.secundaria,
  color: vars.cor.textoSobreSecundaria,
  textAlign: 'center',
  padding: '8px 16px',
  fontSize: 14,
  fontWeight: 500,
});
globalStyle(`${aviso} a`, { color: 'inherit', marginLeft: 8, fontWeight: 700 });

export const carrossel = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: '100%',
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  scrollbarWidth: 'none',
});
export const slide = style({
  scrollSnapAlign: 'start',
  minHeight: 340,
  display: 'flex',
  alignItems: 'center',
  color: '#ffffff',
  background: `linear-gradient(120deg, ${vars.cor.gradiente1} 0%, ${vars.cor.gradiente2} 60%, ${vars.cor.gradiente3} 100%)`,
  backgroundSize: 'cover',
  backgroundPosition: 'center',
  '@media': { [midia.ateSm]: { minHeight: 260 } },
});
export const slideTitulo = style({
  fontSize: 44,
  margin: '0 0 12px',
  maxWidth: 720,
  textShadow: '0 2px 12px rgba(0,0,0,.25)',
  '@media': { [midia.ateSm]: { fontSize: 30 } },
});
export const slideSubtitulo = style({ fontSize: 20, margin: '0 0 24px', maxWidth: 640, opacity: 0.95 });
export const pontos = style({ display: 'flex', justifyContent: 'center', gap: 8, marginTop: 10 });
export const ponto = style({ width: 10, height: 10, borderRadius: '50%', background: vars.cor.borda, display: 'block' });

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  gap: 20,
});
export const card = style({
  background: vars.cor.superficie,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.medio,
  padding: 22,
  color: vars.cor.texto,
  textDecoration: 'none',
});
export const cardIcone = style({
  width: 48,
  height: 48,
  borderRadius: '50%',
  display: 'grid',
  placeItems: 'center',
  background: vars.cor.primaria,
  color: vars.cor.textoSobrePrimaria,
  marginBottom: 12,
  fontWeight: 700,
  fontSize: 18,
});
export const cardTitulo = style({ fontSize: 18, margin: '0 0 6px' });
export const cardTexto = style({ margin: 0, color: vars.cor.textoSuave });

export const numeros = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: 16 });
export const numero = style({ fontSize: 40, fontWeight: 800, color: vars.cor.primaria, lineHeight: 1.1 });

export const texto = style({ fontSize: 17 });

export const pergunta = style({
  borderBottom: `1px solid ${vars.cor.borda}`,
  padding: '14px 4px',
});
globalStyle(`${pergunta} > summary`, { cursor: 'pointer', fontWeight: 600, fontSize: 16 });
globalStyle(`${pergunta} > p`, { margin: '10px 0 0', color: vars.cor.textoSuave });

export const chamada = style({
  borderRadius: vars.raio.medio,
  padding: 32,
  background: `linear-gradient(135deg, ${vars.cor.gradiente1}, ${vars.cor.gradiente2})`,
  color: '#ffffff',
  height: '100%',
});
export const chamadaTitulo = style({ fontSize: 26, margin: '0 0 8px' });

export const textoImagem = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: 32,
  alignItems: 'center',
  '@media': { [midia.ateSm]: { gridTemplateColumns: '1fr' } },
});

export const galeria = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 12 });
export const video = style({ aspectRatio: '16 / 9', width: '100%', border: 0, borderRadius: vars.raio.medio });
export const depoimento = style([card, { fontStyle: 'italic' }]);
export const logos = style({ display: 'flex', flexWrap: 'wrap', gap: 28, alignItems: 'center', justifyContent: 'center' });
