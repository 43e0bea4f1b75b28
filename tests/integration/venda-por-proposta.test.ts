import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leilao, lote, notificacao, proposta, vendaItem, vendaParcela } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { formatarMoeda } from '~/utils/format';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/**
 * CPC 895 (decision 250): staff accept one written proposal of a judicial lot on its back-office page; it
 * becomes the lot's sale with the down payment and the instalments recorded and shown to the buyer, the other
 * proposals are refused, and every proposer is told. Accepts sent at the same moment sell the lot once.
 */
const t = instanciaDeTeste();
/** An amount as the page writes it, without the currency sign ("9.642,86"). */
const numeros = (centavos: number) => formatarMoeda(centavos).replace(/^R\$\s*/, '');
const H = 'h1.localhost';

async function loteComPropostas() {
  const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1, minimo: 50_000_00 });
  await t.banco.db.update(leilao).set({ tipoOrigem: 'Judicial - TJSP' }).where(eq(leilao.id, leilaoId));
  const [a, b, c] = await Promise.all(
    ['Ana Ribeiro', 'Bruno Teixeira', 'Carla Mendes'].map((nome) => criarCliente(t.banco.db, { hotsiteId: 1, nome, leilaoId })),
  );
  const propor = async (cliente: typeof a, corpo: Record<string, unknown>) => {
    const r = await t.app.pedir(H, '/v1/propostas', {
      method: 'POST',
      headers: cliente.auth,
      corpo: { loteId, telefone: '11987654321', email: 'proposta@exemplo.com.br', ...corpo },
    });
    expect(r.status, r.texto).toBe(201);
  };
  // 67.500,00 left over 7 instalments does not divide: 9.642,85 and five centavos to spread.
  await propor(a, { valor: 90_000_00, entrada: 22_500_00, parcelas: 7 });
  await propor(b, { valor: 70_000_00 });
  await propor(c, { valor: 95_000_01, entrada: 40_000_00, parcelas: 10 });
  const ps = await t.banco.db.select().from(proposta).where(eq(proposta.loteId, loteId));
  const de = (id: number) => ps.find((p) => p.usuarioId === id)!;
  return { loteId, a, b, c, pa: de(a.id), pb: de(b.id), pc: de(c.id) };
}

