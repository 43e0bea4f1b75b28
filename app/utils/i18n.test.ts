import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { common } from '~/locales/pt-BR/common';
import { textoDaMarca, traduzir } from './i18n';

describe('wording by brand type (context)', () => {
  it.each([
    ['lance', 'Lance', 'Oferta'],
    ['lote', 'Lote', 'Anúncio'],
    ['leilao', 'Leilão', 'Evento'],
    ['caminho_lista', 'leilao', 'anuncio'],
    ['nav.agenda', 'Agenda de leilões', 'Agenda de eventos'],
    ['nav.como_funciona', 'Como funciona', 'Como funciona'],
  ])('%s: leilao "%s", loja "%s"', (chave, leilao, loja) => {
    expect(textoDaMarca('leilao', chave)).toBe(leilao);
    expect(textoDaMarca('loja', chave)).toBe(loja);
  });

  it('counts and fills variables', () => {
    expect(textoDaMarca('leilao', 'catalogo.resultados', { count: 0 })).toBe('Nenhum lote encontrado');
    expect(textoDaMarca('leilao', 'catalogo.resultados', { count: 1 })).toBe('1 lote encontrado');
    expect(textoDaMarca('loja', 'catalogo.resultados', { count: 1234 })).toBe('1234 anúncios encontrados');
    expect(traduzir('nao.existe')).toBe('nao.existe');
  });
});

/** The wording reader follows i18next's rules: every key, context and count reads the same. */
describe('same text as i18next', () => {
  const i18n = i18next.createInstance();
  void i18n.init({ lng: 'pt-BR', resources: { 'pt-BR': { common } }, defaultNS: 'common', initAsync: false, interpolation: { escapeValue: false } });
  const folhas = (o: object, prefixo = ''): [string, string][] =>
    Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefixo}${k}`, v] as [string, string]] : folhas(v, `${prefixo}${k}.`)));
  const textos = folhas(common);
  const chaves = [...new Set(textos.map(([k]) => k.replace(/(_(leilao|loja))?(_(zero|one|other))?$/, '')))];
  const variaveis = Object.fromEntries([...new Set(textos.flatMap(([, t]) => [...t.matchAll(/{{(.+?)}}/g)].map((m) => m[1].trim())))].map((v, i) => [v, `v${i}`]));

  it.each(chaves)('%s', (chave) => {
    for (const context of [undefined, 'leilao', 'loja'])
      for (const count of [undefined, 0, 1, 2, 1500]) {
        const opcoes = { ...variaveis, ...(context ? { context } : {}), ...(count === undefined ? {} : { count }) };
        expect(traduzir(chave, opcoes), JSON.stringify({ context, count })).toBe(i18n.t(chave, opcoes));
      }
    // A variable not given stays as written.
    expect(traduzir(chave, { context: 'loja' })).toBe(i18n.t(chave, { context: 'loja' }));
  });
});
