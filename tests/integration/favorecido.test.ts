import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hasError, parsePix } from 'pix-utils';
import { lote, mensagemSaida, usuario, venda, vendaItem } from '@db/schema';
import { barrasDaLinha } from '~/modules/vendas/boleto';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { instanciaDeTeste } from '../server';

/*
 * Issue #28 item 2: a buyer of brand 2 (repasse-auto, a loja) pays brand 2's own company, the one its
 * footer names, on every channel; never brand 1's. And item 4's page action: the first Compre Já post
 * does not buy.
 */
const t = instanciaDeTeste();

const MARCA_2 = { nome: 'Repasse Auto Comércio de Veículos S.A.', cnpj: '45.723.174/0001-10', pix: '45723174000110' };
const MARCA_1 = { nome: 'Brasil Leilões', cnpj: '12.345.678/0001-95' };

const postar = (host: string, cookie: string, campos: Record<string, string>) =>
  t.app.pedir(host, '/lances/acao', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    corpo: new URLSearchParams(campos).toString(),
  });

describe("brand 2's payee on every channel", () => {
  it('Compre Já on a page: the first post shows the summary and buys nothing; confirmed, the sale pays brand 2 on the page, PIX, boleto, statement and e-mail', async () => {
    const H = 'h2.localhost';
    const { loteId, leilaoId, veiUid } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 2, compreJa: 45_000_00 });
    await t.banco.db.update(lote).set({ comissaoPorcentagem: 500, despachante: 350_00 }).where(eq(lote.id, loteId));
    const cliente = await criarCliente(t.banco.db, { hotsiteId: 2, nome: 'Marina Lopes', leilaoId });
    const pagina = `/lote/${veiUid}`;

    // The first tap (a form without JavaScript): back to the page's summary step, no sale.
    const primeiro = await postar(H, cliente.cookie, { intencao: 'compre-ja', loteId: String(loteId), redirectTo: pagina });
    expect(primeiro.status).toBe(302);
    expect(primeiro.headers.location).toBe(`${pagina}?compre-ja=confirmar#compre-ja`);
    expect(await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId))).toEqual([]);
    expect((await t.banco.db.select({ s: lote.situacao }).from(lote).where(eq(lote.id, loteId)))[0].s).toBe('LIBERADO_LEILAO');
    // With JavaScript, an unconfirmed post is refused too.
    const semConfirmar = await postar(H, cliente.cookie, { intencao: 'compre-ja', loteId: String(loteId), _js: '1' });
    expect(semConfirmar.json()).toMatchObject({ ok: false });
    // A value other than the lot's (the summary was stale): the summary again, no sale.
    const outroValor = await postar(H, cliente.cookie, {
      intencao: 'compre-ja',
      loteId: String(loteId),
      confirmado: '1',
      valor: '100',
      redirectTo: pagina,
    });
    expect(outroValor.headers.location).toBe(`${pagina}?compre-ja=confirmar#compre-ja`);
    expect(await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId))).toEqual([]);

    const confirmado = await postar(H, cliente.cookie, {
      intencao: 'compre-ja',
      loteId: String(loteId),
      confirmado: '1',
      valor: String(45_000_00),
      redirectTo: pagina,
    });
    expect(confirmado.status).toBe(302);
    const [item] = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));
    const [v] = await t.banco.db.select().from(venda).where(eq(venda.id, item.vendaId));
    // 45.000,00 + 5% (2.250,00) + despachante 350,00
    expect(Number(v.total)).toBe(47_600_00);

    // The payment page: TED, boleto beneficiary and PIX receiver are brand 2's company.
    const d = await t.app.pedir(H, `/cliente/compras/${v.id}`, { headers: { cookie: cliente.cookie } });
    expect(d.status).toBe(200);
    const trecho = (id: string) => new RegExp(`data-testid="${id}">([\\s\\S]*?)</p>`).exec(d.texto)?.[1] ?? '';
    expect(trecho('conta')).toContain('Agência 2290');
    expect(trecho('conta')).toContain(`${MARCA_2.nome} · CNPJ ${MARCA_2.cnpj}`);
    expect(trecho('beneficiario-boleto')).toContain(MARCA_2.nome);
    expect(trecho('recebedor-pix')).toContain(MARCA_2.cnpj);
    const barras = barrasDaLinha(/data-testid="linha-digitavel">([^<]+)</.exec(d.texto)![1]);
    // Bradesco's free field: brand 2's agency (2290) and account (0081934).
    expect(barras).toMatch(/^2379\d{15}2290\d{13}0081934\d$/);
    const pix = parsePix(/data-testid="pix">([^<]+)</.exec(d.texto)![1].replace(/&amp;/g, '&'));
    if (hasError(pix)) throw new Error('PIX inválido');
    expect(pix).toMatchObject({ pixKey: MARCA_2.pix, merchantName: 'REPASSE AUTO COMERCIO DE', transactionAmount: 47_600 });
    for (const outro of [MARCA_1.nome, MARCA_1.cnpj, 'Martelo']) expect(d.texto).not.toContain(outro);

    // The statement the buyer prints.
    const extrato = await t.app.pedir(H, `/extrato/${v.hashQrcode}`, { headers: { cookie: cliente.cookie } });
    expect(extrato.texto).toContain(`Favorecido: ${MARCA_2.nome} · CNPJ ${MARCA_2.cnpj}`);
    expect(extrato.texto).not.toContain(MARCA_1.cnpj);

    // The e-mail: what to pay and to whom.
    const [u] = await t.banco.db.select().from(usuario).where(eq(usuario.id, v.usuarioId));
    const emails = await t.banco.db
      .select()
      .from(mensagemSaida)
      .where(and(eq(mensagemSaida.para, u.email), eq(mensagemSaida.hotsiteId, 2)));
    const email = emails.find((e) => e.assunto === `Compra ${v.id} registrada: como pagar`);
    expect(email?.texto).toContain(`Favorecido: ${MARCA_2.nome} · CNPJ ${MARCA_2.cnpj}`);
    expect(email?.texto).toContain('Chave PIX: 45723174000110');
    expect(email?.texto).toContain('Total a pagar: R$');
    expect(email?.texto).toContain('anúncio 001');
    expect(email?.texto).not.toContain(MARCA_1.cnpj);
  });
});
