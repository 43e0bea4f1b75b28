import { and, eq, sql } from 'drizzle-orm';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remocao, remocaoEtapaAutomatica, seguradoraComunicacao, seguradoraEnvio, venda, vendaItem, veiculo } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { aplicarEtapasAutomaticas } from '~/modules/remocoes/etapas-automaticas.server';
import { registrarPagamento } from '~/modules/vendas/acoes.server';
import { assinado, atualizacaoDaSeguradora, comunicacao, reciboDaSeguradora, solicitacao } from '@scripts/seguradora/eventos';
import { SEGREDO_DEMO } from '@scripts/seed/remocoes';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/*
 * Issue #31, decisions 204-205: the sale stages reach the insurer from the lot, the sale and the vehicle (no
 * staff hand), in order and once; the insurer's questions (S14) are answered once (S15), from the API or the
 * removal's screen. msw stands in for the insurer.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';
const SEGREDO = SEGREDO_DEMO('Mapfre');

const recebidos: { codigo: string; processId: string; corpo: Record<string, unknown> }[] = [];
const seguradora = setupServer(
  http.post('http://127.0.0.1:4799/:seguradora/status', async ({ request }) => {
    const e = (await request.json()) as { event: { eventCode: string }; businessData: { processId: string } };
    recebidos.push({ codigo: e.event.eventCode, processId: e.businessData.processId, corpo: e.businessData as Record<string, unknown> });
    return HttpResponse.json(reciboDaSeguradora());
  }),
);
beforeAll(() => seguradora.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => seguradora.close());

const enviar = (evento: unknown) => {
  const a = assinado(SEGREDO, evento);
  return t.app.pedir(H, '/v1/integracao/mapfre/remocoes', { method: 'POST', headers: a.headers, corpo: a.corpo });
};
const codigosDe = (processId: string) => recebidos.filter((r) => r.processId === processId).map((r) => r.codigo);

/** A lot in dispute whose vehicle an insurer's removal brought to the yard (S01 → S05 through the API). */
async function loteDaSeguradora(processId: string, placa: string) {
  const lote = await criarLoteEmDisputa(t.banco.db, { minimo: 10_000_00 });
  const chassi = `9BWZZZ377VT${placa.slice(-6)}`;
  await t.banco.db.update(veiculo).set({ placa, chassi }).where(eq(veiculo.uid, lote.veiUid));
  const uid = (await enviar(solicitacao('Mapfre', processId, { placa, chassi }))).json<{ remocaoUid: string }>().remocaoUid;
  const staff = await entrarComoStaff(t.banco.db, [P.REMOCAO]);
  const api = (metodo: string, caminho: string, corpo?: unknown) =>
    t.app.pedir(H, `/v1${caminho}`, { method: metodo, headers: staff.bearer, corpo });
  const [p] = (await t.banco.db.execute(sql`SELECT id FROM patio WHERE hotsite_id = 1 ORDER BY id LIMIT 1`)).rows as { id: number }[];
  await t.banco.db
    .update(remocao)
    .set({ diaInicioPrevisto: '2026-12-01', transportadora: 'Guincho Rápido', patioId: Number(p.id) })
    .where(eq(remocao.uid, uid));
  expect((await api('POST', `/remocoes/${uid}/confirmar`)).status).toBe(204);
  for (const situacao of ['AGENDADA', 'EM_TRANSITO', 'CONCLUIDA'])
    expect((await api('PUT', `/remocoes/${uid}/situacao`, { situacao })).status).toBe(204);
  const [r] = await t.banco.db.select().from(remocao).where(eq(remocao.uid, uid));
  expect(r.veiculoId).toBe((await t.banco.db.select().from(veiculo).where(eq(veiculo.uid, lote.veiUid)))[0].id);
  return { ...lote, remocao: r, staff, api };
}

const automaticas = async (remocaoId: number) =>
  (
    await t.banco.db
      .select()
      .from(remocaoEtapaAutomatica)
      .where(eq(remocaoEtapaAutomatica.remocaoId, remocaoId))
      .orderBy(remocaoEtapaAutomatica.id)
  ).map((e) => `${e.codigo}:${e.situacao}`);

