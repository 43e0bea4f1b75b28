import { createECDH, randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inscricaoPush, mensagemSaida, notificacao, notificacaoEnvio, venda } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { canaisDoAmbiente } from '~/modules/notificacoes/canais.server';
import { distribuir, entregar } from '~/modules/notificacoes/despacho.server';
import { contarNaoLidas, vigiarPrazos } from '~/modules/notificacoes/fila.server';
import { salvarAssinatura, salvarConfiguracao } from '~/modules/notificacoes/modelos.server';
import { MENSAGEM_OPCOES_INVALIDAS } from '~/modules/notificacoes/opcoes';
import { responderComprovante } from '~/modules/vendas/acoes.server';
import { criarBancoDeTeste, envDeTeste } from '../db';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { iniciarInstancia, type Instancia } from '../server';
import { entrarComoStaff } from '../staff';

/*
 * The staff's side of the notifications (#32): the brand's settings and signature, the notification-options
 * header, and the remaining events (staff work, proofs, deadlines, pickup, documents), each received once.
 * Push goes to an msw mock that records what it was sent; the server's own job is slowed to an hour so each
 * test drives the queue itself.
 */
const enviadosPush: string[] = [];
const mocks = setupServer(
  http.post('https://push.exemplo.test/:id', ({ params }) => {
    enviadosPush.push(String(params.id));
    return new HttpResponse(null, { status: 201 });
  }),
);

let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let app: Instancia;
beforeAll(async () => {
  mocks.listen({ onUnhandledRequest: 'bypass' });
  banco = await criarBancoDeTeste();
  app = await iniciarInstancia({ database: banco, env: { NOTIFICACOES_INTERVALO_MS: 3_600_000 } });
});
afterAll(async () => {
  await app?.close();
  await banco?.descartar();
  mocks.close();
});
beforeEach(() => {
  enviadosPush.length = 0;
});

const H = 'h1.localhost';
const canais = () =>
  canaisDoAmbiente({
    db: banco.db,
    vapid: { assunto: 'mailto:contato@exemplo.test' },
    mensagens: {},
    segredo: envDeTeste.SESSION_SECRET,
    urlBase: (m) => `https://marca${m.id}.exemplo.test`,
  });
const notificacoesDe = (usuarioId: number) =>
  banco.db.select().from(notificacao).where(eq(notificacao.usuarioId, usuarioId)).orderBy(notificacao.id);
const eventosDe = async (usuarioId: number) => (await notificacoesDe(usuarioId)).map((n) => n.evento);
const enviosDe = (usuarioId: number) =>
  banco.db
    .select({ evento: notificacao.evento, canal: notificacaoEnvio.canal, situacao: notificacaoEnvio.situacao })
    .from(notificacaoEnvio)
    .innerJoin(notificacao, eq(notificacao.id, notificacaoEnvio.notificacaoId))
    .where(eq(notificacao.usuarioId, usuarioId))
    .orderBy(notificacaoEnvio.id);
async function despachar() {
  while ((await distribuir({ db: banco.db })).length > 0);
  for (;;) {
    const r = await entregar({ db: banco.db, canais: canais() });
    if (r.enviados + r.falhas === 0) return;
  }
}
async function inscreverNoPush(usuarioId: number, id: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  await banco.db.insert(inscricaoPush).values({
    hotsiteId: 1,
    usuarioId,
    endpoint: `https://push.exemplo.test/${id}`,
    p256dh: ecdh.getPublicKey('base64url'),
    auth: randomBytes(16).toString('base64url'),
  });
}

/** A lot won by a new client: the closing writes their sale (AguardandoPagamento). */
async function compraDeTeste({ valorComitente = null as number | null } = {}) {
  const { loteId, leilaoId } = await criarLoteEmDisputa(banco.db, { valorComitente });
  const cliente = await criarCliente(banco.db, { leilaoId, nome: 'Carla Dias' });
  expect((await app.pedir(H, '/v1/lances', { method: 'POST', headers: cliente.auth, corpo: { loteId, valor: 10_000_00 } })).status).toBe(
    201,
  );
  await vencerLote(banco.db, loteId);
  await encerrarLotesVencidos({ db: banco.db });
  const [v] = await banco.db.select().from(venda).where(eq(venda.usuarioId, cliente.id));
  return { loteId, leilaoId, cliente, vendaId: v?.id ?? null };
}

