import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leilao, lote } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/**
 * CPC 895 (issue #34 part 3, decision 230): clients send written proposals on a judicial lot, cash or with at
 * least 25 % down and up to 30 instalments; the lot's back-office page ranks them cash first, then by value.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';

describe('instalment proposals on judicial lots', () => {
  it('valid ones are recorded and ranked cash first; a short down payment or a non-judicial lot is refused in pt-BR', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1, minimo: 50_000_00 });
    const [a, b, c] = await Promise.all(
      ['Ana Ribeiro', 'Bruno Teixeira', 'Carla Mendes'].map((nome) => criarCliente(t.banco.db, { hotsiteId: 1, nome, leilaoId })),
    );
    const propor = (cliente: typeof a, corpo: Record<string, unknown>) =>
      t.app.pedir(H, '/v1/propostas', {
        method: 'POST',
        headers: cliente.auth,
        corpo: { loteId, telefone: '11987654321', email: 'proposta@exemplo.com.br', ...corpo },
      });

    // Not judicial yet: a lot in dispute mode takes no proposal; in proposal mode, no instalments.
    const naoJudicial = await propor(a, { valor: 80_000_00, entrada: 20_000_00, parcelas: 12 });
    expect(naoJudicial.status).toBe(409);
    expect(naoJudicial.texto).toContain('não recebe prop');
    await t.banco.db.update(lote).set({ tipo: 'Proposta', somenteBuyNowProposta: true }).where(eq(lote.id, loteId));
    const emProposta = await propor(a, { valor: 80_000_00, entrada: 20_000_00, parcelas: 12 });
    expect(emProposta.status).toBe(409);
    expect(emProposta.texto).toContain('só é aceita em lote de leilão judicial');

    await t.banco.db.update(leilao).set({ tipoOrigem: 'Judicial' }).where(eq(leilao.id, leilaoId));
    const curta = await propor(a, { valor: 80_000_00, entrada: 19_999_99, parcelas: 12 });
    expect(curta.status).toBe(400);
    expect(curta.texto).toContain('Proposta parcelada (CPC, art. 895, § 1º): a entrada precisa ser de pelo menos 25% do valor.');
    const longa = await propor(a, { valor: 80_000_00, entrada: 20_000_00, parcelas: 31 });
    expect(longa.status).toBe(400);
    expect(longa.texto).toContain('até 30 meses');

    expect((await propor(a, { valor: 90_000_00, entrada: 22_500_00, parcelas: 30 })).status).toBe(201);
    expect((await propor(b, { valor: 70_000_00 })).status).toBe(201);
    expect((await propor(c, { valor: 95_000_00, entrada: 40_000_00, parcelas: 10 })).status).toBe(201);

    const staff = await entrarComoStaff(t.banco.db, [P.LEILAO]);
    const tela = await t.app.pedir(H, `/admin/lotes/${loteId}`, { headers: { cookie: staff.cookie } });
    expect(tela.status).toBe(200);
    const lista = tela.texto.slice(tela.texto.indexOf('data-testid="propostas-cpc895"'));
    const ordem = ['Bruno Teixeira', 'Carla Mendes', 'Ana Ribeiro'].map((n) => lista.indexOf(n));
    expect(ordem.every((i) => i > 0)).toBe(true);
    expect([...ordem].sort((x, y) => x - y)).toEqual(ordem);
    expect(lista).toContain('à vista');
    expect(lista).toContain('30 parcela(s)');
  });
});