describe('the sale stages come from the lot, the sale and the vehicle', () => {
  it('sold before the authorisation waits for S08; then sold, paid, documents and hand-over reach the insurer in order, once', async () => {
    const processo = 'VENDA-AUTO-1';
    const l = await loteDaSeguradora(processo, 'VND1A23');
    const c = await criarCliente(t.banco.db, { nome: 'Rafael Arremate', leilaoId: l.leilaoId });
    expect((await t.app.pedir(H, '/v1/lances', { headers: c.auth, corpo: { loteId: l.loteId, valor: 15_000_00 } })).status).toBe(201);
    await vencerLote(t.banco.db, l.loteId);
    await encerrarLotesVencidos({ db: t.banco.db });
    // The closing wrote S11; the insurer has not authorised the sale, so it waits, and the screen says why.
    await expect.poll(() => automaticas(l.remocao.id), { timeout: 10_000, interval: 200 }).toEqual(['S11:pendente']);
    await expect
      .poll(
        async () =>
          (await t.banco.db.select().from(remocaoEtapaAutomatica).where(eq(remocaoEtapaAutomatica.remocaoId, l.remocao.id)))[0].motivo,
        {
          timeout: 10_000,
        },
      )
      .toBe('A seguradora ainda não autorizou a venda deste veículo (S08)');
    const tela = await t.app.pedir(H, `/admin/remocao/${l.remocao.uid}`, { headers: { cookie: l.staff.cookie } });
    expect(tela.texto).toContain('Aguardando: A seguradora ainda não autorizou a venda deste veículo (S08)');

    // Paid while S11 waits: S12 waits behind it, never overtaking.
    const [item] = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, l.loteId));
    const [v] = await t.banco.db.select().from(venda).where(eq(venda.id, item.vendaId));
    await registrarPagamento({
      db: t.banco.db,
      hotsiteId: 1,
      vendaId: v.id,
      entrada: { tipo: 'DINHEIRO', valor: v.total },
      autor: 'Caixa',
      urlBase: 'http://h1.localhost',
    });
    expect((await t.banco.db.select().from(venda).where(eq(venda.id, v.id)))[0].situacao).toBe('Fechada');
    expect(await automaticas(l.remocao.id)).toEqual(['S11:pendente', 'S12:pendente']);

    expect((await enviar(atualizacaoDaSeguradora('Mapfre', processo, 'S08', 'Venda autorizada'))).json()).toMatchObject({
      status: 'EST02',
    });
    await expect.poll(() => automaticas(l.remocao.id), { timeout: 15_000, interval: 200 }).toEqual(['S11:informada', 'S12:informada']);

    // Transfer documents received, then the buyer takes the vehicle.
    await t.banco.db.update(veiculo).set({ documentosRecebidosEm: new Date() }).where(eq(veiculo.id, l.remocao.veiculoId));
    await t.banco.db.update(venda).set({ situacaoEntrega: 'entregue' }).where(eq(venda.id, v.id));

    const esperados = ['S02', 'S03', 'S04', 'S05', 'S11', 'S12', 'S13', 'S17'];
    await expect.poll(() => codigosDe(processo), { timeout: 20_000, interval: 200 }).toEqual(esperados);
    const [r] = await t.banco.db.select().from(remocao).where(eq(remocao.id, l.remocao.id));
    expect(r.etapa).toBe('S17');
    // Each stage one update, however many times its trigger fires again.
    await t.banco.db.update(veiculo).set({ documentosRecebidosEm: null }).where(eq(veiculo.id, l.remocao.veiculoId));
    await t.banco.db.update(veiculo).set({ documentosRecebidosEm: new Date() }).where(eq(veiculo.id, l.remocao.veiculoId));
    await aplicarEtapasAutomaticas({ db: t.banco.db });
    const envios = await t.banco.db.select().from(seguradoraEnvio).where(eq(seguradoraEnvio.remocaoId, l.remocao.id));
    expect(envios.map((e) => e.eventCode).sort()).toEqual([...esperados].sort());
  });

  it('a stage staff already reported by hand is not sent again; a bid does not touch the stages', async () => {
    const processo = 'VENDA-AUTO-2';
    const l = await loteDaSeguradora(processo, 'VND2B34');
    expect((await l.api('POST', `/remocoes/${l.remocao.uid}/etapas`, { codigo: 'S10' })).status).toBe(204);
    const c = await criarCliente(t.banco.db, { leilaoId: l.leilaoId });
    expect((await t.app.pedir(H, '/v1/lances', { headers: c.auth, corpo: { loteId: l.loteId, valor: 12_000_00 } })).status).toBe(201);
    expect(await automaticas(l.remocao.id)).toEqual([]);
    // The lot is suspended and released again: S10 is behind the removal, so it is left out.
    await t.banco.db.execute(sql`UPDATE lote SET situacao = 'SUSPENSO' WHERE id = ${l.loteId}`);
    await t.banco.db.execute(sql`UPDATE lote SET situacao = 'LIBERADO_LEILAO' WHERE id = ${l.loteId}`);
    await t.banco.db.execute(sql`UPDATE lote SET situacao = 'SUSPENSO' WHERE id = ${l.loteId}`);
    await t.banco.db.execute(sql`UPDATE lote SET situacao = 'LIBERADO_LEILAO' WHERE id = ${l.loteId}`);
    await expect.poll(() => automaticas(l.remocao.id), { timeout: 10_000, interval: 200 }).toEqual(['S10:ignorada']);
    const envios = await t.banco.db
      .select()
      .from(seguradoraEnvio)
      .where(and(eq(seguradoraEnvio.remocaoId, l.remocao.id), eq(seguradoraEnvio.eventCode, 'S10')));
    expect(envios).toHaveLength(1);
  });

  it('several senders at once report each stage once', async () => {
    const processo = 'VENDA-AUTO-3';
    const l = await loteDaSeguradora(processo, 'VND3C45');
    await enviar(atualizacaoDaSeguradora('Mapfre', processo, 'S08', 'Venda autorizada'));
    await t.banco.db.execute(sql`UPDATE lote SET situacao = 'SUSPENSO' WHERE id = ${l.loteId}`);
    await t.banco.db.execute(sql`UPDATE lote SET situacao = 'LIBERADO_LEILAO' WHERE id = ${l.loteId}`);
    await t.banco.db.execute(sql`UPDATE lote SET situacao = 'AG_PAGAMENTO' WHERE id = ${l.loteId}`);
    await t.banco.db.execute(sql`UPDATE lote SET situacao = 'PAGO' WHERE id = ${l.loteId}`);
    await t.banco.db.execute(sql`UPDATE lote SET situacao = 'RETIRADO' WHERE id = ${l.loteId}`);
    await Promise.all(Array.from({ length: 6 }, () => aplicarEtapasAutomaticas({ db: t.banco.db })));
    await expect
      .poll(() => automaticas(l.remocao.id), { timeout: 10_000, interval: 200 })
      .toEqual(['S10:informada', 'S11:informada', 'S12:informada', 'S17:informada']);
    const envios = await t.banco.db.select().from(seguradoraEnvio).where(eq(seguradoraEnvio.remocaoId, l.remocao.id));
    expect(envios.map((e) => e.eventCode).sort()).toEqual(['S02', 'S03', 'S04', 'S05', 'S10', 'S11', 'S12', 'S17']);
  });
});

