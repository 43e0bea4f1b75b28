import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliente as clienteTabela, mensagemSaida, habilitacaoSucata, lance as lanceTabela, lote, usuario, usuarioPapel } from '@db/schema';
import { criarSessao } from '~/modules/identidade/sessions.server';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { mensagensDaMarca } from '~/modules/lances/mensagens.server';
import { criarBancoDeTeste } from '../db';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { iniciarInstancia, type Instancia } from '../server';
import { conectarWs } from '../ws';

let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let app: Instancia;
beforeAll(async () => {
  banco = await criarBancoDeTeste();
  app = await iniciarInstancia({ database: banco });
});
afterAll(async () => {
  await app?.close();
  await banco?.descartar();
});

const H = 'h1.localhost';
const lance = (auth: Record<string, string>, corpo: unknown, headers: Record<string, string> = {}) =>
  app.pedir(H, '/v1/lances', { method: 'POST', headers: { ...auth, ...headers }, corpo });

describe('POST /v1/lances', () => {
  it('answers the bid time in UTC ISO 8601 (…Z) on every path: fast, with an Idempotency-Key, and buy-now', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(banco.db);
    const a = await criarCliente(banco.db, { leilaoId });
    const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
    const rapido = await lance(a.auth, { loteId, valor: 10_000_00 });
    const comChave = await lance(a.auth, { loteId, valor: 10_500_00 }, { 'idempotency-key': randomUUID() });
    const compra = await criarLoteEmDisputa(banco.db, { compreJa: 20_000_00 });
    const b = await criarCliente(banco.db, { leilaoId: compra.leilaoId });
    const compreJa = await app.pedir(H, `/v1/lote/${compra.loteId}/compre-ja`, { method: 'POST', headers: b.auth });
    for (const r of [rapido, comChave, compreJa]) {
      expect(r.status).toBe(201);
      expect(r.json<{ lance: { data: string } }>().lance.data).toMatch(ISO_UTC);
    }
  });

  it('accepts the minimum, then refuses below last + increment with the next value, and tells the watchers', async () => {
    const { loteId, veiUid, leilaoId } = await criarLoteEmDisputa(banco.db);
    const a = await criarCliente(banco.db, { nome: 'Ana Souza', leilaoId });
    const b = await criarCliente(banco.db, { nome: 'Bruno Lima', leilaoId });
    const watcher = await conectarWs(app.port, H);
    watcher.enviar({ event: 'conectar-lances-lote', data: { veiUid } });
    await watcher.esperar('sala-conectada');

    const r1 = await lance(a.auth, { loteId, valor: 10_000_00 });
    expect(r1.status).toBe(201);
    expect(r1.json()).toMatchObject({
      lance: { valor: 10_000_00, tipo: 'Manual' },
      lote: { valor: { lance: 10_000_00, proximo: 10_500_00 }, seq: 1 },
      status: 'ganhando',
    });
    expect((await watcher.esperar('on-elastic-response', (d) => d.seq === 1)).data).toMatchObject({
      veiUid,
      valor: { lance: 10_000_00 },
      situacao: 'LIBERADO_LEILAO',
    });

    const baixo = await lance(b.auth, { loteId, valor: 10_499_99 });
    expect(baixo.status).toBe(409);
    expect(baixo.json()).toMatchObject({
      message: 'Lance abaixo do próximo lance aceito: o valor mínimo agora é R$\u00a010.500,00',
      proximo: 10_500_00,
    });

    // Connected just before it matters: the test harness drops sockets after 200 ms without a pong.
    const toasts = await conectarWs(app.port, H, { token: a.token });
    await toasts.esperar('conectado');
    const r2 = await lance(b.auth, { loteId, valor: 10_500_00 });
    expect(r2.status).toBe(201);
    // The outbid client gets a toast in their own room and, through the notification queue (decision 283), one
    // e-mail with a one-click unsubscribe.
    expect((await toasts.esperar('lance-superado')).data).toMatchObject({ loteId, motivo: 'lance', valor: { lance: 10_500_00 } });
    const emailsDaAna = () => banco.db.select().from(mensagemSaida).where(eq(mensagemSaida.para, a.email));
    await expect.poll(async () => (await emailsDaAna()).length, { timeout: 15_000 }).toBe(1);
    const emails = await emailsDaAna();
    expect(emails[0].assunto).toBe('Seu lance foi superado');
    expect(emails[0].cabecalhos).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const [l] = await banco.db.select().from(lote).where(eq(lote.id, loteId));
    expect(l).toMatchObject({
      ultimoLanceValor: 10_500_00,
      ultimoLanceUsuarioId: b.id,
      ultimoLanceApelido: 'Bruno L.',
      quantidadeLances: 2,
      sequencia: 2,
    });
    watcher.fechar();
    toasts.fechar();
  });

  it('answers 4xx, never 5xx, on bad input', async () => {
    const { leilaoId } = await criarLoteEmDisputa(banco.db);
    const a = await criarCliente(banco.db, { leilaoId });
    for (const corpo of [{}, { loteId: 'x', valor: 1 }, { loteId: 1, valor: -5 }, { loteId: 1, valor: 1.5 }, '{"quebrado"']) {
      const r = await lance(a.auth, corpo);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.json<{ message: string }>().message).toBeTruthy();
    }
    expect((await lance(a.auth, { loteId: 999_999, valor: 100 })).json()).toMatchObject({ message: 'Lote não encontrado' });
  });

  it('refuses visitors (401), blocked clients (403), clients not habilitated (403) and scrap without enablement', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(banco.db);
    expect((await lance({}, { loteId, valor: 10_000_00 })).status).toBe(401);
    const semHabilitacao = await criarCliente(banco.db);
    expect((await lance(semHabilitacao.auth, { loteId, valor: 10_000_00 })).json()).toMatchObject({
      message: 'Você não está habilitado para dar lances neste leilão',
    });
    // Habilitation through the API, then the bid goes through.
    const h = await app.pedir(H, '/v1/cliente/habilitar', { method: 'POST', headers: semHabilitacao.auth, corpo: { leilaoId } });
    expect(h.status).toBe(201);
    expect(
      (await app.pedir(H, `/v1/cliente/estou-habilitado?leilaoId=${leilaoId}`, { headers: semHabilitacao.auth })).json(),
    ).toMatchObject({ habilitado: true });
    expect((await lance(semHabilitacao.auth, { loteId, valor: 10_000_00 })).status).toBe(201);

    const bloqueado = await criarCliente(banco.db, { leilaoId });
    await banco.db.update(usuario).set({ bloqueado: true }).where(eq(usuario.id, bloqueado.id));
    const rb = await lance(bloqueado.auth, { loteId, valor: 20_000_00 });
    expect(rb.status).toBe(403);
    expect(rb.json<{ message: string }>().message).toBe('Seu cadastro está bloqueado para lances. Entre em contato com o atendimento');

    const sucata = await criarLoteEmDisputa(banco.db, { categoria: 'Sucatas', validarSucata: true });
    const c = await criarCliente(banco.db, { leilaoId: sucata.leilaoId });
    expect((await lance(c.auth, { loteId: sucata.loteId, valor: 10_000_00 })).json<{ message: string }>().message).toBe(
      'Lotes de sucata exigem habilitação para sucata',
    );
    await banco.db.insert(habilitacaoSucata).values({ usuarioId: c.id, hotsiteId: 1, situacao: 'Autorizado', tipoAutorizacao: 'Manual' });
    expect((await lance(c.auth, { loteId: sucata.loteId, valor: 10_000_00 })).status).toBe(201);
  });

  it('Idempotency-Key: a replay answers the first answer, the same key with another body is a 422', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(banco.db);
    const a = await criarCliente(banco.db, { leilaoId });
    const chave = { 'Idempotency-Key': randomUUID() };
    const [r1, r2] = await Promise.all([
      lance(a.auth, { loteId, valor: 10_000_00 }, chave),
      lance(a.auth, { valor: 10_000_00, loteId }, chave),
    ]);
    expect([r1.status, r2.status]).toEqual([201, 201]);
    expect(r2.json()).toEqual(r1.json());
    const [{ n }] = (await banco.db.execute(sql`SELECT count(*)::int AS n FROM lance WHERE lote_id = ${loteId}`)).rows as { n: number }[];
    expect(n).toBe(1);
    const outro = await lance(a.auth, { loteId, valor: 20_000_00 }, chave);
    expect(outro.status).toBe(422);
    expect(outro.json<{ message: string }>().message).toBe('Idempotency-Key já usada com outro conteúdo');
  });

  it('soft close: a bid inside the cut-off window moves the end to now + increment', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(banco.db, { fimEmMs: 20_000, pontoCorte: 30, incrementoTempo: 120 });
    const a = await criarCliente(banco.db, { leilaoId });
    const antes = Date.now();
    const r = await lance(a.auth, { loteId, valor: 10_000_00 });
    const fim = new Date(r.json<{ lote: { dataFim: string } }>().lote.dataFim).getTime();
    expect(fim).toBeGreaterThanOrEqual(antes + 119_000);
    expect(fim).toBeLessThanOrEqual(Date.now() + 121_000);
  });
});

