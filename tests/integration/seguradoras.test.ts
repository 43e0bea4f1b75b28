import { and, eq, sql } from 'drizzle-orm';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comitenteIntegracaoLog, patio, remocao, seguradoraEnvio, seguradoraEvento, veiculo } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { arquivos, assinado, atualizacaoDaSeguradora, comunicacao, reciboDaSeguradora, solicitacao } from '@scripts/seguradora/eventos';
import { SEGREDO_DEMO } from '@scripts/seed/remocoes';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/*
 * Issue #31, the insurers (decisions 171-174): the webhook's contract per payload, its signature and replay
 * window, idempotency by processId + event (sequential and parallel replays), and a whole claim from S01 to
 * the sale with every status update the insurer received, through msw standing in for the insurer.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';
const URL_MAPFRE = '/v1/integracao/mapfre/remocoes';
const SEGREDO = SEGREDO_DEMO('Mapfre');

/** What the mock insurer received: the event codes, each with a valid signature of ours. */
const recebidos: { codigo: string; assinaturaOk: boolean; processId: string }[] = [];
let resposta: (codigo: string) => Response = () => HttpResponse.json(reciboDaSeguradora());
const seguradora = setupServer(
  http.post('http://127.0.0.1:4799/:seguradora/status', async ({ request }) => {
    const corpo = await request.text();
    const ts = request.headers.get('x-seguradora-timestamp') ?? '';
    const esperada = `sha256=${createHmac('sha256', SEGREDO).update(`${ts}.${corpo}`).digest('hex')}`;
    const e = JSON.parse(corpo) as { event: { eventCode: string }; businessData: { processId: string } };
    recebidos.push({
      codigo: e.event.eventCode,
      assinaturaOk: request.headers.get('x-seguradora-assinatura') === esperada,
      processId: e.businessData.processId,
    });
    return resposta(e.event.eventCode);
  }),
);
beforeAll(() => seguradora.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => seguradora.close());

const enviar = (evento: unknown, { segredo = SEGREDO, agoraMs = Date.now(), caminho = URL_MAPFRE, host = H } = {}) => {
  const a = assinado(segredo, evento, agoraMs);
  return t.app.pedir(host, caminho, { method: 'POST', headers: a.headers, corpo: a.corpo });
};
const contar = async () => {
  const [c] = (
    await t.banco.db.execute(sql`SELECT (SELECT count(*) FROM remocao)::int AS r, (SELECT count(*) FROM veiculo)::int AS v,
      (SELECT count(*) FROM comitente_integracao_log)::int AS l, (SELECT count(*) FROM seguradora_evento)::int AS e`)
  ).rows as { r: number; v: number; l: number; e: number }[];
  return c;
};
const remocaoDoProcesso = async (processId: string) =>
  (
    await t.banco.db
      .select()
      .from(remocao)
      .where(and(eq(remocao.hotsiteId, 1), eq(remocao.processId, processId)))
  )[0];

describe('webhook: signature', () => {
  it.each([
    ['another secret', { segredo: 'outro-segredo' }],
    ['a timestamp 10 minutes old', { agoraMs: Date.now() - 600_000 }],
    ['a timestamp 10 minutes ahead', { agoraMs: Date.now() + 600_000 }],
  ])('%s: 401, nothing stored', async (_, o) => {
    const antes = await contar();
    const r = await enviar(solicitacao('Mapfre', 'ASSIN-1'), o);
    expect(r.status).toBe(401);
    expect(r.json<{ message: string }>().message).toBe('Assinatura inválida ou expirada');
    expect(await contar()).toEqual(antes);
  });

  it('no signature, or a body changed after signing: 401, nothing stored', async () => {
    const antes = await contar();
    const sem = await t.app.pedir(H, URL_MAPFRE, { method: 'POST', corpo: solicitacao('Mapfre', 'ASSIN-2') });
    expect(sem.status).toBe(401);
    const a = assinado(SEGREDO, solicitacao('Mapfre', 'ASSIN-3'));
    const mexido = await t.app.pedir(H, URL_MAPFRE, { method: 'POST', headers: a.headers, corpo: a.corpo.replace('Gol', 'Golf') });
    expect(mexido.status).toBe(401);
    expect(await contar()).toEqual(antes);
  });

  it("one insurer's secret does not open another's address", async () => {
    const r = await enviar(solicitacao('Bradesco', 'ASSIN-4'), { caminho: '/v1/integracao/bradesco/remocoes' });
    expect(r.status).toBe(401);
    const ok = await enviar(solicitacao('Bradesco', 'ASSIN-4'), {
      caminho: '/v1/integracao/bradesco/remocoes',
      segredo: SEGREDO_DEMO('Bradesco'),
    });
    expect(ok.status).toBe(200);
  });

  it('a brand without the integration answers 404 (the shop brand)', async () => {
    const r = await enviar(solicitacao('Mapfre', 'ASSIN-5'), { host: 'h2.localhost' });
    expect(r.status).toBe(404);
  });
});

