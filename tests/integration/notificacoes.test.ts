import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { favorito, inscricaoPush, mensagemSaida, notificacao, notificacaoEnvio, notificacaoPreferencia, usuario } from '@db/schema';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { tokenDeDescadastro } from '~/modules/notificacoes/descadastro.server';
import { distribuir } from '~/modules/notificacoes/despacho.server';
import { enfileirarNotificacoes, vigiarFavoritos } from '~/modules/notificacoes/fila.server';
import { iniciarNotificacoes } from '~/modules/notificacoes/job.server';
import { createLogger } from '~/utils/logger.server';
import { envDeTeste } from '../db';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { filaDeTeste } from '../notificacoes';
import { conectarWs } from '../ws';

/*
 * Notifications (#32) on the real engine: bids through the API, the closing job, the queue's triggers, the
 * spreading and the delivery per channel (the mocks and the queue's driving are tests/notificacoes.ts's).
 */
const fila = filaDeTeste();
const { enviados, canais, despachar, inscreverNoPush } = fila;

const H = 'h1.localhost';
const lance = (auth: Record<string, string>, corpo: unknown) => fila.app.pedir(H, '/v1/lances', { method: 'POST', headers: auth, corpo });
const notificacoesDe = (usuarioId: number) =>
  fila.banco.db.select().from(notificacao).where(eq(notificacao.usuarioId, usuarioId)).orderBy(notificacao.id);
const enviosDe = (usuarioId: number) =>
  fila.banco.db
    .select({
      evento: notificacao.evento,
      canal: notificacaoEnvio.canal,
      situacao: notificacaoEnvio.situacao,
      tentativas: notificacaoEnvio.tentativas,
      proximaEm: notificacaoEnvio.proximaEm,
    })
    .from(notificacaoEnvio)
    .innerJoin(notificacao, eq(notificacao.id, notificacaoEnvio.notificacaoId))
    .where(eq(notificacao.usuarioId, usuarioId))
    .orderBy(notificacaoEnvio.id);