describe('many bids on one lot at once', () => {
  it('each answer is final: accepted bids are recorded in order with consecutive sequence numbers, and each displaced leader gets an e-mail', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(banco.db, { minimo: 10_000_00, incremento: 500_00 });
    const clientes = await Promise.all(['Ana Alves', 'Bia Borges', 'Caio Costa'].map((nome) => criarCliente(banco.db, { nome, leilaoId })));
    const pedidos = Array.from({ length: 12 }, (_, i) => ({ c: clientes[i % 3], valor: 10_000_00 + i * 500_00 }));
    const respostas = await Promise.all(pedidos.map(({ c, valor }) => lance(c.auth, { loteId, valor })));

    const aceitos = respostas.filter((r) => r.status === 201).map((r) => r.json<{ lote: { seq: number } }>().lote.seq);
    expect(aceitos.length).toBeGreaterThan(0);
    expect(aceitos.length + respostas.filter((r) => r.status === 409).length).toBe(12);
    expect([...aceitos].sort((a, b) => a - b)).toEqual(aceitos.map((_, i) => i + 1));
    const lances = (await banco.db.execute(sql`SELECT usuario_id, valor FROM lance WHERE lote_id = ${loteId} ORDER BY ordem`)).rows as {
      usuario_id: number;
      valor: string;
    }[];
    expect(lances).toHaveLength(aceitos.length);
    lances.forEach((l, i) => i > 0 && expect(Number(l.valor)).toBeGreaterThanOrEqual(Number(lances[i - 1].valor) + 500_00));
    // A refused bid is told the next accepted value, above its own.
    for (const [i, r] of respostas.entries())
      if (r.status === 409) expect(r.json<{ proximo: number }>().proximo).toBeGreaterThan(pedidos[i].valor);
    const deslocados = lances.filter((l, i) => i > 0 && lances[i - 1].usuario_id !== l.usuario_id).length;
    // The outbid e-mails go through the notification queue (decision 283): one per outbid notice, which the queue
    // writes once per change of the lot's leader (a leader for only part of one statement is not told).
    const avisos = async () =>
      Number(
        (
          (await banco.db.execute(sql`SELECT count(*)::int AS n FROM notificacao WHERE lote_id = ${loteId} AND evento = 'lance-superado'`))
            .rows as { n: number }[]
        )[0].n,
      );
    const emailsDosClientes = () =>
      banco.db
        .select()
        .from(mensagemSaida)
        .where(
          inArray(
            mensagemSaida.para,
            clientes.map((c) => c.email),
          ),
        );
    const n = await avisos();
    expect(n).toBeGreaterThanOrEqual(1);
    expect(n).toBeLessThanOrEqual(deslocados);
    await expect.poll(async () => (await emailsDosClientes()).length, { timeout: 15_000 }).toBe(n);
    expect(new Set((await emailsDosClientes()).map((e) => e.assunto))).toEqual(new Set(['Seu lance foi superado']));
  });
});