describe('webhook: contract of each payload', () => {
  it('S01 (removal) creates the vehicle out of stock and the removal, EST02, logged as Recebido', async () => {
    const r = await enviar(solicitacao('Mapfre', 'CONTRATO-1', { placa: 'RMV1A23' }));
    expect(r.status, r.texto).toBe(200);
    const recibo = r.json<{ status: string; message: string; remocaoUid: string }>();
    expect(recibo).toMatchObject({ status: 'EST02', message: 'Evento processado com sucesso', processId: 'CONTRATO-1', eventCode: 'S01' });
    const rem = await remocaoDoProcesso('CONTRATO-1');
    expect(rem).toMatchObject({
      uid: recibo.remocaoUid,
      situacao: 'SOLICITADA',
      integradora: 'Mapfre',
      protocolo: expect.stringMatching(/^REM-/),
      etapa: 'S01',
    });
    expect(rem.localRemocao).toContain('Oficina Mecânica São Jorge — Rua Voluntários da Pátria, 1520');
    const [v] = await t.banco.db.select().from(veiculo).where(eq(veiculo.id, rem.veiculoId));
    expect(v).toMatchObject({ placa: 'RMV1A23', nome: 'Volkswagen Gol 1.0 MPI', anoModelo: 2021, patioId: null, sinistro: true });
    const staff = await entrarComoStaff(t.banco.db, [P.REMOCAO]);
    const tela = await t.app.pedir(H, `/admin/remocao/${rem.uid}`, { headers: { cookie: staff.cookie } });
    expect(tela.texto).toContain('Recebido');
    expect(tela.texto).toContain('Evento processado com sucesso');
  });

  it.each([
    ['no eventCode', { 'event.eventCode': undefined }, 'event.eventCode'],
    ['an unknown code', { 'event.eventCode': 'S99' }, 'eventCode deve ser de S01 a S17'],
    ['no processId', { 'businessData.processId': undefined }, 'businessData.processId'],
    ['an empty claimId', { 'businessData.removal.claimId': '' }, 'businessData.removal.claimId: não pode ser vazio'],
    [
      'no plate nor chassis',
      { 'businessData.removal.vehicle.plate': undefined, 'businessData.removal.vehicle.chassis': undefined },
      'informe a placa ou o chassi',
    ],
    ['the pick-up without address', { 'businessData.removal.pickUpLocation.address': undefined }, 'pickUpLocation.address'],
    ['type removal without the removal object', { 'businessData.removal': undefined }, 'o objeto removal é obrigatório'],
    ['a sender without id', { 'businessData.sender.id': undefined }, 'businessData.sender.id'],
  ])('%s: 422 EST03 with the error, logged, nothing created', async (_, mudancas: Record<string, unknown>, erro) => {
    const e = solicitacao('Mapfre', `CONTRATO-X-${erro.length}-${Math.random()}`);
    // Each change: a field's path and its new value (undefined: the field is removed).
    for (const [caminho, valor] of Object.entries(mudancas)) {
      const partes = caminho.split('.');
      const pai = partes
        .slice(0, -1)
        .reduce<Record<string, unknown>>((o, k) => o[k] as Record<string, unknown>, e as unknown as Record<string, unknown>);
      if (valor === undefined) delete pai[partes.at(-1)!];
      else pai[partes.at(-1)!] = valor;
    }
    const antes = await contar();
    const r = await enviar(e);
    expect(r.status).toBe(422);
    const recibo = r.json<{ status: string; errors: string[] }>();
    expect(recibo.status).toBe('EST03');
    expect(recibo.errors.join(' | ')).toContain(erro);
    const depois = await contar();
    expect(depois).toEqual({ ...antes, l: antes.l + 1 });
  });

  it('an event we send (S03) is refused when received; S14 communication is EST01; S16 files EST02; S08 authorises', async () => {
    await enviar(solicitacao('Mapfre', 'CONTRATO-2'));
    const s03 = await enviar({
      ...atualizacaoDaSeguradora('Mapfre', 'CONTRATO-2', 'S08', 'x'),
      event: { eventCode: 'S03', eventName: 'Remoção agendada' },
    });
    expect(s03.status).toBe(422);
    expect(s03.json<{ errors: string[] }>().errors).toEqual(['O evento S03 é enviado pelo pátio, não recebido']);
    const s14 = await enviar(comunicacao('Mapfre', 'CONTRATO-2', 'Qual a previsão de retirada?'));
    expect(s14.status).toBe(202);
    expect(s14.json()).toMatchObject({ status: 'EST01' });
    const s16 = await enviar(arquivos('Mapfre', 'CONTRATO-2'));
    expect(s16.json()).toMatchObject({ status: 'EST02' });
    const s08 = await enviar(atualizacaoDaSeguradora('Mapfre', 'CONTRATO-2', 'S08', 'Venda autorizada pelo analista'));
    expect(s08.json()).toMatchObject({ status: 'EST02' });
    const rem = await remocaoDoProcesso('CONTRATO-2');
    expect(rem.autorizadoAt).not.toBeNull();
    expect(rem.autorizadoPor).toBe('Mapfre Seguros Gerais S.A.');
    const semRemocao = await enviar(atualizacaoDaSeguradora('Mapfre', 'NAO-EXISTE', 'S08', 'x'));
    expect(semRemocao.json<{ errors: string[] }>().errors).toEqual(['Nenhuma remoção desta seguradora com o processId informado']);
  });

  it('S09 cancels a requested removal; once in transit it is refused (EST03) and may be sent again', async () => {
    await enviar(solicitacao('Mapfre', 'CANCELA-1'));
    const r = await enviar(atualizacaoDaSeguradora('Mapfre', 'CANCELA-1', 'S09', 'Segurado recuperou o veículo'));
    expect(r.json()).toMatchObject({ status: 'EST02' });
    expect(await remocaoDoProcesso('CANCELA-1')).toMatchObject({
      situacao: 'CANCELADA',
      motivoCancelamento: 'Segurado recuperou o veículo',
      canceladoPor: 'Mapfre Seguros Gerais S.A.',
    });
    await enviar(solicitacao('Mapfre', 'CANCELA-2'));
    await t.banco.db.update(remocao).set({ situacao: 'EM_TRANSITO' }).where(eq(remocao.processId, 'CANCELA-2'));
    const tarde = await enviar(atualizacaoDaSeguradora('Mapfre', 'CANCELA-2', 'S09', 'Desistência'));
    expect(tarde.status).toBe(422);
    expect(tarde.json<{ errors: string[] }>().errors).toEqual(['A remoção já saiu do local de retirada e não pode ser cancelada']);
    // The refusal did not take the key: after fixing on their side, the same event is processed.
    await t.banco.db.update(remocao).set({ situacao: 'AGENDADA' }).where(eq(remocao.processId, 'CANCELA-2'));
    expect((await enviar(atualizacaoDaSeguradora('Mapfre', 'CANCELA-2', 'S09', 'Desistência'))).json()).toMatchObject({ status: 'EST02' });
  });
});

