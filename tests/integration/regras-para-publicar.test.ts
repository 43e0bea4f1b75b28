import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leiloeiro, patio } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarBancoDeTeste } from '../db';
import { diaUtilDaqui } from '../dia-util';
import { iniciarInstancia, type Instancia } from '../server';
import { entrarComoStaff } from '../staff';

/*
 * Issue #34 part 3 (decisions 198 and 229): the auction screen lists every auctioneer's rule beside the
 * release button, and the server refuses the release with the first failing rule's text, rule and article.
 */
let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let a: Instancia;
type Staff = Awaited<ReturnType<typeof entrarComoStaff>>;
let staff: Staff;
let patioId: number;
let leiloeiroId: number;
const H = 'h1.localhost';

beforeAll(async () => {
  banco = await criarBancoDeTeste();
  a = await iniciarInstancia({ database: banco });
  staff = await entrarComoStaff(banco.db, [P.LEILAO, P.MINIMOS_INCREMENTO], { nome: 'Operador de leilão' });
  [{ id: patioId }] = await banco.db.select({ id: patio.id }).from(patio).where(eq(patio.hotsiteId, 1)).limit(1);
  [{ id: leiloeiroId }] = await banco.db.select({ id: leiloeiro.id }).from(leiloeiro).where(eq(leiloeiro.hotsiteId, 1)).limit(1);
});
afterAll(async () => {
  await a?.close();
  await banco?.descartar();
});

const api = (metodo: string, caminho: string, corpo?: unknown) =>
  a.pedir(H, `/v1${caminho}`, { method: metodo, headers: staff.bearer, corpo });
const formulario = (campos: Record<string, string>) => ({
  method: 'POST',
  headers: { cookie: staff.cookie, 'content-type': 'application/x-www-form-urlencoded' },
  corpo: new URLSearchParams(campos).toString(),
});

/** The next Sunday at 14:00 in Brasília, at least 3 days ahead. */
function proximoDomingo() {
  for (let d = 3; d < 11; d++) {
    const iso = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    if (new Date(`${iso}T12:00:00Z`).getUTCDay() === 0) return new Date(`${iso}T14:00:00-03:00`).toISOString();
  }
  throw new Error('sem domingo');
}

let placa = 0;
async function leilaoComLote(extra: Record<string, unknown>, lote: Record<string, unknown> = {}) {
  const r = await api('POST', '/leiloes', {
    nome: 'Leilão das regras',
    modalidade: 'Online',
    leiloeiroId,
    dia: diaUtilDaqui(10),
    ...extra,
  });
  expect(r.status, r.texto).toBe(201);
  const { id } = r.json<{ id: number }>();
  const v = await api('POST', '/veiculos', {
    nome: 'Zeppelin Turbo 2.0',
    modelo: 'Zeppelin',
    veiculoTipoId: 1,
    marcaNome: 'Fiat',
    anoFabricacao: 2020,
    anoModelo: 2021,
    patioId,
    placa: `RGR${String(++placa).padStart(4, '0')}`,
  });
  expect(v.status, v.texto).toBe(201);
  const novo = await api('POST', `/leiloes/${id}/lotes`, {
    veiculoUid: v.json<{ uid: string }>().uid,
    minimo: 40_000_00,
    incremento: 500_00,
    tipo: 'Disputa',
    ...lote,
  });
  expect(novo.status, novo.texto).toBe(201);
  expect((await api('PUT', `/leiloes/${id}/situacao`, { situacao: 'CRIADO' })).status).toBe(200);
  return { id, loteId: novo.json<{ id: number }>().id };
}

