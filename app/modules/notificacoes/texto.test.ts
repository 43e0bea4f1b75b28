import { describe, expect, it } from 'vitest';
import { textoDaNotificacao } from './texto';

describe('textoDaNotificacao: a lead lost to a buy-now', () => {
  const comprado = {
    evento: 'lance-superado',
    loteNome: 'VW Gol 1.0 2015',
    dados: { valor: 5_000_000, seuLance: 1_000_000, compreJa: true },
  };

  it.each([
    [
      'leilao',
      'Lote vendido pelo Compre Já',
      'O lote VW Gol 1.0 2015, em que você tinha o maior lance, foi comprado por outro participante pelo Compre Já, por R$\u00a050.000,00. A disputa deste lote está encerrada.',
    ],
    [
      'loja',
      'Anúncio vendido pelo Compre Já',
      'O anúncio VW Gol 1.0 2015, em que você tinha a maior oferta, foi comprado por outro participante pelo Compre Já, por R$\u00a050.000,00. A disputa deste anúncio está encerrada.',
    ],
  ] as const)('%s: says the lot was sold, not outbid', (tipo, titulo, texto) => {
    expect(textoDaNotificacao(tipo, comprado)).toEqual({ titulo, texto });
  });

  it("ignores the brand's outbid template (it speaks of a bid passed) and keeps it for a bid", () => {
    const modelo = { titulo: 'Alguém passou você', texto: 'Novo lance em {{lote}}: {{valor}}' };
    expect(textoDaNotificacao('leilao', comprado, modelo).titulo).toBe('Lote vendido pelo Compre Já');
    const porLance = { ...comprado, dados: { valor: 5_000_000, seuLance: 1_000_000 } };
    expect(textoDaNotificacao('leilao', porLance, modelo)).toEqual({
      titulo: 'Alguém passou você',
      texto: 'Novo lance em VW Gol 1.0 2015: R$\u00a050.000,00',
    });
    expect(textoDaNotificacao('leilao', porLance).titulo).toBe('Seu lance foi superado');
  });
});
