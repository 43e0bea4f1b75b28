import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hasError, parsePix } from 'pix-utils';
import { cliente, comitente, contaBancaria, endereco, leilao, lote, mensagemSaida, patio, tabelaFrete, venda, vendaItem } from '@db/schema';
import { encerrarLotesVencidos, responderCondicional } from '~/modules/lances/encerramento.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { barrasDaLinha } from '~/modules/vendas/boleto';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { feriadoNacional } from '~/modules/vendas/feriados';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

const t = instanciaDeTeste();

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b4f1f90000000049454e44ae426082',
  'hex',
);

function multipart(campos: Record<string, string>, arquivo?: { nome: string; conteudo: Buffer; mime: string }) {
  const limite = '----martelo-venda';
  const partes: Buffer[] = Object.entries(campos).map(([k, v]) =>
    Buffer.from(`--${limite}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (arquivo) {
    partes.push(
      Buffer.from(
        `--${limite}\r\nContent-Disposition: form-data; name="arquivo"; filename="${arquivo.nome}"\r\nContent-Type: ${arquivo.mime}\r\n\r\n`,
      ),
      arquivo.conteudo,
      Buffer.from('\r\n'),
    );
  }
  partes.push(Buffer.from(`--${limite}--\r\n`));
  return { corpo: Buffer.concat(partes), tipo: `multipart/form-data; boundary=${limite}` };
}

/** A lot won by a new client at `valor`, closed by the closing job → AG_PAGAMENTO with its sale. */
async function loteVendido({ hotsiteId = 1, valor = 15_000_00, comitenteId = null as number | null } = {}) {
  const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId, minimo: 10_000_00 });
  await t.banco.db.update(lote).set({ despachante: 500_00, comissaoPorcentagem: 500, comitenteId }).where(eq(lote.id, loteId));
  const cliente = await criarCliente(t.banco.db, { hotsiteId, nome: 'Rafael Souza', leilaoId });
  const r = await t.app.pedir(`h${hotsiteId}.localhost`, '/v1/lances', { headers: cliente.auth, corpo: { loteId, valor } });
  expect(r.status).toBe(201);
  await vencerLote(t.banco.db, loteId);
  await encerrarLotesVencidos({ db: t.banco.db });
  const [item] = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));
  return { loteId, leilaoId, cliente, vendaId: item?.vendaId };
}

const postar = (host: string, caminho: string, cookie: string, campos: Record<string, string>) =>
  t.app.pedir(host, caminho, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    corpo: new URLSearchParams(campos).toString(),
  });

describe('the sale is born with the sold lot', () => {
  it('closing with a winning bid creates the sale: items, commission, fees, payment date = auction + 2 days', async () => {
    const { loteId, leilaoId, vendaId, cliente } = await loteVendido();
    expect((await t.banco.db.select({ s: lote.situacao }).from(lote).where(eq(lote.id, loteId)))[0].s).toBe('AG_PAGAMENTO');
    const [v] = await t.banco.db.select().from(venda).where(eq(venda.id, vendaId));
    const [le] = await t.banco.db.select().from(leilao).where(eq(leilao.id, leilaoId));
    expect(v).toMatchObject({
      usuarioId: cliente.id,
      situacao: 'AguardandoPagamento',
      arremate: 15_000_00,
      valorComissao: 750_00,
      valorDespachante: 500_00,
    });
    expect(v.total).toBe(15_000_00 + 750_00 + 500_00);
    expect(v.dataPagamento.getTime() - le.data.getTime()).toBe(2 * 86_400_000);
    expect(v.hashQrcode).toMatch(/^[0-9a-f]{40}$/);
  });

  it('a second lot of the same client, auction and seller joins the open sale', async () => {
    const { leilaoId, cliente, vendaId } = await loteVendido();
    const { loteId: outro } = await criarLoteEmDisputa(t.banco.db, { minimo: 1_000_00 });
    await t.banco.db.update(lote).set({ leilaoId }).where(eq(lote.id, outro));
    await t.app.pedir('h1.localhost', '/v1/lances', { headers: cliente.auth, corpo: { loteId: outro, valor: 1_000_00 } });
    await vencerLote(t.banco.db, outro);
    await encerrarLotesVencidos({ db: t.banco.db });
    const itens = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.vendaId, vendaId));
    expect(itens.map((i) => i.loteId)).toContain(outro);
    expect(itens).toHaveLength(2);
  });

  it('buy-now and a conditional answered Liberada create the sale in the same transaction', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { compreJa: 50_000_00 });
    const c = await criarCliente(t.banco.db, { leilaoId });
    const r = await t.app.pedir('h1.localhost', `/v1/lote/${loteId}/compre-ja`, { method: 'POST', headers: c.auth });
    expect(r.status).toBe(201);
    const [i] = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));
    expect(i.valor).toBe(50_000_00);

    const cond = await criarLoteEmDisputa(t.banco.db, { minimo: 20_000_00, valorComitente: 30_000_00 });
    const c2 = await criarCliente(t.banco.db, { leilaoId: cond.leilaoId });
    await t.app.pedir('h1.localhost', '/v1/lances', { headers: c2.auth, corpo: { loteId: cond.loteId, valor: 24_000_00 } });
    await vencerLote(t.banco.db, cond.loteId);
    await encerrarLotesVencidos({ db: t.banco.db });
    expect(await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, cond.loteId))).toHaveLength(0);
    const condicionais = await t.app.pedir('h1.localhost', '/v1/leilao/vendas/buscar-venda/minhas-vendas-lotes-condicional', {
      headers: c2.auth,
    });
    expect(condicionais.json()).toEqual([expect.objectContaining({ loteId: cond.loteId, valor: 24_000_00 })]);
    await responderCondicional({
      db: t.banco.db,
      hotsiteId: 1,
      loteId: cond.loteId,
      entrada: { resposta: 'Liberada' },
      comitentes: 'todos',
    });
    const [i2] = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, cond.loteId));
    expect(i2.valor).toBe(24_000_00);
    expect(leilaoId).toBeTruthy();
  });
});

describe('client, staff and documents', () => {
  it('the client sees and pays the sale, staff approve the proof, the buyer is e-mailed, the statement verifies', async () => {
    const { vendaId, cliente } = await loteVendido();
    const lista = await t.app.pedir('h1.localhost', '/cliente/compras?situacao=AguardandoPagamento', {
      headers: { cookie: cliente.cookie },
    });
    expect(lista.status).toBe(200);
    expect(lista.texto).toContain(`href="/cliente/compras/${vendaId}"`);
    expect(lista.texto).toContain('Aguardando Pagamento');

    const detalhe = await t.app.pedir('h1.localhost', `/cliente/compras/${vendaId}`, { headers: { cookie: cliente.cookie } });
    expect(detalhe.status).toBe(200);
    expect(detalhe.texto).toContain('Aguardando o pagamento total por TED ou depósito e o envio dos comprovantes.');

    // A disguised file is refused by its bytes; a real PNG is accepted.
    const falso = multipart({ _acao: 'comprovante' }, { nome: 'c.png', conteudo: Buffer.from('%!PS not an image'), mime: 'image/png' });
    const r1 = await t.app.pedir('h1.localhost', `/cliente/compras/${vendaId}`, {
      method: 'POST',
      corpo: falso.corpo,
      headers: { cookie: cliente.cookie, 'content-type': falso.tipo },
    });
    expect(r1.status).toBe(415);
    expect(r1.texto).toContain('Tipo de arquivo não aceito. Envie PDF, JPG ou PNG');
    const bom = multipart({ _acao: 'comprovante' }, { nome: 'ted.png', conteudo: PNG, mime: 'image/png' });
    const r2 = await t.app.pedir('h1.localhost', `/cliente/compras/${vendaId}`, {
      method: 'POST',
      corpo: bom.corpo,
      headers: { cookie: cliente.cookie, 'content-type': bom.tipo },
    });
    expect(r2.status).toBe(200);
    expect(r2.texto).toContain('Comprovante enviado. Aguarde a validação.');
    const [aguardando] = await t.banco.db.select().from(venda).where(eq(venda.id, vendaId));
    expect(aguardando.situacao).toBe('AguardandoValidacao');

    const acerto = await entrarComoStaff(t.banco.db, [P.ACERTO]);
    const pagina = await t.app.pedir('h1.localhost', `/admin/compras/${vendaId}`, { headers: { cookie: acerto.cookie } });
    expect(pagina.status).toBe(200);
    const uid = /name="comprovanteUid" value="([0-9a-f-]{36})"/.exec(pagina.texto)![1];
    const arquivo = await t.app.pedir('h1.localhost', `/admin/comprovante/${uid}`, { headers: { cookie: acerto.cookie } });
    expect(arquivo.headers['content-type']).toBe('image/png');

    const ap = await postar('h1.localhost', `/admin/compras/${vendaId}`, acerto.cookie, {
      _acao: 'comprovante',
      resultado: 'aprovado',
      comprovanteUid: uid,
    });
    expect(ap.status).toBe(200);
    const [fechada] = await t.banco.db.select().from(venda).where(eq(venda.id, vendaId));
    expect(fechada.situacao).toBe('Fechada');
    expect(fechada.situacaoEntrega).toBe('aguardando_agendamento');
    const emails = await t.banco.db
      .select()
      .from(mensagemSaida)
      .where(and(eq(mensagemSaida.para, cliente.email)));
    expect(emails.map((e) => e.assunto)).toContain(`Comprovante aprovado — venda ${vendaId}`);
    expect(emails.find((e) => e.assunto?.startsWith('Comprovante aprovado'))!.texto).toContain(`http://h1.localhost`);

    const extrato = await t.app.pedir('h1.localhost', `/extrato/${fechada.hashQrcode}`);
    expect(extrato.status).toBe(200);
    expect(extrato.texto).toContain(`/qrcode/extrato/${fechada.hashQrcode}`);
    const pdf = await t.app.pedir('h1.localhost', `/extrato/${fechada.hashQrcode}.pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.texto.startsWith('%PDF')).toBe(true);
    const verif = await t.app.pedir('h1.localhost', `/qrcode/extrato/${fechada.hashQrcode}`);
    expect(verif.texto).toContain('Extrato autêntico');
    expect((await t.app.pedir('h1.localhost', `/extrato/${'0'.repeat(40)}`)).status).toBe(404);
    expect((await t.app.pedir('h1.localhost', `/qrcode/extrato/${'a'.repeat(40)}`)).status).toBe(404);
    // Another brand's host does not open this brand's statement.
    expect((await t.app.pedir('h2.localhost', `/extrato/${fechada.hashQrcode}`)).status).toBe(404);
  });

  it('a divergent proof keeps the sale waiting, with the reason for the buyer', async () => {
    const { vendaId, cliente } = await loteVendido();
    const bom = multipart({ _acao: 'comprovante', valor: '100,00' }, { nome: 'ted.png', conteudo: PNG, mime: 'image/png' });
    await t.app.pedir('h1.localhost', `/cliente/compras/${vendaId}`, {
      method: 'POST',
      corpo: bom.corpo,
      headers: { cookie: cliente.cookie, 'content-type': bom.tipo },
    });
    const sac = await entrarComoStaff(t.banco.db, [P.SAC]);
    const pagina = await t.app.pedir('h1.localhost', `/admin/compras/${vendaId}`, { headers: { cookie: sac.cookie } });
    const uid = /name="comprovanteUid" value="([0-9a-f-]{36})"/.exec(pagina.texto)![1];
    const semMotivo = await postar('h1.localhost', `/admin/compras/${vendaId}`, sac.cookie, {
      _acao: 'comprovante',
      resultado: 'divergente',
      comprovanteUid: uid,
    });
    expect(semMotivo.status).toBe(400);
    await postar('h1.localhost', `/admin/compras/${vendaId}`, sac.cookie, {
      _acao: 'comprovante',
      resultado: 'divergente',
      comprovanteUid: uid,
      motivo: 'Valor não confere',
    });
    const [v] = await t.banco.db.select().from(venda).where(eq(venda.id, vendaId));
    expect(v.situacao).toBe('AguardandoPagamento');
    const detalhe = await t.app.pedir('h1.localhost', `/cliente/compras/${vendaId}`, { headers: { cookie: cliente.cookie } });
    expect(detalhe.texto).toContain('Valor não confere');
    expect(detalhe.texto).toContain('Foram encontradas divergências nos comprovantes');
  });

  it('staff register a payment and the sale closes; the client books a pickup within the yard hours', async () => {
    const { vendaId, cliente } = await loteVendido({ valor: 10_000_00 });
    const acerto = await entrarComoStaff(t.banco.db, [P.ACERTO]);
    const [v0] = await t.banco.db.select().from(venda).where(eq(venda.id, vendaId));
    const reais = (v0.total / 100).toFixed(2).replace('.', ',');
    const r = await postar('h1.localhost', `/admin/compras/${vendaId}`, acerto.cookie, {
      _acao: 'pagamento',
      tipo: 'DINHEIRO',
      valor: reais,
    });
    expect(r.status).toBe(200);
    expect((await t.banco.db.select().from(venda).where(eq(venda.id, vendaId)))[0].situacao).toBe('Fechada');

    const [p] = await t.banco.db
      .insert(patio)
      .values({
        hotsiteId: 1,
        nome: 'Pátio Guarulhos',
        slug: `guarulhos-${vendaId}`,
        cidade: 'Guarulhos',
        estado: 'São Paulo',
        estadoUf: 'SP',
      })
      .returning();
    const dia = new Date(Date.now() + 3 * 86_400_000);
    while ([0, 6].includes(dia.getUTCDay()) || feriadoNacional(dia.toISOString().slice(0, 10))) dia.setUTCDate(dia.getUTCDate() + 1);
    const data = dia.toISOString().slice(0, 10);
    // The page offers the slots; a forged one outside the hours is refused by the server.
    const cedo = await postar('h1.localhost', `/cliente/compras/${vendaId}`, cliente.cookie, {
      _acao: 'entrega',
      metodo: 'Retirada',
      patUid: p.uid,
      horario: `${data}T07:00:00-03:00`,
    });
    expect(cedo.status).toBe(400);
    expect(cedo.texto).toContain('Escolha um horário dentro do atendimento do pátio');
    const ok = await postar('h1.localhost', `/cliente/compras/${vendaId}`, cliente.cookie, {
      _acao: 'entrega',
      metodo: 'Retirada',
      patUid: p.uid,
      horario: `${data}T10:00:00-03:00`,
    });
    expect(ok.status).toBe(200);
    const [v] = await t.banco.db.select().from(venda).where(eq(venda.id, vendaId));
    expect(v).toMatchObject({ metodoEntrega: 'Retirada', patioId: p.id, situacaoEntrega: 'aguardando_retirada' });
    expect(v.agendadoHorario!.toISOString()).toBe(`${data}T13:00:00.000Z`);
  });

  it('a sale is seen only by its buyer and the brand staff', async () => {
    const { vendaId } = await loteVendido();
    const outro = await criarCliente(t.banco.db, { hotsiteId: 1 });
    expect((await t.app.pedir('h1.localhost', `/cliente/compras/${vendaId}`, { headers: { cookie: outro.cookie } })).status).toBe(404);
    const deOutraMarca = await criarCliente(t.banco.db, { hotsiteId: 2 });
    expect((await t.app.pedir('h2.localhost', `/cliente/compras/${vendaId}`, { headers: { cookie: deOutraMarca.cookie } })).status).toBe(
      404,
    );
    const staff2 = await entrarComoStaff(t.banco.db, [P.ACERTO], { hotsiteId: 2 });
    expect((await t.app.pedir('h2.localhost', `/admin/compras/${vendaId}`, { headers: { cookie: staff2.cookie } })).status).toBe(404);
    const lista2 = await t.app.pedir('h2.localhost', '/admin/vendas', { headers: { cookie: staff2.cookie } });
    expect(lista2.texto).not.toContain(`/admin/compras/${vendaId}"`);
    const comitente = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    expect((await t.app.pedir('h1.localhost', `/admin/compras/${vendaId}`, { headers: { cookie: comitente.cookie } })).status).toBe(403);
  });

  it('how to pay: the account, a boleto whose line rebuilds its barcode, and a PIX code with a valid CRC', async () => {
    // The seller's own account wins over the brand's (the seed gives every brand one).
    const [com] = await t.banco.db
      .insert(comitente)
      .values({ hotsiteId: 1, nomeSite: 'Banco Aurora', cnpj: '11.222.333/0001-44' })
      .returning();
    await t.banco.db.insert(contaBancaria).values({
      hotsiteId: 1,
      comitenteId: com.id,
      banco: 'Bradesco',
      codigoBanco: '237',
      agencia: '1234',
      conta: '765432',
      digito: '1',
      titular: 'Martelo Leilões Ltda',
      cpfCnpj: '12.345.678/0001-90',
      chavePix: 'financeiro@martelo.test',
      carteira: '09',
      permiteBoleto: true,
    });
    const { vendaId, cliente } = await loteVendido({ comitenteId: com.id });
    const d = await t.app.pedir('h1.localhost', `/cliente/compras/${vendaId}`, { headers: { cookie: cliente.cookie } });
    expect(d.texto).toContain('Agência 1234');
    expect(d.texto).toContain('Comitente: Banco Aurora');
    const linha = /data-testid="linha-digitavel">([^<]+)</.exec(d.texto)![1];
    const barras = barrasDaLinha(linha);
    expect(barras).toMatch(/^2379\d{40}$/);
    const pix = /data-testid="pix">([^<]+)</.exec(d.texto)![1].replace(/&amp;/g, '&');
    const lido = parsePix(pix);
    expect(hasError(lido)).toBe(false);
    expect(pix).toContain('financeiro@martelo.test');
  });
});

