import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { aovivo } from '~/locales/pt-BR/aovivo';
import { common } from '~/locales/pt-BR/common';
import { erros } from '~/locales/pt-BR/erros';
import { habilitacao } from '~/locales/pt-BR/habilitacao';
import { lances } from '~/locales/pt-BR/lances';
import { paginas } from '~/locales/pt-BR/paginas';
import { vendas } from '~/locales/pt-BR/vendas';
import { criarTraducao } from './traducao';

/** Every key path of a resource tree, with the plural and context suffixes taken off. */
function chaves(obj: Record<string, unknown>, prefixo = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'string'
      ? [`${prefixo}${k.replace(/_(one|other|zero)$/, '').replace(/_(loja|leilao)$/, '')}`, `${prefixo}${k}`]
      : chaves(v as Record<string, unknown>, `${prefixo}${k}.`),
  );
}

describe('the site translator reads what i18next reads', () => {
  const extras = [lances, paginas, aovivo, habilitacao, vendas, erros];
  const ref = i18next.createInstance();
  void ref.init({
    lng: 'pt-BR',
    fallbackLng: 'pt-BR',
    resources: { 'pt-BR': { common: structuredClone(common) } },
    defaultNS: 'common',
    ns: ['common'],
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const nosso = criarTraducao('pt-BR', common);
  for (const r of extras) {
    ref.addResourceBundle('pt-BR', 'common', structuredClone(r), true, false);
    nosso.adicionar(r);
  }
  const todas = [...new Set([common, ...extras].flatMap((r) => chaves(r as unknown as Record<string, unknown>)))];

  it('for every key, brand context and count, with and without variables', () => {
    expect(todas.length).toBeGreaterThan(200);
    const opcoes: Record<string, unknown>[] = [
      {},
      { context: 'leilao' },
      { context: 'loja' },
      ...[0, 1, 2, 1.5, 21].flatMap((count) => [{ count }, { count, context: 'loja' }, { count, context: 'leilao' }]),
      { context: 'loja', count: 3, numero: '12', nome: 'Gol', valor: 'R$ 1.000,00', lote: 7, total: undefined },
      { defaultValue: 'padrão', context: 'loja' },
    ];
    const diferencas: string[] = [];
    for (const chave of [...todas, 'nao.existe', 'situacao.INEXISTENTE']) {
      for (const o of opcoes) {
        const a = ref.t(chave, o) as unknown as string;
        const b = nosso.t(chave, o);
        if (a !== b) diferencas.push(`${chave} ${JSON.stringify(o)}: i18next "${a}" / nosso "${b}"`);
      }
    }
    expect(diferencas).toEqual([]);
  });

  it('merges without overwriting and leaves the imported resources alone', () => {
    const t = criarTraducao('pt-BR', { a: 'A', b: { c: 'C' } });
    t.adicionar({ a: 'X', b: { d: 'D' } });
    expect([t.t('a'), t.t('b.c'), t.t('b.d')]).toEqual(['A', 'C', 'D']);
    expect(t.t('nome_{{x}}')).toBe('nome_{{x}}');
  });
});