describe('events', () => {
  it('an outbid queues one notice for the leader before, in the bid, and its push goes out once, never again after a restart', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(fila.banco.db);
    const a = await criarCliente(fila.banco.db, { leilaoId, nome: 'Ana Souza' });
    const b = await criarCliente(fila.banco.db, { leilaoId, nome: 'Bruno Lima' });
    await inscreverNoPush(a.id, `ana-${a.id}`);
    expect((await lance(a.auth, { loteId, valor: 10_000_00 })).status).toBe(201);
    expect((await lance(b.auth, { loteId, valor: 10_500_00 })).status).toBe(201);

    const [n, ...outras] = await notificacoesDe(a.id);
    expect(outras).toEqual([]);
    expect(n).toMatchObject({ evento: 'lance-superado', loteId, chave: '1000000', dados: { valor: 10_500_00, seuLance: 10_000_00 } });
    expect(await notificacoesDe(b.id)).toEqual([]);

    await despachar();
    expect(await enviosDe(a.id)).toMatchObject([
      { evento: 'lance-superado', canal: 'email', situacao: 'enviado', tentativas: 1 },
      { evento: 'lance-superado', canal: 'push', situacao: 'enviado', tentativas: 1 },
    ]);
    expect(enviados.push).toEqual([{ id: `ana-${a.id}`, autorizacao: expect.stringMatching(/^vapid t=.+, k=.+/), ttl: '3600' }]);

    // A restart (a new job on the same queue) finds nothing left to send.
    expect(await despachar()).toBe(0);
    expect(enviados.push).toHaveLength(1);
  });

  const emailsPara = (email: string) =>
    fila.banco.db.select().from(mensagemSaida).where(eq(mensagemSaida.para, email)).orderBy(mensagemSaida.id);

  it('the outbid e-mail goes only through the queue: one e-mail, signed, with a one-click unsubscribe, none again after a restart', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(fila.banco.db);
    const a = await criarCliente(fila.banco.db, { leilaoId, nome: 'Ana Souza' });
    const b = await criarCliente(fila.banco.db, { leilaoId, nome: 'Bruno Lima' });
    expect((await lance(a.auth, { loteId, valor: 10_000_00 })).status).toBe(201);
    expect((await lance(b.auth, { loteId, valor: 10_500_00 })).status).toBe(201);
    // The bid wrote no e-mail of its own: the outbox is empty until the queue sends it.
    expect(await emailsPara(a.email)).toEqual([]);

    await despachar();
    const emails = await emailsPara(a.email);
    expect(emails).toHaveLength(1);
    expect(emails[0].assunto).toBe('Seu lance foi superado');
    expect(emails[0].texto).toMatch(/^Seu lance em VW Gol 1\.0 2015 foi superado\. Lance atual: R\$\s10\.500,00\./);
    expect(emails[0].texto).toContain('— Brasil Leilões');
    const token = tokenDeDescadastro(envDeTeste.SESSION_SECRET, { hotsiteId: 1, usuarioId: a.id, evento: 'lance-superado' });
    expect(emails[0].cabecalhos).toEqual({
      'List-Unsubscribe': `<https://marca1.exemplo.test/notificacoes/descadastro/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(await emailsPara(b.email)).toEqual([]);

    expect(await despachar()).toBe(0);
    expect(await emailsPara(a.email)).toHaveLength(1);
  });

  it('a client who turned off the outbid e-mail gets none (the push still goes)', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(fila.banco.db);
    const a = await criarCliente(fila.banco.db, { leilaoId });
    const b = await criarCliente(fila.banco.db, { leilaoId });
    await fila.banco.db
      .insert(notificacaoPreferencia)
      .values({ hotsiteId: 1, usuarioId: a.id, evento: 'lance-superado', canal: 'email', ativo: false });
    expect((await lance(a.auth, { loteId, valor: 10_000_00 })).status).toBe(201);
    expect((await lance(b.auth, { loteId, valor: 10_500_00 })).status).toBe(201);
    await despachar();
    expect((await enviosDe(a.id)).map((e) => e.canal)).toEqual(['push']);
    expect(await emailsPara(a.email)).toEqual([]);
  });

  it('no bid path writes the outbid e-mail itself: automatic, engine with a key, buy-now; each outbid gets one through the queue', async () => {
    // Outbid by an automatic maximum (the engine).
    const auto = await criarLoteEmDisputa(fila.banco.db);
    const a = await criarCliente(fila.banco.db, { leilaoId: auto.leilaoId });
    const b = await criarCliente(fila.banco.db, { leilaoId: auto.leilaoId });
    expect((await lance(a.auth, { loteId: auto.loteId, valor: 10_000_00 })).status).toBe(201);
    expect(
      (
        await fila.app.pedir(H, '/v1/lances/automatico', {
          method: 'POST',
          headers: b.auth,
          corpo: { loteId: auto.loteId, valorMaximo: 15_000_00 },
        })
      ).status,
    ).toBeLessThan(300);
    // Outbid by a manual bid with an Idempotency-Key (the engine's statement, not the fast path).
    const chave = await criarLoteEmDisputa(fila.banco.db);
    const c = await criarCliente(fila.banco.db, { leilaoId: chave.leilaoId });
    const d = await criarCliente(fila.banco.db, { leilaoId: chave.leilaoId });
    expect((await lance(c.auth, { loteId: chave.loteId, valor: 10_000_00 })).status).toBe(201);
    const comChave = await fila.app.pedir(H, '/v1/lances', {
      method: 'POST',
      headers: { ...d.auth, 'Idempotency-Key': `k-${d.id}` },
      corpo: { loteId: chave.loteId, valor: 10_500_00 },
    });
    expect(comChave.status).toBe(201);
    // Outbid by a buy-now.
    const compra = await criarLoteEmDisputa(fila.banco.db, { compreJa: 20_000_00 });
    const e = await criarCliente(fila.banco.db, { leilaoId: compra.leilaoId });
    const f = await criarCliente(fila.banco.db, { leilaoId: compra.leilaoId });
    expect((await lance(e.auth, { loteId: compra.loteId, valor: 10_000_00 })).status).toBe(201);
    expect((await fila.app.pedir(H, `/v1/lote/${compra.loteId}/compre-ja`, { method: 'POST', headers: f.auth })).status).toBeLessThan(300);

    for (const x of [a, c, e]) expect(await emailsPara(x.email)).toEqual([]);
    await despachar();
    expect((await emailsPara(a.email)).map((m) => m.assunto)).toEqual(['Seu lance foi superado']);
    expect((await emailsPara(c.email)).map((m) => m.assunto)).toEqual(['Seu lance foi superado']);
    // The leader a buy-now took the lot from hears it was sold, not outbid.
    expect((await emailsPara(e.email)).map((m) => m.assunto)).toEqual(['Lote vendido pelo Compre Já']);
    for (const x of [a, c, e])
      expect((await emailsPara(x.email))[0].cabecalhos).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('an automatic maximum that was passed reads "máximo atingido"', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(fila.banco.db);
    const a = await criarCliente(fila.banco.db, { leilaoId });
    const b = await criarCliente(fila.banco.db, { leilaoId });
    expect(
      (await fila.app.pedir(H, '/v1/lances/automatico', { method: 'POST', headers: a.auth, corpo: { loteId, valorMaximo: 12_000_00 } }))
        .status,
    ).toBeLessThan(300);
    expect((await lance(b.auth, { loteId, valor: 13_000_00 })).status).toBe(201);
    expect((await notificacoesDe(a.id)).map((n) => n.evento)).toEqual(['maximo-atingido']);
  });

  it('the winner learns at the close: e-mail with the brand and a one-click unsubscribe, WhatsApp through the provider, push', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(fila.banco.db);
    const b = await criarCliente(fila.banco.db, { leilaoId, nome: 'Bruno Lima' });
    await fila.banco.db.update(usuario).set({ telefone: '(11) 98765-4321' }).where(eq(usuario.id, b.id));
    await inscreverNoPush(b.id, `bruno-${b.id}`);
    await lance(b.auth, { loteId, valor: 10_000_00 });
    await vencerLote(fila.banco.db, loteId);
    await encerrarLotesVencidos({ db: fila.banco.db });
    expect((await notificacoesDe(b.id)).map((n) => [n.evento, n.loteId])).toEqual([['arrematado', loteId]]);

    await despachar();
    expect((await enviosDe(b.id)).map((e) => [e.canal, e.situacao])).toEqual([
      ['email', 'enviado'],
      ['push', 'enviado'],
      ['whatsapp', 'enviado'],
    ]);
    const [email] = await fila.banco.db
      .select()
      .from(mensagemSaida)
      .where(and(eq(mensagemSaida.para, b.email), eq(mensagemSaida.assunto, 'Você arrematou o lote')));
    expect(email.texto).toMatch(/^Parabéns! Você arrematou VW Gol 1\.0 2015 por R\$\s10\.000,00\./);
    expect(email.texto).toContain('— Brasil Leilões');
    const token = tokenDeDescadastro(envDeTeste.SESSION_SECRET, { hotsiteId: 1, usuarioId: b.id, evento: 'arrematado' });
    expect(email.cabecalhos).toEqual({
      'List-Unsubscribe': `<https://marca1.exemplo.test/notificacoes/descadastro/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(email.texto).toContain(`https://marca1.exemplo.test/notificacoes/descadastro/${token}`);
    expect(enviados.mensagens).toEqual([
      {
        canal: 'whatsapp',
        para: '11987654321',
        texto: expect.stringMatching(/Você arrematou VW Gol 1\.0 2015 por R\$\s10\.000,00/),
        token: 'Bearer token-do-provedor',
      },
    ]);
    expect(enviados.push.map((p) => p.id)).toEqual([`bruno-${b.id}`]);
  });

  it('a watched lot closing within 15 minutes is told to each follower once', async () => {
    const { loteId, veiUid } = await criarLoteEmDisputa(fila.banco.db, { fimEmMs: 10 * 60_000 });
    const c = await criarCliente(fila.banco.db);
    const d = await criarCliente(fila.banco.db);
    await fila.banco.db.insert(favorito).values([
      { hotsiteId: 1, usuarioId: c.id, veiUid },
      { hotsiteId: 1, usuarioId: d.id, veiUid },
    ]);
    await vigiarFavoritos({ db: fila.banco.db });
    await vigiarFavoritos({ db: fila.banco.db });
    for (const u of [c, d])
      expect((await notificacoesDe(u.id)).map((n) => [n.evento, n.loteId])).toEqual([['favorito-encerrando', loteId]]);
    await despachar();
    const [email] = await fila.banco.db.select().from(mensagemSaida).where(eq(mensagemSaida.para, c.email));
    expect(email.assunto).toBe('Um lote que você segue encerra em 15 minutos');
  });

  it('a loja brand speaks its own wording (oferta, anúncio)', async () => {
    const { leilaoId } = await criarLoteEmDisputa(fila.banco.db, { hotsiteId: 2 });
    const c = await criarCliente(fila.banco.db, { hotsiteId: 2, leilaoId });
    await enfileirarNotificacoes({ db: fila.banco.db, hotsiteId: 2, evento: 'nao-vendido', usuarioIds: [c.id], dados: {} });
    await despachar();
    const [email] = await fila.banco.db.select().from(mensagemSaida).where(eq(mensagemSaida.para, c.email));
    expect(email.assunto).toBe('Anúncio não vendido');
  });
});