const aceitar = (cookie: string, loteId: number, uid: string, host = H) =>
  t.app.pedir(host, `/admin/lotes/${loteId}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    corpo: new URLSearchParams({ _acao: 'aceitar-proposta', proposta: uid }).toString(),
  });

describe('accepting a CPC 895 proposal', () => {
  it('parallel accepts sell the lot once; the sale carries the schedule the buyer sees, adding up exactly', async () => {
    const { loteId, a, b, c, pa, pb, pc } = await loteComPropostas();
    const staff = await entrarComoStaff(t.banco.db, [P.LEILAO], { nome: 'Otávio Bittencourt' });

    // Four staff presses at once, on two different proposals: one wins, the rest are told the lot is sold.
    const respostas = await Promise.all([pa.uid, pc.uid, pa.uid, pc.uid].map((uid) => aceitar(staff.cookie, loteId, uid)));
    const aceitas = respostas.filter((r) => r.status === 200);
    expect(aceitas, respostas.map((r) => `${r.status} ${r.texto.slice(0, 120)}`).join('\n')).toHaveLength(1);
    for (const r of respostas.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.texto).toMatch(/O lote já foi vendido|Esta proposta já foi respondida/);
    }
    expect(aceitas[0].texto).toContain('Proposta aceita: a venda foi criada');

    const depois = await t.banco.db.select().from(proposta).where(eq(proposta.loteId, loteId));
    const ganhadora = depois.find((p) => p.situacao === 'Aceita')!;
    expect(depois.filter((p) => p.situacao === 'Aceita')).toHaveLength(1);
    expect(depois.filter((p) => p.situacao === 'Recusada')).toHaveLength(2);
    expect(depois.find((p) => p.id === pb.id)!.situacao).toBe('Recusada');
    const comprador = [a, c].find((x) => x.id === ganhadora.usuarioId)!;

    const [l] = await t.banco.db.select().from(lote).where(eq(lote.id, loteId));
    expect(l.situacao).toBe('AG_PAGAMENTO');
    const itens = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));
    expect(itens).toHaveLength(1);
    expect(itens[0].valor).toBe(ganhadora.valor);
    const parcelas = await t.banco.db
      .select()
      .from(vendaParcela)
      .where(eq(vendaParcela.vendaId, itens[0].vendaId))
      .orderBy(vendaParcela.numero);
    expect(parcelas).toHaveLength(ganhadora.parcelas! + 1);
    expect(parcelas[0].valor).toBe(ganhadora.entrada);
    expect(parcelas.reduce((s, p) => s + p.valor, 0)).toBe(ganhadora.valor);
    const valores = parcelas.slice(1).map((p) => p.valor);
    expect(Math.max(...valores) - Math.min(...valores)).toBeLessThanOrEqual(1);
    // Monthly, on the payment day's date of each following month.
    expect(new Set(parcelas.map((p) => p.vencimento)).size).toBe(parcelas.length);

    // The buyer's purchase page shows the schedule, each line's date and value, and the total.
    const pagina = await t.app.pedir(H, `/cliente/compras/${itens[0].vendaId}`, { headers: { cookie: comprador.cookie } });
    expect(pagina.status).toBe(200);
    const cartao = pagina.texto.slice(pagina.texto.indexOf('data-testid="parcelamento"'));
    expect(cartao).toContain('(CPC, art. 895)');
    for (const p of parcelas) {
      expect(cartao).toContain(p.vencimento.split('-').reverse().join('/'));
      expect(cartao).toContain(numeros(p.valor));
    }
    expect(cartao).toContain(numeros(ganhadora.valor));

    // Each proposer is told: the buyer that it was accepted (with the schedule), the others that it was not.
    const avisos = await t.banco.db
      .select({ usuarioId: notificacao.usuarioId, evento: notificacao.evento, dados: notificacao.dados })
      .from(notificacao)
      .where(and(eq(notificacao.loteId, loteId), inArray(notificacao.evento, ['proposta-aceita', 'proposta-recusada'])));
    expect(avisos.filter((x) => x.evento === 'proposta-aceita').map((x) => x.usuarioId)).toEqual([comprador.id]);
    expect(
      avisos
        .filter((x) => x.evento === 'proposta-recusada')
        .map((x) => x.usuarioId)
        .sort(),
    ).toEqual([a.id, b.id, c.id].filter((id) => id !== comprador.id).sort());
    expect(String((avisos.find((x) => x.evento === 'proposta-aceita')!.dados as { motivo: string }).motivo)).toContain('entrada de');

    // The lot page offers no more accepts; a late press is refused in pt-BR.
    const tela = await t.app.pedir(H, `/admin/lotes/${loteId}`, { headers: { cookie: staff.cookie } });
    expect(tela.texto).not.toContain('Aceitar proposta');
    const tarde = await aceitar(staff.cookie, loteId, pb.uid);
    expect(tarde.status).toBe(409);
    expect(tarde.texto).toContain('O lote já foi vendido');
  }, 60_000);

  it('is refused on another brand, for a bad proposal id, and on a lot already bid on', async () => {
    const { loteId, pa } = await loteComPropostas();
    const staff = await entrarComoStaff(t.banco.db, [P.LEILAO]);
    const outra = await entrarComoStaff(t.banco.db, [P.LEILAO], { hotsiteId: 2 });
    const naOutra = await aceitar(outra.cookie, loteId, pa.uid, 'h2.localhost');
    expect(naOutra.status).toBe(404);
    const ruim = await aceitar(staff.cookie, loteId, 'não-é-uuid');
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('Proposta não encontrada');
    await t.banco.db.update(lote).set({ quantidadeLances: 2 }).where(eq(lote.id, loteId));
    const comLances = await aceitar(staff.cookie, loteId, pa.uid);
    expect(comLances.status).toBe(409);
    expect(comLances.texto).toContain('já tem lances');
    expect((await t.banco.db.select().from(proposta).where(eq(proposta.loteId, loteId))).every((p) => p.situacao === 'Enviada')).toBe(true);
  }, 60_000);
});
