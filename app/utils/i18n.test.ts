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