describe('the bid form on a loja brand speaks its wording (oferta, anúncio, evento)', () => {
  const H2 = 'h2.localhost';
  const formulario = async ({ cookie }: { cookie: string }, campos: Record<string, string>) => {
    const r = await app.pedir(H2, '/lances/acao', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      corpo: new URLSearchParams({ _js: '1', redirectTo: '/', ...campos }).toString(),
    });
    return r.json<{ mensagem: string; ok: boolean }>();
  };

  it('refusals and confirmations read oferta; the JSON API keeps the spec texts', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(banco.db, { hotsiteId: 2, minimo: 10_000_00, incremento: 500_00 });
    const semHabilitacao = await criarCliente(banco.db, { hotsiteId: 2 });
    expect(await formulario(semHabilitacao, { intencao: 'lance', loteId: String(loteId), valor: '10.000,00' })).toMatchObject({
      ok: false,
      mensagem: 'Você não está habilitado para fazer ofertas neste evento',
    });
    const c = await criarCliente(banco.db, { hotsiteId: 2, nome: 'Lia Matos', leilaoId });
    expect(await formulario(c, { intencao: 'lance', loteId: String(loteId), valor: '9.000,00' })).toMatchObject({
      ok: false,
      mensagem: 'Oferta abaixo da próxima oferta aceita: o valor mínimo agora é R$\u00a010.000,00',
    });
    expect(await formulario(c, { intencao: 'lance', loteId: String(loteId), valor: '10.000,00' })).toMatchObject({
      ok: true,
      mensagem: 'Oferta registrada com sucesso',
    });
    expect(await formulario(c, { intencao: 'automatico', loteId: String(loteId), valorMaximo: '12.000,00' })).toMatchObject({
      ok: true,
      mensagem: 'Oferta automática salva',
    });
    expect(await formulario(c, { intencao: 'cancelar-automatico', loteId: String(loteId) })).toMatchObject({
      mensagem: 'Oferta automática cancelada',
    });
    const api = await app.pedir(H2, '/v1/lances', { method: 'POST', headers: c.auth, corpo: { loteId, valor: 10_000_00 } });
    expect(api.json()).toMatchObject({ message: 'Lance abaixo do próximo lance aceito: o valor mínimo agora é R$\u00a010.500,00' });
  });

  it('a blocked client who bids from the page is told so, with or without JavaScript, not sent to the login', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(banco.db, { hotsiteId: 2, minimo: 10_000_00, incremento: 500_00 });
    const c = await criarCliente(banco.db, { hotsiteId: 2, leilaoId });
    await banco.db.update(usuario).set({ bloqueado: true }).where(eq(usuario.id, c.id));
    expect(await formulario(c, { intencao: 'lance', loteId: String(loteId), valor: '10.000,00' })).toMatchObject({
      ok: false,
      mensagem: 'Seu cadastro está bloqueado para ofertas. Entre em contato com o atendimento',
    });
    const { cookie } = c;
    const semJs = await app.pedir(H2, '/lances/acao', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      corpo: new URLSearchParams({ redirectTo: '/anuncio', intencao: 'lance', loteId: String(loteId), valor: '10.000,00' }).toString(),
    });
    const destino = new URL(semJs.headers.location!, 'http://x');
    expect(destino.pathname).toBe('/anuncio');
    expect(destino.searchParams.get('mensagem')).toBe('Seu cadastro está bloqueado para ofertas. Entre em contato com o atendimento');
    // Nothing was recorded.
    expect(await banco.db.select().from(lanceTabela).where(eq(lanceTabela.usuarioId, c.id))).toHaveLength(0);
  });
});

