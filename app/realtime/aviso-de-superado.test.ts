import { describe, expect, it } from 'vitest';
import { chaveDoAvisoDeSuperado } from './aviso-de-superado';
import { lances } from '~/locales/pt-BR/lances';
import { lerMensagemDoServidor } from './lances-cliente';

describe('chaveDoAvisoDeSuperado', () => {
  it.each([
    ['lance', 'lances_painel.superado_toast'],
    ['compre-ja', 'lances_painel.vendido_compre_ja_toast'],
  ] as const)('a lead lost to a %s → %s', (motivo, chave) => {
    expect(chaveDoAvisoDeSuperado({ motivo })).toBe(chave);
  });

  it('the buy-now notice says the lot was sold by Compre Já, never that the bid was outbid', () => {
    expect(lances.lances_painel.vendido_compre_ja_toast).toMatch(/vendido pelo Compre Já/);
    expect(lances.lances_painel.vendido_compre_ja_toast).not.toMatch(/superad/);
    expect(lances.lances_painel.vendido_compre_ja_toast_loja).not.toMatch(/superad/);
  });

  it("an older instance's notice (no motivo) reads as a bid; a buy-now's keeps its motivo", () => {
    const valor = { lance: 100, atual: 100, proximo: 200, incremento: 100 };
    const ler = (data: object) => {
      const m = lerMensagemDoServidor(JSON.stringify({ event: 'lance-superado', data }));
      return m?.event === 'lance-superado' ? m.data.motivo : null;
    };
    expect(ler({ loteId: 1, veiUid: 'V1', numero: '7', nome: 'Gol', valor })).toBe('lance');
    expect(ler({ loteId: 1, veiUid: 'V1', numero: '7', nome: 'Gol', valor, motivo: 'compre-ja' })).toBe('compre-ja');
  });
});
