import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leilao, lote, notificacao, pagamento, proposta, venda, vendaItem, vendaParcela } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { lembrarParcelas } from '~/modules/vendas/parcelamento.server';
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
  it('the accepted proposal enters the lot’s bid chain after its bids: the ata and the public check hold it, and altering it breaks the check', async () => {
    const { loteId, a, c, pa } = await loteComPropostas();
    // A bid that did not reach the reserve, then the close without a winner: a proposal is accepted afterwards.
    expect((await t.app.pedir(H, '/v1/lances', { headers: c.auth, corpo: { loteId, valor: 50_000_00 } })).status).toBe(201);
    await t.banco.db.update(lote).set({ situacao: 'NAO_ARREMATADO' }).where(eq(lote.id, loteId));
    const staff = await entrarComoStaff(t.banco.db, [P.LEILAO]);
    expect((await aceitar(staff.cookie, loteId, pa.uid)).status).toBe(200);

    const gravados = (
      await t.banco.db.execute(
        sql`SELECT id, tipo, usuario_id, valor::int AS valor, hash, hash_anterior FROM lance WHERE lote_id = ${loteId} ORDER BY id`,
      )
    ).rows as { id: number; tipo: string; usuario_id: number; valor: number; hash: string; hash_anterior: string }[];
    expect(gravados.map((l) => [l.tipo, l.usuario_id, l.valor])).toEqual([
      ['Manual', c.id, 50_000_00],
      ['Proposta', a.id, 90_000_00],
    ]);
    expect(gravados[1].hash_anterior).toBe(gravados[0].hash);
    const verificar = async () => {
      const r = await t.app.pedir(H, `/v1/lote/${loteId}/ata/verificacao`);
      expect(r.status).toBe(200);
      return r.json<{ integra: boolean; cabeca: string; lances: number; quebraNoLance?: number; motivo?: string }>();
    };
    expect(await verificar()).toMatchObject({ integra: true, lances: 2, cabeca: gravados[1].hash });
    const ata = (await t.app.pedir(H, `/ata-de-lances/${loteId}.json`)).json<{ lances: { tipo: string; valor: number; hash: string }[] }>();
    expect(ata.lances.at(-1)).toMatchObject({ tipo: 'Proposta', valor: 90_000_00, hash: gravados[1].hash });
    // The lot shows the proposal as its last bid.
    const [l] = await t.banco.db.select().from(lote).where(eq(lote.id, loteId));
    expect([l.ultimoLanceValor, l.ultimoLanceUsuarioId, l.quantidadeLances]).toEqual([90_000_00, a.id, 2]);

    // Someone lowers the accepted price in the database: the check fails at that record.
    await t.banco.db.execute(sql`UPDATE lance SET valor = 60000000 WHERE id = ${gravados[1].id}`);
    expect(await verificar()).toMatchObject({ integra: false, quebraNoLance: gravados[1].id, motivo: 'hash' });
  }, 60_000);
  it('each line is paid on its own: its boleto and PIX from the sealed account, its state from the payments, one reminder before it falls due', async () => {
    const { loteId, a, pa } = await loteComPropostas();
    const staff = await entrarComoStaff(t.banco.db, [P.LEILAO]);
    expect((await aceitar(staff.cookie, loteId, pa.uid)).status).toBe(200);
    const [item] = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));
    const vendaId = item.vendaId;
    const parcelas = await t.banco.db.select().from(vendaParcela).where(eq(vendaParcela.vendaId, vendaId)).orderBy(vendaParcela.numero);
    expect(parcelas).toHaveLength(8);
    const pagina = async () => {
      const r = await t.app.pedir(H, `/cliente/compras/${vendaId}`, { headers: { cookie: a.cookie } });
      expect(r.status).toBe(200);
      const cartao = r.texto.slice(r.texto.indexOf('data-testid="parcelamento"'));
      const blocos = cartao.split('data-testid="pagar-parcela"').slice(1);
      const situacoes = [...cartao.matchAll(/data-testid="parcela-situacao">([^<]+)</g)].map((m) => m[1]);
      return { texto: r.texto, blocos, situacoes };
    };

    // Nothing paid: every line has its own PIX (txid per line), the whole-sale card is gone, the first line comes open.
    const antes = await pagina();
    expect(antes.situacoes).toEqual(Array(8).fill('A vencer'));
    expect(antes.texto).not.toContain('data-testid="como-pagar"');
    expect(antes.blocos).toHaveLength(8);
    antes.blocos.forEach((b, i) => expect(b).toContain(`VENDA${vendaId}P${i}`));
    expect(antes.blocos[0]).toMatch(/^[^>]*open/);
    expect(antes.blocos[1]).not.toMatch(/^[^>]*open/);
    expect(antes.blocos[1]).toContain('9642.86');
    expect(antes.texto).toContain('data-testid="selo-pagamento"');

    // The down payment with the commission and fees approved: it reads Paga, the first instalment is next.
    const [v] = await t.banco.db.select().from(venda).where(eq(venda.id, vendaId));
    const posteriores = parcelas.slice(1).reduce((s, p) => s + p.valor, 0);
    await t.banco.db
      .insert(pagamento)
      .values({ hotsiteId: 1, vendaId, tipo: 'DEPOSITO', valor: v.total - posteriores, situacao: 'aprovado' });
    const depois = await pagina();
    expect(depois.situacoes).toEqual(['Paga', ...Array(7).fill('A vencer')]);
    expect(depois.blocos).toHaveLength(7);
    expect(depois.blocos[0]).toMatch(/^[^>]*open/);
    expect(depois.blocos[0]).toContain(`VENDA${vendaId}P1`);

    // One reminder per instalment, whatever the number of sweeps racing or rerun; none too early.
    const p1 = parcelas[1];
    const dia = (d: string, dias: number) => new Date(Date.parse(`${d}T12:00:00-03:00`) + dias * 86_400_000);
    expect(await lembrarParcelas({ db: t.banco.db, agora: dia(p1.vencimento, -10) })).toBe(0);
    await Promise.all([1, 2, 3].map(() => lembrarParcelas({ db: t.banco.db, agora: dia(p1.vencimento, -2) })));
    await lembrarParcelas({ db: t.banco.db, agora: dia(p1.vencimento, -1) });
    const lembretes = await t.banco.db
      .select({ chave: notificacao.chave, dados: notificacao.dados })
      .from(notificacao)
      .where(and(eq(notificacao.usuarioId, a.id), eq(notificacao.evento, 'prazo-da-compra')));
    expect(lembretes.map((x) => x.chave)).toEqual([`venda:${vendaId}:parcela:1`]);
    expect(String((lembretes[0].dados as { motivo: string }).motivo)).toContain(`A parcela 1/7 da compra ${vendaId}`);

    // Someone writes an account the seal does not list into the sale: no line renders any payment data.
    await t.banco.db.execute(
      sql`UPDATE venda SET cabecalho = jsonb_set(cabecalho, '{conta}', ${JSON.stringify({
        banco: 'Banco Golpe',
        codigoBanco: '999',
        agencia: '6666',
        conta: '1234567',
        digito: '0',
        titular: 'Golpe Intermediações Ltda',
        cpfCnpj: '11.111.111/0001-11',
        chavePix: 'pague-aqui@golpe.example',
        permiteBoleto: true,
        carteira: '09',
      })}::jsonb) WHERE id = ${vendaId}`,
    );
    const golpe = await pagina();
    for (const trecho of [
      'Golpe Intermediações',
      'pague-aqui@golpe.example',
      'Agência 6666',
      'data-testid="pix-parcela"',
      'data-testid="linha-digitavel-parcela"',
    ])
      expect(golpe.texto).not.toContain(trecho);
  }, 90_000);
});