describe('automatic bids, buy-now, proposals', () => {
  it('a maximum answers a manual bid with one increment; the higher maximum wins at the lower + increment', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(banco.db);
    const a = await criarCliente(banco.db, { leilaoId });
    const b = await criarCliente(banco.db, { leilaoId });
    const c = await criarCliente(banco.db, { leilaoId });
    const auto = (cli: typeof a, valorMaximo: number) =>
      app.pedir(H, '/v1/lances/automatico', { method: 'POST', headers: cli.auth, corpo: { loteId, valorMaximo } });
    expect((await auto(a, 15_000_00)).json()).toMatchObject({ lote: { valor: { lance: 10_000_00 } }, status: 'ganhando' });
    expect((await lance(b.auth, { loteId, valor: 11_000_00 })).json()).toMatchObject({
      status: 'superado',
      lote: { valor: { lance: 11_500_00 } },
    });
    expect((await auto(c, 20_000_00)).json()).toMatchObject({ status: 'ganhando', lote: { valor: { lance: 15_500_00 } } });
    // Raising A's maximum above C's: A wins at C's max + increment.
    expect(
      (await app.pedir(H, `/v1/lances/automatico/${loteId}`, { method: 'PUT', headers: a.auth, corpo: { valorMaximo: 30_000_00 } })).json(),
    ).toMatchObject({
      status: 'ganhando',
      lote: { valor: { lance: 20_500_00 } },
    });
    expect((await app.pedir(H, `/v1/lances/automatico/${loteId}`, { method: 'DELETE', headers: a.auth })).status).toBe(200);
    expect((await lance(c.auth, { loteId, valor: 21_000_00 })).json()).toMatchObject({ status: 'ganhando' });

    const rapido = (await app.pedir(H, '/v1/cliente/meus-lances-rapido', { headers: a.auth })).json() as {
      loteId: number;
      ganhandoPerdendo: string;
    }[];
    expect(rapido.find((x) => x.loteId === loteId)?.ganhandoPerdendo).toBe('superado');
  });

  it("the lot's snapshot tells a session its own standing, read with the lot: an automatic bid's owner leads, the one it answered is outbid", async () => {
    const { loteId, veiUid, leilaoId } = await criarLoteEmDisputa(banco.db, { minimo: 39_000_00, incremento: 100_00 });
    const a = await criarCliente(banco.db, { leilaoId });
    const b = await criarCliente(banco.db, { leilaoId });
    await app.pedir(H, '/v1/lances/automatico', { method: 'POST', headers: a.auth, corpo: { loteId, valorMaximo: 40_000_00 } });
    expect((await lance(b.auth, { loteId, valor: 39_100_00 })).status).toBe(201);
    const estado = async (headers: Record<string, string>) =>
      (await app.pedir(H, `/v1/lances/lote/${veiUid}`, { headers })).json<{ seq: number; valor: { lance: number }; meu: unknown }>();
    const deA = await estado(a.auth);
    expect(deA).toMatchObject({ valor: { lance: 39_200_00 }, meu: { valor: 39_200_00, maximoAutomatico: 40_000_00, status: 'ganhando' } });
    expect(await estado(b.auth)).toMatchObject({
      seq: deA.seq,
      valor: { lance: 39_200_00 },
      meu: { valor: 39_100_00, maximoAutomatico: null, status: 'superado' },
    });
    // A visitor, or a session of another brand, reads the public snapshot only.
    expect((await estado({})).meu).toBeNull();
    const outra = await criarCliente(banco.db, { hotsiteId: 2 });
    expect((await estado(outra.auth)).meu).toBeNull();
  });

  it('bids show the nickname the client chose at sign-up, on the fast path and through the engine', async () => {
    const { loteId, veiUid, leilaoId } = await criarLoteEmDisputa(banco.db);
    const a = await criarCliente(banco.db, { leilaoId, nome: 'Ana Souza' });
    const b = await criarCliente(banco.db, { leilaoId, nome: 'Beto Lima' });
    await banco.db.insert(clienteTabela).values({ hotsiteId: 1, usuarioId: a.id, email: a.email, nome: a.nome, apelido: 'Tubarão' });
    expect((await lance(a.auth, { loteId, valor: 10_000_00 })).status).toBe(201);
    expect((await lance(b.auth, { loteId, valor: 10_500_00 })).status).toBe(201);
    expect((await lance(a.auth, { loteId, valor: 11_000_00 }, { 'idempotency-key': randomUUID() })).status).toBe(201);
    const estado = (await app.pedir(H, `/v1/lances/lote/${veiUid}`)).json() as { historico: { apelido: string; valor: number }[] };
    expect(estado.historico.map((h) => [h.apelido, h.valor])).toEqual([
      ['Tubarão', 11_000_00],
      ['Beto L.', 10_500_00],
      ['Tubarão', 10_000_00],
    ]);
  });

  it('a lot not yet open says when it opens, not when it would end', async () => {
    const { loteId, veiUid } = await criarLoteEmDisputa(banco.db);
    await banco.db.execute(
      sql`UPDATE lote SET data_inicio = '2030-12-10T13:00:00Z', data_fim = '2030-12-11T13:00:00Z' WHERE id = ${loteId}`,
    );
    const r = await app.pedir(H, `/lances/${veiUid}`);
    expect(r.status).toBe(200);
    const painel = r.texto.slice(r.texto.indexOf('data-testid="painel-de-lances"'));
    expect(painel).toMatch(/data-testid="rotulo-contagem"[^>]*>Abre em</);
    expect(painel).toMatch(/data-testid="contagem"[^>]*>10\/12\/2030 10:00</);
  });

  it('buy-now closes the lot for that client at once; later bids are refused', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(banco.db, { compreJa: 50_000_00 });
    const a = await criarCliente(banco.db, { leilaoId });
    const r = await app.pedir(H, `/v1/lote/${loteId}/compre-ja`, { method: 'POST', headers: a.auth });
    expect(r.status).toBe(201);
    expect(r.json()).toMatchObject({ status: 'vencedor', lote: { situacao: 'AG_PAGAMENTO', valor: { lance: 50_000_00 } } });
    expect((await lance(a.auth, { loteId, valor: 60_000_00 })).json<{ message: string }>().message).toBe(
      'Este lote não está recebendo lances: a disputa está encerrada',
    );
    const vencedores = (await app.pedir(H, `/v1/cliente/meus-lances-vencedores/0`, { headers: a.auth })).json() as { loteId: number }[];
    expect(vencedores.map((v) => v.loteId)).toContain(loteId);
  });

  it('a buy-now race: the loser hears the lot was sold (not about bids), the winner that it is theirs, the outbid leader that it was bought', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(banco.db, { compreJa: 50_000_00 });
    const lider = await criarCliente(banco.db, { leilaoId, nome: 'Lia Lider' });
    const [a, b] = [await criarCliente(banco.db, { leilaoId }), await criarCliente(banco.db, { leilaoId })];
    expect((await lance(lider.auth, { loteId, valor: 10_000_00 })).status).toBe(201);
    const comprar = (c: typeof a) => app.pedir(H, `/v1/lote/${loteId}/compre-ja`, { method: 'POST', headers: c.auth });
    const avisosDaLider = await conectarWs(app.port, H, { token: lider.token });
    await avisosDaLider.esperar('conectado');
    const respostas = await Promise.all([comprar(a), comprar(b)]);
    // Her notice says why: the lot was bought (the page reads "vendido pelo Compre Já", not "superado").
    expect((await avisosDaLider.esperar('lance-superado')).data).toMatchObject({
      loteId,
      motivo: 'compre-ja',
      valor: { lance: 50_000_00 },
    });
    expect(respostas.map((r) => r.status).sort()).toEqual([201, 409]);
    const perdeu = respostas.find((r) => r.status === 409)!;
    expect(perdeu.json<{ message: string }>().message).toBe('Este lote já foi vendido a outro participante');
    const ganhador = respostas[0].status === 201 ? a : b;
    expect((await comprar(ganhador)).json<{ message: string }>().message).toBe('Você já comprou este lote');
    // The outbid leader's one e-mail comes through the notification queue (decision 283) and says the lot was sold
    // by buy-now: no invitation to bid again.
    const emailsDaLider = () => banco.db.select().from(mensagemSaida).where(eq(mensagemSaida.para, lider.email));
    await expect.poll(async () => (await emailsDaLider()).length, { timeout: 15_000 }).toBe(1);
    const [email] = await emailsDaLider();
    expect(email.assunto).toBe('Lote vendido pelo Compre Já');
    expect(email.texto).toMatch(
      /^O lote VW Gol 1\.0 2015, em que você tinha o maior lance, foi comprado por outro participante pelo Compre Já, por R\$\s50\.000,00\. A disputa deste lote está encerrada\./,
    );
    expect(email.texto.split('\n')[0]).not.toMatch(/superado|novo lance/);
    expect(email.cabecalhos).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    // The loja brand's words (pages answer in the brand's wording).
    expect(mensagensDaMarca('loja')).toMatchObject({
      compraDeOutro: 'Este anúncio já foi vendido a outro participante',
      compraJaFeita: 'Você já comprou este anúncio',
    });
  });

  it('proposals only on buy-now/proposal lots; the last ones are listed', async () => {
    const disputa = await criarLoteEmDisputa(banco.db);
    const proposta = await criarLoteEmDisputa(banco.db, { somenteBuyNowProposta: true });
    const a = await criarCliente(banco.db, { leilaoId: proposta.leilaoId });
    const corpo = { valor: 9_000_00, telefone: '11 99999-0000', email: 'a@exemplo.com.br' };
    expect((await app.pedir(H, '/v1/propostas', { headers: a.auth, corpo: { ...corpo, loteId: disputa.loteId } })).status).toBe(409);
    expect((await app.pedir(H, '/v1/propostas', { headers: a.auth, corpo: { ...corpo, loteId: proposta.loteId } })).status).toBe(201);
    expect((await lance(a.auth, { loteId: proposta.loteId, valor: 10_000_00 })).json<{ message: string }>().message).toBe(
      'Este lote é vendido somente por Compre Já ou proposta',
    );
    const ultimas = (await app.pedir(H, '/v2/leilao/lotes/buscar-ultimas-proposta', { headers: a.auth })).json() as {
      loteId: number;
      valor: number;
    }[];
    expect(ultimas[0]).toMatchObject({ loteId: proposta.loteId, valor: 9_000_00 });
  });
});