describe('post-sale API', () => {
  it('minhas-vendas: the client’s own sales, id descending, count header, filters; one sale; statistics; delivery change', async () => {
    const a = await loteVendido();
    const r = await t.app.pedir('h1.localhost', '/v1/leilao/vendas/buscar-venda/minhas-vendas?page=1&limit=10&sort=id,desc', {
      headers: a.cliente.auth,
    });
    expect(r.status).toBe(200);
    expect(r.headers.count).toBe('1');
    expect(r.json()).toEqual([
      expect.objectContaining({ id: a.vendaId, situacao: 'AguardandoPagamento', situacaoRotulo: 'Aguardando Pagamento' }),
    ]);
    const filtrado = await t.app.pedir('h1.localhost', '/v1/leilao/vendas/buscar-venda/minhas-vendas?situacao=Fechada', {
      headers: a.cliente.auth,
    });
    expect(filtrado.json()).toEqual([]);
    expect(filtrado.headers.count).toBe('0');
    expect(
      (await t.app.pedir('h1.localhost', '/v1/leilao/vendas/buscar-venda/minhas-vendas?situacao=Outra', { headers: a.cliente.auth }))
        .status,
    ).toBe(400);

    const uma = await t.app.pedir('h1.localhost', `/v1/leilao/vendas/buscar-venda/minhas-vendas/${a.vendaId}`, { headers: a.cliente.auth });
    expect(uma.json()).toMatchObject({ id: a.vendaId, totais: { total: 16_250_00, restante: 16_250_00 } });
    const est = await t.app.pedir('h1.localhost', '/v1/leilao/vendas/buscar-venda/minhas-vendas-estatisticas', { headers: a.cliente.auth });
    expect(est.json()).toMatchObject({ total: 1, porSituacao: { AguardandoPagamento: 1 } });

    const outro = await criarCliente(t.banco.db);
    expect(
      (await t.app.pedir('h1.localhost', `/v1/leilao/vendas/buscar-venda/minhas-vendas/${a.vendaId}`, { headers: outro.auth })).status,
    ).toBe(404);
    expect((await t.app.pedir('h1.localhost', `/v1/leilao/vendas/buscar-venda/${a.vendaId}`, { headers: a.cliente.auth })).status).toBe(
      403,
    );
    const sac = await entrarComoStaff(t.banco.db, [P.SAC]);
    expect((await t.app.pedir('h1.localhost', `/v1/leilao/vendas/buscar-venda/${a.vendaId}`, { headers: sac.bearer })).status).toBe(200);

    const caminho = `/v1/cliente/meus-lances/alterar-metodo-entrega/pos-venda/${a.vendaId}`;
    const semPatio = await t.app.pedir('h1.localhost', caminho, {
      method: 'PUT',
      headers: a.cliente.auth,
      corpo: { metodo: 'Retirada', valor: 0 },
    });
    expect(semPatio.status).toBe(400);
    expect((semPatio.json() as { message: string }).message).toBe('Escolha o pátio da retirada');
    // Documents by Sedex are priced by the brand's table for the client's UF (decision 072).
    const [cli] = await t.banco.db
      .insert(cliente)
      .values({ hotsiteId: 1, usuarioId: a.cliente.id, email: a.cliente.email, nome: a.cliente.nome })
      .returning();
    await t.banco.db.insert(endereco).values({
      hotsiteId: 1,
      clienteId: cli.id,
      logradouro: 'Rua Um',
      numero: '1',
      bairro: 'Centro',
      cep: '01000-000',
      cidade: 'São Paulo',
      estadoSigla: 'SP',
    });
    await t.banco.db
      .insert(tabelaFrete)
      .values({ hotsiteId: 1, uf: 'SP', modalidade: 'Sedex', valor: 120_00, prazoDias: 5 })
      .onConflictDoUpdate({ target: [tabelaFrete.hotsiteId, tabelaFrete.uf, tabelaFrete.modalidade], set: { valor: 120_00 } });
    const sedex = await t.app.pedir('h1.localhost', caminho, {
      method: 'PUT',
      headers: a.cliente.auth,
      corpo: { metodo: 'Sedex', valor: 120_00 },
    });
    expect(sedex.status).toBe(200);
    const [v] = await t.banco.db.select().from(venda).where(eq(venda.id, a.vendaId));
    expect(v).toMatchObject({ metodoEntrega: 'Sedex', valorSedex: 120_00, total: 16_250_00 + 120_00 });
  });
});