describe('delivery', () => {
  it('a failed send waits its backoff, a claim of a stopped instance waits its lease, and what was sent is never sent twice', async () => {
    const c = await criarCliente(fila.banco.db);
    await fila.banco.db.update(usuario).set({ telefone: '11912345678' }).where(eq(usuario.id, c.id));
    await fila.banco.db.insert(notificacaoPreferencia).values([
      { hotsiteId: 1, usuarioId: c.id, evento: 'habilitacao-aprovada', canal: 'email', ativo: false },
      { hotsiteId: 1, usuarioId: c.id, evento: 'habilitacao-aprovada', canal: 'push', ativo: false },
      { hotsiteId: 1, usuarioId: c.id, evento: 'habilitacao-aprovada', canal: 'whatsapp', ativo: true },
    ]);
    await enfileirarNotificacoes({ db: fila.banco.db, hotsiteId: 1, evento: 'habilitacao-aprovada', usuarioIds: [c.id, c.id] });
    // Written twice (two transactions telling the same thing): one notice.
    await enfileirarNotificacoes({ db: fila.banco.db, hotsiteId: 1, evento: 'habilitacao-aprovada', usuarioIds: [c.id] });
    expect(await notificacoesDe(c.id)).toHaveLength(1);

    fila.provedorFalha = true;
    const antes = Date.now();
    await despachar();
    const [falhou] = await enviosDe(c.id);
    expect(falhou).toMatchObject({ canal: 'whatsapp', situacao: 'pendente', tentativas: 1 });
    expect(falhou.proximaEm.getTime()).toBeGreaterThanOrEqual(antes + 29_000);

    fila.provedorFalha = false;
    expect(await despachar()).toBe(0); // still waiting
    expect(enviados.mensagens).toEqual([]);

    // An instance claimed it and stopped before answering: its lease holds the row for two minutes.
    await fila.banco.db
      .execute(sql`UPDATE notificacao_envio SET situacao = 'enviando', proxima_em = clock_timestamp() + interval '2 minutes'
                                WHERE notificacao_id IN (SELECT id FROM notificacao WHERE usuario_id = ${c.id})`);
    expect(await despachar()).toBe(0);
    // The lease lapses: the row is tried again, and sent.
    await fila.banco.db.execute(sql`UPDATE notificacao_envio SET proxima_em = clock_timestamp() - interval '1 second'
                                WHERE notificacao_id IN (SELECT id FROM notificacao WHERE usuario_id = ${c.id})`);
    await despachar();
    expect(enviados.mensagens).toHaveLength(1);
    // Attempts: the failure, then the retry after the lapsed lease (the simulated claim did not count one).
    expect(await enviosDe(c.id)).toMatchObject([{ situacao: 'enviado', tentativas: 2 }]);
    expect(await despachar()).toBe(0);
    expect(enviados.mensagens).toHaveLength(1);
  });

  it('a subscription the push service calls gone is dropped', async () => {
    const c = await criarCliente(fila.banco.db);
    await inscreverNoPush(c.id, 'vencida');
    await enfileirarNotificacoes({ db: fila.banco.db, hotsiteId: 1, evento: 'favorito-aberto', usuarioIds: [c.id], loteId: null });
    await despachar();
    expect(enviados.push.map((p) => p.id)).toEqual(['vencida']);
    expect(await fila.banco.db.select().from(inscricaoPush).where(eq(inscricaoPush.usuarioId, c.id))).toEqual([]);
  });

  it('quiet hours hold push until they end; the e-mail goes now', async () => {
    const c = await criarCliente(fila.banco.db);
    const horaSp = (new Date().getUTCHours() + 21) % 24;
    const form = new URLSearchParams({ intencao: 'preferencias', silencioInicio: String(horaSp), silencioFim: String((horaSp + 2) % 24) });
    form.set('arrematado.email', 'on');
    form.set('arrematado.push', 'on');
    const r = await fila.app.pedir(H, '/cliente/notificacoes', {
      method: 'POST',
      headers: { cookie: c.cookie, 'content-type': 'application/x-www-form-urlencoded', origin: `http://${H}` },
      corpo: form.toString(),
    });
    expect(r.status).toBe(200);
    await enfileirarNotificacoes({ db: fila.banco.db, hotsiteId: 1, evento: 'arrematado', usuarioIds: [c.id], dados: { valor: 5_000_00 } });
    await distribuir({ db: fila.banco.db });
    const envios = await enviosDe(c.id);
    expect(envios.map((e) => e.canal)).toEqual(['email', 'push']); // WhatsApp unchecked on the form
    expect(envios[0].proximaEm.getTime()).toBeLessThanOrEqual(Date.now());
    expect(envios[1].proximaEm.getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
  });
});

describe('unsubscribe', () => {
  it('works without login, only for its own person and event, and a forged or foreign link changes nothing', async () => {
    const c = await criarCliente(fila.banco.db);
    const d = await criarCliente(fila.banco.db);
    const token = tokenDeDescadastro(envDeTeste.SESSION_SECRET, { hotsiteId: 1, usuarioId: c.id, evento: 'arrematado' });
    const pagina = await fila.app.pedir(H, `/notificacoes/descadastro/${token}`);
    expect(pagina.status).toBe(200);
    expect(pagina.texto).toContain('Deixar de receber por e-mail o aviso');
    expect(await fila.banco.db.select().from(notificacaoPreferencia).where(eq(notificacaoPreferencia.usuarioId, c.id))).toEqual([]); // GET changes nothing

    // The mail client's one-click POST (RFC 8058).
    const um = await fila.app.pedir(H, `/notificacoes/descadastro/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      corpo: 'List-Unsubscribe=One-Click',
    });
    expect(um.status).toBe(200);
    expect(
      await fila.banco.db
        .select({ evento: notificacaoPreferencia.evento, canal: notificacaoPreferencia.canal, ativo: notificacaoPreferencia.ativo })
        .from(notificacaoPreferencia)
        .where(eq(notificacaoPreferencia.usuarioId, c.id)),
    ).toEqual([{ evento: 'arrematado', canal: 'email', ativo: false }]);

    // The same link with another person's id, or on another brand: refused.
    const forjado = token.replace(`.${c.id}.`, `.${d.id}.`);
    for (const [host, t] of [
      [H, forjado],
      ['h2.localhost', token],
      [H, `${token.slice(0, -2)}xx`],
    ] as const) {
      const r = await fila.app.pedir(host, `/notificacoes/descadastro/${t}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        corpo: 'List-Unsubscribe=One-Click',
      });
      expect(r.status).toBe(404);
    }
    expect(await fila.banco.db.select().from(notificacaoPreferencia).where(eq(notificacaoPreferencia.usuarioId, d.id))).toEqual([]);

    // And the queue honours it: the won e-mail is no longer spread for this person.
    await enfileirarNotificacoes({ db: fila.banco.db, hotsiteId: 1, evento: 'arrematado', usuarioIds: [c.id] });
    await distribuir({ db: fila.banco.db });
    expect((await enviosDe(c.id)).map((e) => e.canal)).not.toContain('email');
  });
});