describe('closing', () => {
  it.each([
    ['a bid at the seller value sells', 10_000_00, 'AG_PAGAMENTO'],
    ['a bid below the seller value is conditional', 20_000_00, 'CONDICIONAL'],
  ])('%s', async (_n, valorComitente, situacao) => {
    const { loteId, leilaoId, veiUid } = await criarLoteEmDisputa(banco.db, { valorComitente });
    const a = await criarCliente(banco.db, { leilaoId });
    await lance(a.auth, { loteId, valor: 10_000_00 });
    const watcher = await conectarWs(app.port, H);
    watcher.enviar({ event: 'conectar-lances-lote', data: { veiUid } });
    await watcher.esperar('sala-conectada');
    await vencerLote(banco.db, loteId);
    // Several closers at once (as several instances would): the lot closes once.
    const fechados = await Promise.all([1, 2, 3].map(() => encerrarLotesVencidos({ db: banco.db, hub: app.martelo.hub })));
    expect((await banco.db.select().from(lote).where(eq(lote.id, loteId)))[0].situacao).toBe(situacao);
    expect((await watcher.esperar('on-elastic-response', (d) => d.situacao === situacao)).data).toMatchObject({ loteId, seq: 2 });
    const [{ n }] = (await banco.db.execute(sql`SELECT count(*)::int AS n FROM lote_encerramento WHERE lote_id = ${loteId}`)).rows as {
      n: number;
    }[];
    expect(n).toBe(1);
    expect(fechados.flat().filter((id) => id === loteId)).toHaveLength(1);
    const meus = (await app.pedir(H, '/v1/cliente/meus-lances-rapido', { headers: a.auth })).json() as {
      loteId: number;
      ganhandoPerdendo: string;
    }[];
    expect(meus.find((x) => x.loteId === loteId)?.ganhandoPerdendo).toBe(situacao === 'AG_PAGAMENTO' ? 'vencedor' : 'condicional');
    expect((await lance(a.auth, { loteId, valor: 30_000_00 })).status).toBe(409);
    watcher.fechar();
  });

  it.each([
    ['Liberada', 'AG_PAGAMENTO', 'vencedor'],
    ['Recusada', 'CONDICIONAL_NEGADA', 'condicional-negada'],
    ['Novo valor', 'CONDICIONAL', 'condicional'],
  ])('the seller answers a conditional sale: %s → %s', async (resposta, situacao, status) => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(banco.db, { valorComitente: 50_000_00 });
    const a = await criarCliente(banco.db, { leilaoId });
    await lance(a.auth, { loteId, valor: 10_000_00 });
    await vencerLote(banco.db, loteId);
    await encerrarLotesVencidos({ db: banco.db });
    const [adm] = await banco.db
      .insert(usuario)
      .values({ email: `adm-${randomUUID()}@martelo.test`, nome: 'ADM' })
      .returning();
    await banco.db.insert(usuarioPapel).values({ usuarioId: adm.id, papel: 'Interno - ADM' });
    const { token } = await criarSessao({ db: banco.db, usuarioId: adm.id, hotsiteId: 1 });
    const corpo = { resposta, ...(resposta === 'Novo valor' ? { novoValor: 45_000_00 } : {}) };
    expect((await app.pedir(H, `/v1/leiloes/lotes/${loteId}/resposta-condicional`, { method: 'PUT', headers: a.auth, corpo })).status).toBe(
      403,
    );
    const r = await app.pedir(H, `/v1/leiloes/lotes/${loteId}/resposta-condicional`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      corpo,
    });
    expect(r.json()).toMatchObject({ situacao });
    const meus = (await app.pedir(H, '/v1/cliente/meus-lances-rapido', { headers: a.auth })).json() as {
      loteId: number;
      ganhandoPerdendo: string;
    }[];
    expect(meus.find((x) => x.loteId === loteId)?.ganhandoPerdendo).toBe(status);
  });

  it('a lot without bids closes as NAO_ARREMATADO', async () => {
    const { loteId } = await criarLoteEmDisputa(banco.db);
    await vencerLote(banco.db, loteId);
    await encerrarLotesVencidos({ db: banco.db });
    expect((await banco.db.select().from(lote).where(eq(lote.id, loteId)))[0].situacao).toBe('NAO_ARREMATADO');
  });
});