describe('staff events', () => {
  it('a habilitation to approve reaches the staff of /admin/habilitacoes once, not others; asked again, once more', async () => {
    const adm = await entrarComoStaff(banco.db, [P.ADM]);
    const sac = await entrarComoStaff(banco.db, [P.SAC]);
    const leiloeiro = await entrarComoStaff(banco.db, [P.LEILOEIRO]);
    const { leilaoId } = await criarLoteEmDisputa(banco.db);
    const c = await criarCliente(banco.db);
    const [h] = linhas(
      await banco.db.execute(
        sql`INSERT INTO habilitacao (hotsite_id, usuario_id, leilao_id, situacao) VALUES (1, ${c.id}, ${leilaoId}, 'Pendente') RETURNING id`,
      ),
    );
    expect(await eventosDe(adm.id)).toEqual(['habilitacao-a-aprovar']);
    expect(await eventosDe(sac.id)).toEqual(['habilitacao-a-aprovar']);
    expect(await eventosDe(leiloeiro.id)).toEqual([]);
    expect(await eventosDe(c.id)).toEqual([]);
    await banco.db.execute(sql`UPDATE habilitacao SET situacao = 'Recusado', motivo = 'Documento ilegível' WHERE id = ${h!.id}`);
    await banco.db.execute(sql`UPDATE habilitacao SET situacao = 'Pendente' WHERE id = ${h!.id}`);
    expect(await eventosDe(adm.id)).toEqual(['habilitacao-a-aprovar', 'habilitacao-a-aprovar']);

    // The staff e-mail leads to the screen of the work, on the brand's own domain.
    await despachar();
    const [email] = await banco.db
      .select()
      .from(mensagemSaida)
      .where(and(eq(mensagemSaida.para, adm.email), eq(mensagemSaida.assunto, 'Nova habilitação para aprovar')))
      .limit(1);
    expect(email?.texto).toContain('https://marca1.exemplo.test/admin/habilitacoes');
  });

  it('a proof to validate reaches Acerto once; its answer reaches the buyer once, by push (the e-mail stays the sale’s own)', async () => {
    const acerto = await entrarComoStaff(banco.db, [P.ACERTO]);
    const { cliente, vendaId } = await compraDeTeste();
    expect(vendaId).not.toBeNull();
    await inscreverNoPush(cliente.id, `carla-${cliente.id}`);
    const [c] = linhas(
      await banco.db.execute(sql`INSERT INTO comprovante (hotsite_id, venda_id, nome_arquivo, tipo, tamanho, arquivo, situacao)
                                 VALUES (1, ${vendaId}, 'ted.pdf', 'application/pdf', 4, '\\x25504446'::bytea, 'AG_COMPENSACAO') RETURNING uid`),
    );
    expect(await eventosDe(acerto.id)).toEqual(['comprovante-a-validar']);

    await responderComprovante({
      db: banco.db,
      hotsiteId: 1,
      vendaId: vendaId!,
      entrada: { comprovanteUid: c!.uid, resultado: 'divergente', motivo: 'valor menor que o devido' },
      autor: 'Beatriz',
      urlBase: 'https://marca1.exemplo.test',
    });
    const minhas = (await notificacoesDe(cliente.id)).filter((n) => n.evento.startsWith('comprovante'));
    expect(minhas.map((n) => [n.evento, n.dados.motivo])).toEqual([['comprovante-divergente', 'valor menor que o devido']]);
    await despachar();
    // Push and WhatsApp by default (this client has no phone: nothing goes to the provider); no e-mail here.
    expect((await enviosDe(cliente.id)).filter((e) => e.evento === 'comprovante-divergente')).toEqual([
      { evento: 'comprovante-divergente', canal: 'push', situacao: 'enviado' },
      { evento: 'comprovante-divergente', canal: 'whatsapp', situacao: 'enviado' },
    ]);
    expect(enviadosPush.filter((p) => p === `carla-${cliente.id}`).length).toBeGreaterThanOrEqual(1);
    const antes = enviadosPush.length;
    await despachar();
    expect(enviadosPush).toHaveLength(antes);
  });
});