describe('webhook: idempotent by processId and event', () => {
  it('a replay answers ESTXX and creates nothing', async () => {
    const evento = solicitacao('Mapfre', 'REPLAY-1');
    expect((await enviar(evento)).json()).toMatchObject({ status: 'EST02' });
    const antes = await contar();
    const de_novo = await enviar(evento);
    expect(de_novo.status).toBe(200);
    expect(de_novo.json()).toMatchObject({ status: 'ESTXX', message: 'Evento já processado' });
    const depois = await contar();
    expect(depois).toEqual({ ...antes, l: antes.l + 1 });
  });

  it('twelve parallel deliveries of one new event: one EST02, eleven ESTXX, one removal, one vehicle', async () => {
    const evento = solicitacao('Mapfre', 'PARALELO-1');
    const antes = await contar();
    const respostas = await Promise.all(Array.from({ length: 12 }, () => enviar(evento)));
    const status = respostas.map((r) => r.json<{ status: string }>().status).sort();
    expect(status).toEqual(['EST02', ...Array(11).fill('ESTXX')]);
    const depois = await contar();
    expect(depois.r - antes.r).toBe(1);
    expect(depois.v - antes.v).toBe(1);
    expect(depois.e - antes.e).toBe(1);
  });
});

describe('a whole claim, S01 to the sale', () => {
  it('every status sent back, signed, in order; the vehicle enters stock on arrival', async () => {
    recebidos.length = 0;
    resposta = () => HttpResponse.json(reciboDaSeguradora());
    const staff = await entrarComoStaff(t.banco.db, [P.REMOCAO]);
    const api = (metodo: string, caminho: string, corpo?: unknown) =>
      t.app.pedir(H, `/v1${caminho}`, { method: metodo, headers: staff.bearer, corpo });
    const [destino] = await t.banco.db.select().from(patio).where(eq(patio.hotsiteId, 1)).orderBy(patio.id).limit(1);

    const s01 = await enviar(solicitacao('Mapfre', 'SINISTRO-COMPLETO', { patio: destino.nome }));
    const uid = s01.json<{ remocaoUid: string }>().remocaoUid;
    expect((await remocaoDoProcesso('SINISTRO-COMPLETO')).patioId).toBe(destino.id);

    expect((await api('POST', `/remocoes/${uid}/confirmar`)).status).toBe(204);
    expect((await api('POST', `/remocoes/${uid}/confirmar`)).status).toBe(409);
    const [transportadora] = await (await api('GET', '/remocoes/consulta/transportadoras')).json<{ nome: string }[]>();
    await t.banco.db
      .update(remocao)
      .set({ diaInicioPrevisto: '2026-12-01', transportadora: transportadora.nome })
      .where(eq(remocao.uid, uid));
    for (const situacao of ['AGENDADA', 'EM_TRANSITO', 'CONCLUIDA'])
      expect((await api('PUT', `/remocoes/${uid}/situacao`, { situacao })).status).toBe(204);
    const rem = await remocaoDoProcesso('SINISTRO-COMPLETO');
    const [v] = await t.banco.db.select().from(veiculo).where(eq(veiculo.id, rem.veiculoId));
    expect(v.patioId).toBe(destino.id);

    for (const codigo of ['S06', 'S07', 'S10']) expect((await api('POST', `/remocoes/${uid}/etapas`, { codigo })).status).toBe(204);
    const cedo = await api('POST', `/remocoes/${uid}/etapas`, { codigo: 'S11' });
    expect(cedo.status).toBe(409);
    expect(cedo.json<{ message: string }>().message).toBe('A seguradora ainda não autorizou a venda deste veículo (S08)');
    expect((await enviar(atualizacaoDaSeguradora('Mapfre', 'SINISTRO-COMPLETO', 'S08', 'Venda autorizada'))).json()).toMatchObject({
      status: 'EST02',
    });
    for (const codigo of ['S11', 'S12', 'S13', 'S17']) expect((await api('POST', `/remocoes/${uid}/etapas`, { codigo })).status).toBe(204);
    const voltar = await api('POST', `/remocoes/${uid}/etapas`, { codigo: 'S06' });
    expect(voltar.status).toBe(409);

    // The instance's sender (every 2 s in tests' default) delivers them; wait for all eleven.
    const esperados = ['S02', 'S03', 'S04', 'S05', 'S06', 'S07', 'S10', 'S11', 'S12', 'S13', 'S17'];
    await expect
      .poll(() => recebidos.filter((r) => r.processId === 'SINISTRO-COMPLETO').length, { timeout: 20_000, interval: 200 })
      .toBe(esperados.length);
    const meus = recebidos.filter((r) => r.processId === 'SINISTRO-COMPLETO');
    expect(meus.map((r) => r.codigo)).toEqual(esperados);
    expect(meus.every((r) => r.assinaturaOk)).toBe(true);
    // The row is marked after the answer is read: wait for the last one too.
    await expect
      .poll(
        async () => (await t.banco.db.select().from(seguradoraEnvio).where(eq(seguradoraEnvio.remocaoId, rem.id))).map((e) => e.situacao),
        {
          timeout: 5_000,
          interval: 100,
        },
      )
      .toEqual(Array(esperados.length).fill('enviado'));
    const enviados = await t.banco.db
      .select()
      .from(comitenteIntegracaoLog)
      .where(and(eq(comitenteIntegracaoLog.remocaoId, rem.id), eq(comitenteIntegracaoLog.tipo, 'api')));
    expect(enviados).toHaveLength(esperados.length);
    const [evento] = await t.banco.db.select().from(seguradoraEvento).where(eq(seguradoraEvento.processId, 'SINISTRO-COMPLETO')).limit(1);
    expect(evento.recibo).toBe('EST02');
  });

  it('NOT_PROCESSED is an error shown as "Erro Mapfre: …" and not retried; a 503 is retried later', async () => {
    recebidos.length = 0;
    resposta = (codigo) =>
      codigo === 'S02'
        ? HttpResponse.json(reciboDaSeguradora(['Processo encerrado na seguradora']), { status: 422 })
        : new HttpResponse(null, { status: 503 });
    const staff = await entrarComoStaff(t.banco.db, [P.REMOCAO]);
    const s01 = await enviar(solicitacao('Mapfre', 'RECUSA-1'));
    const uid = s01.json<{ remocaoUid: string }>().remocaoUid;
    await t.app.pedir(H, `/v1/remocoes/${uid}/confirmar`, { method: 'POST', headers: staff.bearer });
    await t.app.pedir(H, `/v1/remocoes/${uid}/situacao`, {
      method: 'PUT',
      headers: staff.bearer,
      corpo: { situacao: 'CANCELADA', motivo: 'Duplicada' },
    });
    const rem = await remocaoDoProcesso('RECUSA-1');
    await expect
      .poll(
        async () =>
          (await t.banco.db.select().from(seguradoraEnvio).where(eq(seguradoraEnvio.remocaoId, rem.id)))
            .map((e) => `${e.eventCode}:${e.situacao}:${e.tentativas}`)
            .sort(),
        {
          timeout: 15_000,
          interval: 200,
        },
      )
      .toEqual(['S02:recusado:1', 'S09:pendente:1']);
    const [s09] = await t.banco.db
      .select()
      .from(seguradoraEnvio)
      .where(and(eq(seguradoraEnvio.remocaoId, rem.id), eq(seguradoraEnvio.eventCode, 'S09')));
    // Backoff: the next try is about 30 s away.
    expect(s09.proximaEm.getTime() - Date.now()).toBeGreaterThan(20_000);
    const tela = await t.app.pedir(H, `/admin/remocao/${uid}`, { headers: { cookie: staff.cookie } });
    expect(tela.texto).toContain('Erro Mapfre: Processo encerrado na seguradora');
    expect(tela.texto).toContain('Enviado');
  });
});