describe('favourites (spec section 7)', () => {
  it('creates, reads an existing one as "Favorito já existente", lists, pages and removes', async () => {
    const { veiUid, loteId } = await criarLoteEmDisputa(banco.db);
    const a = await criarCliente(banco.db);
    expect((await app.pedir(H, '/v1/cliente/favoritos', { headers: a.auth, corpo: { veiUid } })).status).toBe(201);
    const dup = await app.pedir(H, '/v2/cliente/favoritos', { headers: a.auth, corpo: { veiUid } });
    expect(dup.status).toBe(409);
    expect(dup.json<{ message: string }>().message).toBe('Favorito já existente');
    const lista = (await app.pedir(H, '/v1/cliente/favoritos?limit=999', { headers: a.auth })).json() as { id: number; veiUid: string }[];
    expect(lista).toHaveLength(1);
    const pagina = await app.pedir(H, '/v1/lote/buscar-favoritos?pagina=1&porPagina=50', { headers: a.auth });
    expect(pagina.headers['x-total-count']).toBe('1');
    expect(pagina.json()).toMatchObject([{ id: loteId, veiUid, valorAtual: 10_000_00 }]);
    const rem = await app.pedir(H, `/v1/cliente/favoritos/${lista[0].id}`, { method: 'DELETE', headers: a.auth });
    expect(rem.json()).toEqual({ mensagem: 'Removido com sucesso' });
    expect((await app.pedir(H, '/v1/cliente/favoritos', { headers: a.auth })).json()).toEqual([]);
    // Another brand's client cannot see or touch it.
    expect((await app.pedir('h2.localhost', '/v1/cliente/favoritos', { headers: a.auth })).status).toBe(401);
  });
});