describe('client events', () => {
  it('payment and pickup reminders go once even when two instances scan at the same moment; a moved deadline gets its own', async () => {
    const { cliente, vendaId } = await compraDeTeste();
    await banco.db.execute(sql`UPDATE venda SET data_pagamento = now() + interval '3 hours' WHERE id = ${vendaId}`);
    const rodadas = await Promise.all(Array.from({ length: 6 }, () => vigiarPrazos({ db: banco.db })));
    expect(rodadas.reduce((s, r) => s + r.pagamento, 0)).toBe(1);
    expect((await eventosDe(cliente.id)).filter((e) => e === 'prazo-pagamento')).toHaveLength(1);
    await vigiarPrazos({ db: banco.db });
    expect((await eventosDe(cliente.id)).filter((e) => e === 'prazo-pagamento')).toHaveLength(1);

    await banco.db.execute(
      sql`UPDATE venda SET situacao = 'Fechada', situacao_entrega = 'aguardando_retirada', agendado_horario = now() + interval '5 hours' WHERE id = ${vendaId}`,
    );
    await Promise.all([vigiarPrazos({ db: banco.db }), vigiarPrazos({ db: banco.db })]);
    await banco.db.execute(sql`UPDATE venda SET agendado_horario = agendado_horario + interval '2 hours' WHERE id = ${vendaId}`);
    await Promise.all([vigiarPrazos({ db: banco.db }), vigiarPrazos({ db: banco.db })]);
    expect((await eventosDe(cliente.id)).filter((e) => e === 'prazo-retirada')).toHaveLength(2);
    // A deadline still days away is not reminded yet.
    const outra = await compraDeTeste();
    await banco.db.execute(sql`UPDATE venda SET data_pagamento = now() + interval '3 days' WHERE id = ${outra.vendaId}`);
    await vigiarPrazos({ db: banco.db });
    expect(await eventosDe(outra.cliente.id)).not.toContain('prazo-pagamento');
  });

  it('pickup confirmed and documents ready reach the buyer once each', async () => {
    const { cliente, vendaId, loteId } = await compraDeTeste();
    await banco.db.execute(sql`UPDATE venda SET situacao = 'Fechada', situacao_entrega = 'entregue' WHERE id = ${vendaId}`);
    await banco.db.execute(sql`UPDATE venda SET situacao_entrega = 'entregue', updated_at = now() WHERE id = ${vendaId}`);
    await banco.db.execute(sql`INSERT INTO lote_arquivo (hotsite_id, lote_id, url, descricao) VALUES (1, ${loteId}, '/a.pdf', 'CRV')`);
    await banco.db.execute(sql`INSERT INTO lote_arquivo (hotsite_id, lote_id, url, descricao) VALUES (1, ${loteId}, '/b.pdf', 'ATPV')`);
    const eventos = await eventosDe(cliente.id);
    expect(eventos.filter((e) => e === 'retirada-confirmada')).toHaveLength(1);
    expect(eventos.filter((e) => e === 'documentos-prontos')).toHaveLength(1);
  });
});

