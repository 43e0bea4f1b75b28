import { describe, expect, it } from 'vitest';
import { criarI18n } from './i18n';

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