describe('my winning bids and my bids by page (decision 284)', () => {
  it('a won lot carries its winning bid hash, its sale, payment, shipping, removal and stay, for its winner only', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(banco.db, { compreJa: 30_000_00 });
    const a = await criarCliente(banco.db, { leilaoId });
    const outro = await criarCliente(banco.db, { leilaoId });
    expect((await lance(outro.auth, { loteId, valor: 10_000_00 })).status).toBe(201);
    expect((await app.pedir(H, `/v1/lote/${loteId}/compre-ja`, { method: 'POST', headers: a.auth })).status).toBe(201);
    const [meu] = await banco.db
      .select()
      .from(lanceTabela)
      .where(sql`${lanceTabela.loteId} = ${loteId} AND ${lanceTabela.usuarioId} = ${a.id}`);
    const [venda] = linhasDe(
      await banco.db.execute(
        sql`SELECT v.id, v.uid, v.hash_qrcode, v.total, v.data_pagamento FROM venda v JOIN venda_item i ON i.venda_id = v.id WHERE i.lote_id = ${loteId}`,
      ),
    );
    // A payment under validation, a removal on its way and a yard stay of the lot's vehicle.
    await banco.db.execute(
      sql`INSERT INTO pagamento (hotsite_id, venda_id, tipo, valor, situacao) VALUES (1, ${venda.id}, 'DEPOSITO', 1000000, 'aguardandoValidacao')`,
    );
    await banco.db.execute(sql`INSERT INTO remocao (hotsite_id, veiculo_id, situacao, local_remocao, dia_fim_previsto)
                                SELECT 1, veiculo_id, 'EM_TRANSITO', 'Rua A, 1', '2030-01-10' FROM lote WHERE id = ${loteId}`);
    await banco.db.execute(sql`INSERT INTO estadia (hotsite_id, patio_id, veiculo_id, dia_inicio)
                                SELECT 1, (SELECT id FROM patio WHERE hotsite_id = 1 LIMIT 1), veiculo_id, '2030-01-10' FROM lote WHERE id = ${loteId}`);

    const r = await app.pedir(H, `/v1/cliente/meus-lances-vencedores/${leilaoId}`, { headers: a.auth });
    expect(r.status).toBe(200);
    const [ganho] = r.json<Record<string, unknown>[]>();
    expect(meu.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(ganho).toMatchObject({
      loteId,
      lanceId: meu.id,
      hash: meu.hash,
      vendaUid: String(venda.uid),
      hashQrcode: venda.hash_qrcode,
      situacaoVenda: 'AguardandoPagamento',
      pagamento: {
        dataLimite: new Date(venda.data_pagamento as string).toISOString(),
        total: Number(venda.total),
        aguardandoValidacao: 10_000_00,
        aprovado: 0,
        restante: Number(venda.total) - 10_000_00,
      },
      envio: { situacao: 'aguardando_pagamento' },
      agendamento: null,
      remocao: { situacao: 'EM_TRANSITO', previsao: '2030-01-10', chegada: null },
      estadia: { situacao: 'ATIVA', diaFim: null },
    });
    // The loser sees none of it; nor does the same client's session on the other brand's host.
    expect((await app.pedir(H, `/v1/cliente/meus-lances-vencedores/0`, { headers: outro.auth })).json()).toEqual([]);
    expect((await app.pedir('h2.localhost', `/v1/cliente/meus-lances-vencedores/0`, { headers: a.auth })).status).toBe(401);
  });

  it('pages my bids, filters them by tab, counts them in X-Total-Count, and refuses a bad page in pt-BR', async () => {
    const a = await criarCliente(banco.db);
    const b = await criarCliente(banco.db);
    const lotes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { loteId, leilaoId } = await criarLoteEmDisputa(banco.db);
      await banco.db.execute(
        sql`INSERT INTO habilitacao (hotsite_id, usuario_id, leilao_id) VALUES (1, ${a.id}, ${leilaoId}), (1, ${b.id}, ${leilaoId})`,
      );
      expect((await lance(a.auth, { loteId, valor: 10_000_00 })).status).toBe(201);
      lotes.push(loteId);
    }
    // b outbids a on the first lot.
    expect((await lance(b.auth, { loteId: lotes[0], valor: 10_500_00 })).status).toBe(201);
    const pagina = (q: string, auth = a.auth) => app.pedir(H, `/v1/cliente/meus-lances?${q}`, { headers: auth });

    const p1 = await pagina('pagina=1&porPagina=2');
    expect(p1.status).toBe(200);
    expect(p1.headers['x-total-count']).toBe('3');
    expect(p1.json<{ loteId: number }[]>().map((l) => l.loteId)).toEqual([lotes[2], lotes[1]]);
    const p2 = await pagina('pagina=2&porPagina=2');
    expect(p2.json<{ loteId: number }[]>().map((l) => l.loteId)).toEqual([lotes[0]]);
    const superados = await pagina('aba=superado');
    expect(superados.headers['x-total-count']).toBe('1');
    expect(superados.json<{ loteId: number; ganhandoPerdendo: string }[]>()).toMatchObject([
      { loteId: lotes[0], ganhandoPerdendo: 'superado' },
    ]);
    expect((await pagina('aba=vencendo')).headers['x-total-count']).toBe('2');
    // The other bidder sees only their own lot.
    expect((await pagina('', b.auth)).json<{ loteId: number }[]>().map((l) => l.loteId)).toEqual([lotes[0]]);

    for (const q of ['pagina=0', 'porPagina=51', 'porPagina=abc', 'aba=tudo', 'aba[]=todos']) {
      const r = await pagina(q);
      expect(r.status, q).toBe(400);
      expect(r.json<{ message: string }>().message, q).toMatch(/^(pagina|porPagina) |^Filtro de lances inválido$/);
    }
    expect((await app.pedir(H, '/v1/cliente/meus-lances')).status).toBe(401);
  });
});

const linhasDe = (r: unknown) => (r as { rows?: Record<string, unknown>[] }).rows ?? (r as Record<string, unknown>[]);
