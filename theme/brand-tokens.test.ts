import { describe, expect, it } from 'vitest';
import { pilhaDeFonte, sanitizarCor, tokensDaMarca } from './brand-tokens';

describe('sanitizarCor', () => {
  it.each([
    ['#0B3D91', '#0b3d91'],
    ['#abc', '#aabbcc'],
    ['rgb(15, 123, 74)', '#0f7b4a'],
    ['hsl(0, 100%, 50%)', '#ff0000'],
    ['  #ffd23f  ', '#ffd23f'],
  ])('%s → %s', (entrada, saida) => expect(sanitizarCor(entrada)).toBe(saida));

  it.each([['red;background:url(https://evil)'], ['expression(alert(1))'], ['#12345g'], ['"></style><script>'], [''], [42], [null]])(
    'refuses %j',
    (entrada) => expect(sanitizarCor(entrada)).toBeNull(),
  );
});

describe('tokensDaMarca', () => {
  it('falls back to safe defaults for broken stored colours and picks readable text', () => {
    const t = tokensDaMarca({
      corPrimaria: 'url(javascript:alert(1))',
      corSecundaria: '#ffd23f',
      corGradient1: '#0f7b4a',
      corGradient2: 'nope',
      corGradient3: '#ffd23f',
    });
    expect(t.cor.primaria).toBe('#1f4e8c');
    expect(t.cor.gradiente2).toBe('#1f4e8c');
    expect(t.cor.textoSobrePrimaria).toBe('#ffffff');
    // Yellow needs dark text.
    expect(t.cor.textoSobreSecundaria).toBe('#1d2330');
  });

  it('matches the snapshot for a demo brand', () => {
    expect(
      tokensDaMarca({
        corPrimaria: '#0b3d91',
        corSecundaria: '#f7a21b',
        corGradient1: '#0b3d91',
        corGradient2: '#1565c0',
        corGradient3: '#f7a21b',
        fonte: 'Inter',
      }),
    ).toMatchSnapshot();
  });
});

describe('pilhaDeFonte', () => {
  it('quotes a plain family name and always ends with system fonts', () => {
    expect(pilhaDeFonte('Inter')).toMatch(/^"Inter", system-ui/);
    expect(pilhaDeFonte('Inter"; } body { display:none')).toMatch(/^system-ui/);
    expect(pilhaDeFonte(null)).toMatch(/^system-ui/);
  });
});
