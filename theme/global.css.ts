import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', { fontFamily: vars.fonte.corpo, color: vars.cor.texto, background: vars.cor.fundo });
globalStyle('body', { margin: 0, minHeight: '100vh', display: 'flex', flexDirection: 'column', lineHeight: 1.5 });
globalStyle('main', { flex: 1 });
globalStyle('img', { maxWidth: '100%', height: 'auto' });
globalStyle('a', { color: vars.cor.primaria });
globalStyle('h1, h2, h3', { lineHeight: 1.2 });
