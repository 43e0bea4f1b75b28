import { describe, expect, it } from 'vitest';
import { lances } from '~/locales/pt-BR/lances';
import { adicionarRecursos, criarI18n, textoDaMarca } from './i18n';

describe('wording by brand type (i18next context)', () => {
  const i18n = criarI18n();
  it.each([
    ['lance', 'Lance', 'Oferta'],
    ['lote', 'Lote', 'Anúncio'],
    ['leilao', 'Leilão', 'Evento'],
    ['caminho_lista', 'leilao', 'anuncio'],
    ['nav.agenda', 'Agenda de leilões', 'Agenda de eventos'],
    ['nav.como_funciona', 'Como funciona', 'Como funciona'],
  ])('%s: leilao "%s", loja "%s"', (chave, leilao, loja) => {
    expect(i18n.t(chave, { context: 'leilao' })).toBe(leilao);
    expect(i18n.t(chave, { context: 'loja' })).toBe(loja);
  });
});

describe('split-off wording (locales/pt-BR/lances.ts)', () => {
  it('is absent from a fresh instance and merges into common under the same keys, once', () => {
    const i18n = criarI18n();
    expect(i18n.t('lances_painel.atual', { context: 'loja' })).toBe('lances_painel.atual');
    adicionarRecursos(i18n, lances);
    adicionarRecursos(i18n, lances);
    expect(i18n.t('lances_painel.atual', { context: 'loja' })).toBe('Oferta atual');
    expect(i18n.t('status_lance.ganhando', { context: 'leilao' })).toBe('Ganhando');
    expect(i18n.t('nav.agenda', { context: 'leilao' })).toBe('Agenda de leilões');
  });

  it('reaches textoDaMarca when the module is passed', () => {
    expect(textoDaMarca('loja', 'lances_mensagens.registrado', {}, lances)).toBe('Oferta registrada com sucesso');
  });
});

describe('no key is shadowed on auction brands', () => {
  // i18next reads `chave` with the context "leilao" as `chave_leilao` first: a key beside one of that name
  // shows the other's text on every auction brand ("Agrupar por" once read "Leilão" on the seller's page).
  const modulos = import.meta.glob<Record<string, unknown>>(['../locales/pt-BR/*.ts', '!../locales/pt-BR/*.test.ts'], { eager: true });
  const sombreadas: string[] = [];
  const percorrer = (o: Record<string, unknown>, caminho: string) => {
    for (const [k, v] of Object.entries(o)) {
      if (v && typeof v === 'object') percorrer(v as Record<string, unknown>, `${caminho}${k}.`);
      else if (k.endsWith('_leilao') && k.slice(0, -'_leilao'.length) in o) sombreadas.push(`${caminho}${k.slice(0, -'_leilao'.length)}`);
    }
  };
  for (const m of Object.values(modulos)) for (const v of Object.values(m)) if (v && typeof v === 'object') percorrer(v as never, '');

  it('has no key beside a key of its name and "_leilao"', () => {
    expect(Object.keys(modulos).length).toBeGreaterThan(10);
    expect(sombreadas).toEqual([]);
  });
});