describe("the insurer's questions (S14) and our answers (S15)", () => {
  it('each question is kept, answered once with responseToCode, and shown on the removal screen', async () => {
    const processo = 'PERGUNTA-1';
    const uid = (await enviar(solicitacao('Mapfre', processo))).json<{ remocaoUid: string }>().remocaoUid;
    expect((await enviar(comunicacao('Mapfre', processo, 'Qual a previsão de retirada?', 'COM-A'))).json()).toMatchObject({
      status: 'EST01',
    });
    expect((await enviar(comunicacao('Mapfre', processo, 'O veículo tem chave?', 'COM-B'))).json()).toMatchObject({ status: 'EST01' });
    // The same question again is a replay.
    expect((await enviar(comunicacao('Mapfre', processo, 'O veículo tem chave?', 'COM-B'))).json()).toMatchObject({ status: 'ESTXX' });

    const staff = await entrarComoStaff(t.banco.db, [P.REMOCAO], { nome: 'Patrícia Remoção' });
    const lista = await t.app.pedir(H, `/v1/remocoes/${uid}/comunicacoes`, { headers: staff.bearer });
    const perguntas = lista.json<{ uid: string; codigo: string; texto: string; resposta: string | null }[]>();
    expect(perguntas.map((p) => [p.codigo, p.texto, p.resposta])).toEqual([
      ['COM-A', 'Qual a previsão de retirada?', null],
      ['COM-B', 'O veículo tem chave?', null],
    ]);
    const caminho = (c: string) => `/v1/remocoes/${uid}/comunicacoes/${c}/resposta`;

    const vazia = await t.app.pedir(H, caminho(perguntas[0].uid), { method: 'POST', headers: staff.bearer, corpo: { resposta: '  ' } });
    expect(vazia.status).toBe(400);
    expect(vazia.texto).toContain('Escreva a resposta à seguradora');

    // Two answers at once: one is taken, the other is told it was answered.
    const duas = await Promise.all(
      ['Retirada prevista para 01/12', 'Retirada em 02/12'].map((resposta) =>
        t.app.pedir(H, caminho(perguntas[0].uid), { method: 'POST', headers: staff.bearer, corpo: { resposta } }),
      ),
    );
    expect(duas.map((r) => r.status).sort()).toEqual([204, 409]);
    expect(duas.find((r) => r.status === 409)!.texto).toContain('Esta comunicação já foi respondida');

    // The screen answers the second one.
    const tela = await t.app.pedir(H, `/admin/remocao/${uid}`, { headers: { cookie: staff.cookie } });
    expect(tela.texto).toContain('O veículo tem chave?');
    expect(tela.texto).toContain('Resposta de Patrícia Remoção');
    const form = await t.app.pedir(H, `/admin/remocao/${uid}`, {
      method: 'POST',
      headers: { cookie: staff.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      corpo: new URLSearchParams({
        _acao: 'responder',
        comunicacao: perguntas[1].uid,
        resposta: 'Sim, a chave está no veículo',
      }).toString(),
    });
    expect(form.status).toBeLessThan(400);
    expect(form.texto).toContain('Resposta enviada à seguradora');

    const [rem] = await t.banco.db.select().from(remocao).where(eq(remocao.uid, uid));
    const guardadas = await t.banco.db.select().from(seguradoraComunicacao).where(eq(seguradoraComunicacao.remocaoId, rem.id));
    expect(guardadas.every((g) => g.resposta && g.respondidaPorId === staff.id)).toBe(true);
    await expect.poll(() => codigosDe(processo), { timeout: 15_000, interval: 200 }).toEqual(['S15', 'S15']);
    const respostas = recebidos
      .filter((r) => r.processId === processo)
      .map((r) => r.corpo.communication_request as { responseToCode: string; text: string; user: string });
    expect(respostas.map((r) => r.responseToCode).sort()).toEqual(['COM-A', 'COM-B']);
    expect(respostas.find((r) => r.responseToCode === 'COM-B')).toMatchObject({
      text: 'Sim, a chave está no veículo',
      user: 'Patrícia Remoção',
    });
    expect(recebidos.find((r) => r.processId === processo)!.corpo.type).toBe('communication_request');
  });

  it("another brand's staff cannot read nor answer a brand's questions", async () => {
    const processo = 'PERGUNTA-2';
    const uid = (await enviar(solicitacao('Mapfre', processo))).json<{ remocaoUid: string }>().remocaoUid;
    await enviar(comunicacao('Mapfre', processo, 'Pergunta privada', 'COM-P'));
    const [c] = await t.banco.db.select().from(seguradoraComunicacao).where(eq(seguradoraComunicacao.codigo, 'COM-P'));
    const outro = await entrarComoStaff(t.banco.db, [P.REMOCAO], { hotsiteId: 2 });
    const lista = await t.app.pedir('h2.localhost', `/v1/remocoes/${uid}/comunicacoes`, { headers: outro.bearer });
    expect(lista.json()).toEqual([]);
    const r = await t.app.pedir('h2.localhost', `/v1/remocoes/${uid}/comunicacoes/${c.uid}/resposta`, {
      method: 'POST',
      headers: outro.bearer,
      corpo: { resposta: 'intrusa' },
    });
    expect(r.status).toBe(404);
    const [depois] = await t.banco.db.select().from(seguradoraComunicacao).where(eq(seguradoraComunicacao.id, c.id));
    expect(depois.resposta).toBeNull();
  });
});
