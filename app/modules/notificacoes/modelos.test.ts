import { describe, expect, it } from 'vitest';
import { assinaturaSchema, sanitizarAssinatura } from './modelos';
import { lerOpcoesDeNotificacao } from './opcoes';
import { preencherModelo } from './texto';

describe('sanitizarAssinatura', () => {
  it.each([
    ['<p>Equipe <b>Brasil</b></p>', 'Equipe Brasil'],
    ['Equipe\r\nSAC 0800  \r\n', 'Equipe\nSAC 0800'],
    ['a\u0000b\u202Ec\u200Bd', 'abcd'],
    ['a\n\n\n\nb', 'a\n\nb'],
    ['<script>alert(1)</script>x', 'alert(1)x'],
    ['2 > 1 < 3', '2  1  3'],
  ])('%j → %j', (bruta, esperada) => {
    expect(sanitizarAssinatura(bruta)).toBe(esperada);
  });
  it('refuses more than 8 lines', () => {
    expect(assinaturaSchema.safeParse({ texto: Array(9).fill('x').join('\n') }).success).toBe(false);
  });
});

describe('preencherModelo', () => {
  it('fills known placeholders and leaves unknown ones as typed', () => {
    expect(preencherModelo('{{lote}} por {{ valor }} {{x}}', { lote: 'Gol', valor: 'R$ 1,00' })).toBe('Gol por R$ 1,00 {{x}}');
  });
});

describe('lerOpcoesDeNotificacao', () => {
  it.each([
    [undefined, null],
    ['padrao', null],
    ['', null],
    ['nenhum', []],
    ['Email, push,email', ['email', 'push']],
  ] as const)('%j → %j', (valor, esperado) => {
    expect(lerOpcoesDeNotificacao(valor)).toEqual(esperado);
  });
  it.each(['fax', 'email,', 'nenhum,push', 'x'.repeat(200)])('%j is a 400', (valor) => {
    expect(() => lerOpcoesDeNotificacao(valor)).toThrow(expect.objectContaining({ status: 400 }));
  });
});