describe("the brand's settings", () => {
  it("the brand's text, default channels and signature are what the client receives; an event turned off goes nowhere", async () => {
    await salvarConfiguracao({
      db: banco.db,
      hotsiteId: 1,
      autor: 'Lívia',
      entrada: {
        evento: 'arrematado',
        ativo: 'on',
        tituloLeilao: 'Arrematado: {{lote}}',
        textoLeilao: 'Você levou {{lote}} por {{valor}}.',
        canais: ['email'],
      },
    });
    await salvarAssinatura({
      db: banco.db,
      hotsiteId: 1,
      autor: 'Lívia',
      entrada: { texto: '<b>Equipe Brasil Leilões</b>\nSAC 0800 000 0000' },
    });
    await salvarConfiguracao({ db: banco.db, hotsiteId: 1, autor: 'Lívia', entrada: { evento: 'nao-vendido', canais: ['email'] } });
    try {
      const { cliente, loteId } = await compraDeTeste();
      await despachar();
      const nome = linhas(await banco.db.execute(sql`SELECT nome FROM lote WHERE id = ${loteId}`))[0]!.nome as string;
      expect((await enviosDe(cliente.id)).filter((e) => e.evento === 'arrematado')).toEqual([
        { evento: 'arrematado', canal: 'email', situacao: 'enviado' },
      ]);
      const [email] = await banco.db
        .select()
        .from(mensagemSaida)
        .where(eq(mensagemSaida.para, cliente.email))
        .orderBy(desc(mensagemSaida.id))
        .limit(1);
      expect(email?.assunto).toBe(`Arrematado: ${nome}`);
      expect(email?.texto).toMatch(new RegExp(`Você levou ${nome} por R\\$\\s10\\.000,00\\.`));
      expect(email?.texto.endsWith('\n\n-- \nEquipe Brasil Leilões\nSAC 0800 000 0000')).toBe(true);

      // Turned off: the closing still writes it, but no channel sends it and the bell does not show it.
      const perdedor = await criarLoteEmDisputa(banco.db, { valorComitente: null });
      const semLance = await criarCliente(banco.db, { leilaoId: perdedor.leilaoId });
      await banco.db.execute(
        sql`INSERT INTO notificacao (hotsite_id, usuario_id, evento, lote_id) VALUES (1, ${semLance.id}, 'nao-vendido', ${perdedor.loteId})`,
      );
      await despachar();
      expect(await enviosDe(semLance.id)).toEqual([]);
      expect(await contarNaoLidas({ db: banco.db, hotsiteId: 1, usuarioId: semLance.id })).toBe(0);
    } finally {
      await banco.db.execute(sql`DELETE FROM notificacao_modelo WHERE hotsite_id = 1`);
      await banco.db.execute(sql`DELETE FROM assinatura_email WHERE hotsite_id = 1`);
    }
  });

  it('the staff screens: MKT configures and previews; bad input is a 400 in pt-BR that saves nothing; SAC is refused', async () => {
    const mkt = await entrarComoStaff(banco.db, [P.MKT]);
    const sac = await entrarComoStaff(banco.db, [P.SAC]);
    const pagina = (cookie: string, caminho: string, form?: Record<string, string>) =>
      app.pedir(H, caminho, {
        method: form ? 'POST' : 'GET',
        headers: { cookie, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        corpo: form ? new URLSearchParams(form).toString() : undefined,
      });
    const lista = await pagina(mkt.cookie, '/admin/notificacoes');
    expect(lista.status).toBe(200);
    expect(lista.texto).toContain('Nova habilitação para aprovar');
    expect((await pagina(sac.cookie, '/admin/notificacoes')).status).toBe(403);
    expect((await pagina(sac.cookie, '/admin/assinatura-email')).status).toBe(403);

    const ruim = await pagina(
      mkt.cookie,
      '/admin/configurar-notificacoes/arrematado?_data=routes%2Fadmin.configurar-notificacoes.(%24id)',
      {
        _acao: 'salvar',
        ativo: 'on',
        tituloLeilao: '<script>alert(1)</script>',
      },
    );
    expect(ruim.status).toBe(400);
    expect(ruim.json()).toMatchObject({ ok: false, erros: { tituloLeilao: ['Use só texto, sem os sinais < e >'] } });
    const canal = await pagina(
      mkt.cookie,
      // A proof approved is not sent by e-mail (the outbid one is, decision 283).
      '/admin/configurar-notificacoes/comprovante-aprovado?_data=routes%2Fadmin.configurar-notificacoes.(%24id)',
      {
        _acao: 'salvar',
        canais: 'email',
      },
    );
    expect(canal.status).toBe(400);
    expect(canal.json()).toMatchObject({ erros: { canais: ['Este aviso não é enviado por email'] } });
    expect(linhas(await banco.db.execute(sql`SELECT count(*)::int AS n FROM notificacao_modelo WHERE hotsite_id = 1`))[0]!.n).toBe(0);

    const previa = await pagina(
      mkt.cookie,
      '/admin/configurar-notificacoes/arrematado?_data=routes%2Fadmin.configurar-notificacoes.(%24id)',
      {
        _acao: 'previa',
        tituloLoja: 'Compra confirmada: {{lote}}',
      },
    );
    expect(previa.status).toBe(200);
    expect(previa.json()).toMatchObject({
      previa: [
        { tipo: 'leilao', titulo: 'Você arrematou o lote' },
        { tipo: 'loja', titulo: 'Compra confirmada: Fiat Strada Freedom 1.3 2022' },
      ],
    });
    expect((await pagina(mkt.cookie, '/admin/configurar-notificacoes/nao-existe')).status).toBe(404);

    const assinatura = await pagina(mkt.cookie, '/admin/assinatura-email?_data=routes%2Fadmin.assinatura-email', {
      _acao: 'salvar',
      texto: Array.from({ length: 9 }, (_, i) => `linha ${i}`).join('\n'),
    });
    expect(assinatura.status).toBe(400);
    expect(assinatura.json()).toMatchObject({ erros: { texto: ['Use no máximo 8 linhas'] } });
  });
});

describe('the notification-options header', () => {
  it('a bad value is a 400 in pt-BR that changes nothing; "nenhum" leaves the buyer only the bell', async () => {
    const adm = await entrarComoStaff(banco.db, [P.ADM]);
    const { cliente, loteId } = await compraDeTeste({ valorComitente: 50_000_00 });
    await inscreverNoPush(cliente.id, `cond-${cliente.id}`);
    const responder = (opcoes: string) =>
      app.pedir(H, `/v1/leiloes/lotes/${loteId}/resposta-condicional`, {
        method: 'PUT',
        headers: { ...adm.bearer, 'notification-options': opcoes },
        corpo: { resposta: 'Liberada' },
      });
    const ruim = await responder('fax');
    expect(ruim.status).toBe(400);
    expect(ruim.json()).toMatchObject({ statusCode: 400, message: MENSAGEM_OPCOES_INVALIDAS });
    expect(await eventosDe(cliente.id)).not.toContain('condicional-respondida');

    expect((await responder('nenhum')).status).toBeLessThan(300);
    const respondida = (await notificacoesDe(cliente.id)).filter((n) => n.evento === 'condicional-respondida');
    expect(respondida.map((n) => n.dados.canais)).toEqual([[]]);
    await despachar();
    expect((await enviosDe(cliente.id)).filter((e) => e.evento === 'condicional-respondida')).toEqual([]);
    // The setting did not outlive its transaction: the next notice on a pooled connection has no restriction.
    await banco.db.execute(
      sql`INSERT INTO notificacao (hotsite_id, usuario_id, evento, chave) VALUES (1, ${cliente.id}, 'prazo-pagamento', 'x')`,
    );
    const [ultima] = await banco.db
      .select()
      .from(notificacao)
      .where(eq(notificacao.usuarioId, cliente.id))
      .orderBy(desc(notificacao.id))
      .limit(1);
    expect(ultima?.dados.canais).toBeUndefined();
  });
});

function linhas(r: unknown): Record<string, unknown>[] & { id?: number }[] {
  return ((r as { rows?: Record<string, unknown>[] }).rows ?? (r as Record<string, unknown>[])) as never;
}