describe('the bell', () => {
  it("counts unread notices and the job tells the person's sockets the new count", async () => {
    const c = await criarCliente(fila.banco.db);
    const ws = await conectarWs(fila.app.port, H, { token: c.token });
    const job = iniciarNotificacoes({
      db: fila.banco.db,
      hub: fila.app.martelo.hub,
      logger: createLogger('silent'),
      canais: canais(),
      intervaloMs: 50,
    });
    try {
      await enfileirarNotificacoes({ db: fila.banco.db, hotsiteId: 1, evento: 'habilitacao-aprovada', usuarioIds: [c.id], chave: 'x' });
      expect((await ws.esperar('notificacao')).data).toEqual({ naoLidas: 1 });
    } finally {
      await job.parar();
      ws.fechar();
    }
    expect((await fila.app.pedir(H, '/notificacoes/contagem', { headers: { cookie: c.cookie } })).json()).toEqual({ naoLidas: 1 });
    const lida = await fila.app.pedir(H, '/cliente/notificacoes', {
      method: 'POST',
      headers: { cookie: c.cookie, 'content-type': 'application/x-www-form-urlencoded', origin: `http://${H}` },
      corpo: 'intencao=lidas',
    });
    expect(lida.status).toBe(200);
    expect((await fila.app.pedir(H, '/notificacoes/contagem', { headers: { cookie: c.cookie } })).json()).toEqual({ naoLidas: 0 });
  });
});