describe('the auctioneer’s rules before publishing', () => {
  it('an auction on a Sunday without an auctioneer: the screen lists both failures, the release is refused with the rule and article', async () => {
    const { id } = await leilaoComLote({ dia: proximoDomingo(), leiloeiroId: null, porcentagemComissao: 400 });
    const tela = await a.pedir(H, `/admin/leilao/${id}`, { headers: { cookie: staff.cookie } });
    expect(tela.status).toBe(200);
    expect(tela.texto).toContain('Regras para publicar: 3 não atendidas');
    expect(tela.texto).toContain('o leilão não pode ser realizado em domingo');
    expect(tela.texto).toContain('Comissão do leiloeiro (Decreto 21.981/1932, art. 24, parágrafo único): 4% está abaixo do mínimo de 5%.');
    expect(tela.texto).toContain(
      'Leiloeiro matriculado (Decreto 21.981/1932, art. 1º): informe o leiloeiro e a matrícula na Junta Comercial.',
    );

    const pela = await a.pedir(H, `/admin/leilao/${id}`, formulario({ _acao: 'situacao', situacao: 'PRONTO' }));
    expect(pela.status).toBe(409);
    expect(pela.texto).toContain('Leilão não pode ser publicado: Dia do leilão (Decreto 21.981/1932)');
    expect(pela.texto).toContain('e mais 2 regras não atendidas');
    const api409 = await api('PUT', `/leiloes/${id}/situacao`, { situacao: 'PRONTO' });
    expect(api409.status).toBe(409);
    expect(api409.json<{ message: string }>().message).toMatch(/^Leilão não pode ser publicado: Dia do leilão \(Decreto 21\.981\/1932\)/);
    expect((await api('GET', `/leiloes/${id}`)).json()).toMatchObject({ situacao: 'CRIADO' });
  });

  it('a judicial auction needs its notice 5 days before and each lot’s floor; once given, it is published', async () => {
    const dia = diaUtilDaqui(10);
    const { id, loteId } = await leilaoComLote({ tipoOrigem: 'Judicial', dia });
    const recusa = await api('PUT', `/leiloes/${id}/situacao`, { situacao: 'PRONTO' });
    expect(recusa.status).toBe(409);
    expect(recusa.json<{ message: string }>().message).toContain('Publicação do edital (CPC, art. 887, § 1º)');
    let tela = await a.pedir(H, `/admin/leilao/${id}`, { headers: { cookie: staff.cookie } });
    expect(tela.texto).toContain('sem avaliação nem mínimo do juiz');

    // Notice 3 days before: still too late. Valuation 100.000: the floor is 50.000, above the 40.000 minimum.
    const tresDiasAntes = new Date(Date.parse(dia) - 3 * 86_400_000).toISOString().slice(0, 10);
    const salvo = await a.pedir(
      H,
      `/admin/leilao/${id}`,
      formulario({
        _acao: 'salvar',
        nome: 'Leilão das regras',
        dia: `${new Date(Date.parse(dia) - 3 * 3_600_000).toISOString().slice(0, 10)}T14:00`,
        porcentagemComissao: '5',
        tipoOrigem: 'Judicial',
        leiloeiroId: String(leiloeiroId),
        editalPublicadoEm: tresDiasAntes,
      }),
    );
    expect(salvo.status, salvo.texto.match(/role="alert"[^<]*>[^<]*/)?.[0]).toBe(200);
    expect((await api('PUT', `/leiloes/lotes/${loteId}`, { minimo: 40_000_00, incremento: 500_00, avaliacao: 100_000_00 })).status).toBe(
      200,
    );
    tela = await a.pedir(H, `/admin/leilao/${id}`, { headers: { cookie: staff.cookie } });
    expect(tela.texto).toContain('publicado 3 dia(s) antes; o mínimo é 5.');
    expect(tela.texto).toContain('abaixo do piso de R$');

    const dezDiasAntes = new Date(Date.parse(dia) - 10 * 86_400_000).toISOString();
    expect(
      (
        await api('PUT', `/leiloes/${id}`, {
          nome: 'Leilão das regras',
          dia,
          tipoOrigem: 'Judicial',
          leiloeiroId,
          editalPublicadoEm: dezDiasAntes,
        })
      ).status,
    ).toBe(200);
    expect((await api('PUT', `/leiloes/lotes/${loteId}`, { minimo: 50_000_00, incremento: 500_00 })).status).toBe(200);
    tela = await a.pedir(H, `/admin/leilao/${id}`, { headers: { cookie: staff.cookie } });
    expect(tela.texto).toContain('Regras para publicar: todas atendidas');
    const ok = await api('PUT', `/leiloes/${id}/situacao`, { situacao: 'PRONTO' });
    expect(ok.status, ok.texto).toBe(200);
    expect(ok.json()).toMatchObject({ situacao: 'PRONTO' });
  });

  it('bad input on the new fields is a pt-BR 400', async () => {
    const r = await api('POST', '/leiloes', { nome: 'Leilão ruim', dia: diaUtilDaqui(10), editalPublicadoEm: 'ontem' });
    expect(r.status).toBe(400);
    expect(r.texto).toContain('Data de publicação do edital inválida');
  });
});
