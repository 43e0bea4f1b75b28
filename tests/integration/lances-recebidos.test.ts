import { describe, expect, it } from 'vitest';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

const t = instanciaDeTeste();

describe('/admin/lances-recebidos', () => {
  it('lists the brand’s bids for Acerto and SAC, searchable by client; other roles are refused', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { minimo: 10_000_00 });
    const cliente = await criarCliente(t.banco.db, { nome: 'Joana Recebida', leilaoId });
    expect((await t.app.pedir('h1.localhost', '/v1/lances', { headers: cliente.auth, corpo: { loteId, valor: 10_500_00 } })).status).toBe(
      201,
    );

    const acerto = await entrarComoStaff(t.banco.db, [P.ACERTO]);
    const todos = await t.app.pedir('h1.localhost', '/admin/lances-recebidos', { headers: { cookie: acerto.cookie } });
    expect(todos.status).toBe(200);
    expect(todos.texto).toContain('Joana Recebida');
    expect(todos.texto).toMatch(/R\$\s10\.500,00/);

    const sac = await entrarComoStaff(t.banco.db, [P.SAC]);
    const achado = await t.app.pedir('h1.localhost', '/admin/lances-recebidos?busca=joana%20rec', { headers: { cookie: sac.cookie } });
    expect(achado.texto).toContain('Joana Recebida');
    const nada = await t.app.pedir('h1.localhost', '/admin/lances-recebidos?busca=ninguem-assim', { headers: { cookie: sac.cookie } });
    expect(nada.status).toBe(200);
    expect(nada.texto).not.toContain('Joana Recebida');

    const comitente = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    const negado = await t.app.pedir('h1.localhost', '/admin/lances-recebidos', { headers: { cookie: comitente.cookie } });
    expect(negado.status).toBe(403);
    expect(negado.texto).not.toContain('Joana Recebida');
    const doCliente = await t.app.pedir('h1.localhost', '/admin/lances-recebidos', { headers: { cookie: cliente.cookie } });
    expect(doCliente.status).toBe(403);
    expect(doCliente.texto).not.toContain('data-testid="lances-recebidos"');
  });

  it('each bid reads with the spec’s label (Superado, Vencendo, Cancelado…), not the stored Recebido, and the lot number as shown', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { minimo: 10_000_00 });
    const lia = await criarCliente(t.banco.db, { nome: 'Lia Superada', leilaoId });
    const rui = await criarCliente(t.banco.db, { nome: 'Rui Vencendo', leilaoId });
    const lance = (c: typeof lia, valor: number) =>
      t.app.pedir('h1.localhost', '/v1/lances', { headers: c.auth, corpo: { loteId, valor } });
    expect((await lance(lia, 10_000_00)).status).toBe(201);
    expect((await lance(rui, 10_500_00)).status).toBe(201);
    const sac = await entrarComoStaff(t.banco.db, [P.SAC]);
    const linha = async (busca: string) => {
      const r = await t.app.pedir('h1.localhost', `/admin/lances-recebidos?busca=${encodeURIComponent(busca)}`, {
        headers: { cookie: sac.cookie },
      });
      const tr = /<tbody>([\s\S]*?)<\/tbody>/
        .exec(r.texto)![1]
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ');
      return tr;
    };
    const daLia = await linha('Lia Superada');
    expect(daLia).toContain('001 · VW Gol 1.0 2015');
    expect(daLia).toContain(' Superado ');
    expect(daLia).not.toContain('Recebido');
    expect(await linha('Rui Vencendo')).toContain(' Vencendo ');
  });
});
