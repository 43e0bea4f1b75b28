import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', { fontFamily: vars.fonte.corpo, color: vars.cor.texto, background: vars.cor.fundo });
globalStyle('body', { margin: 0, minHeight: '100vh', display: 'flex', flexDirection: 'column', lineHeight: 1.5 });
globalStyle('main', { flex: 1 });
globalStyle('img', { maxWidth: '100%', height: 'auto' });
globalStyle('a', { color: vars.cor.primaria });
globalStyle('h1, h2, h3', { lineHeight: 1.2 });

/*
 * Native form controls the theme dresses when a screen gives them no class of its own: the brand's
 * border, radius, colours and focus ring on fields and selects, its primary colour on checkboxes and
 * radios. `:where()` keeps these at zero specificity, so any component class still wins.
 */
const campoNativo =
  ':where(input:not([type="checkbox"], [type="radio"], [type="hidden"], [type="file"], [type="submit"], [type="button"], [type="reset"], [type="range"], [type="color"], [type="image"]), select, textarea)';
globalStyle(':where(input, select, textarea, button)', { font: 'inherit' });
globalStyle(campoNativo, {
  padding: '8px 10px',
  minHeight: 40,
  border: `1px solid ${vars.cor.borda}`,
  borderRadius: vars.raio.pequeno,
  background: vars.cor.superficie,
  color: vars.cor.texto,
  maxWidth: '100%',
});
globalStyle(`${campoNativo}:focus-visible`, { outline: `2px solid ${vars.cor.primaria}`, outlineOffset: 1 });
globalStyle(':where(input[type="checkbox"], input[type="radio"])', {
  accentColor: vars.cor.primaria,
  width: 18,
  height: 18,
  margin: 0,
  verticalAlign: 'middle',
});
globalStyle(':where(input[type="file"])', { font: 'inherit', color: vars.cor.texto });
