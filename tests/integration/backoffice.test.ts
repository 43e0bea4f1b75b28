import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comitente, leilaoLote, leiloeiro, lote, loteFoto, patio, usuarioComitente, veiculo } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { createMemoryBus } from '~/realtime/bus.server';
import { criarBancoDeTeste } from '../db';
import { iniciarInstancia, type Instancia } from '../server';
import { entrarComoStaff } from '../staff';
import { conectarWs } from '../ws';
import { diaUtilDaqui } from '../dia-util';

/*
 * Issue #13: staff run auctions, lots and vehicles; every save reaches the public site (lot API,
 * search index, realtime on another instance). One database, two instances on one bus.
 */
let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let a: Instancia;
let b: Instancia;
const bus = createMemoryBus();
type Staff = Awaited<ReturnType<typeof entrarComoStaff>>;
let leiloeiroStaff: Staff;
let minimos: Staff;
let sac: Staff;
let adm: Staff;
let patioId: number;
let leiloeiroId: number;
const H = 'h1.localhost';

beforeAll(async () => {
  banco = await criarBancoDeTeste();
  a = await iniciarInstancia({ database: banco, bus });
  b = await iniciarInstancia({ database: banco, bus });
  leiloeiroStaff = await entrarComoStaff(banco.db, [P.LEILAO], { nome: 'Operador de leilão' });
  minimos = await entrarComoStaff(banco.db, [P.LEILAO, P.MINIMOS_INCREMENTO]);
  sac = await entrarComoStaff(banco.db, [P.SAC]);
  adm = await entrarComoStaff(banco.db, [P.ADM]);
  [{ id: patioId }] = await banco.db.select({ id: patio.id }).from(patio).where(eq(patio.hotsiteId, 1)).limit(1);
  [{ id: leiloeiroId }] = await banco.db.select({ id: leiloeiro.id }).from(leiloeiro).where(eq(leiloeiro.hotsiteId, 1)).limit(1);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await banco?.descartar();
});

// A working day a week ahead: the release checks the auctioneer's rules (no Sundays or holidays).
const emUmaSemana = () => diaUtilDaqui(7);
const api = (app: Instancia, s: Staff, metodo: string, caminho: string, corpo?: unknown) =>
  app.pedir(H, `/v1${caminho}`, { method: metodo, headers: s.bearer, corpo });

async function novoLeilao(nome = 'Leilão Backoffice') {
  const r = await api(a, leiloeiroStaff, 'POST', '/leiloes', {
    nome,
    dia: emUmaSemana(),
    modalidade: 'Online',
    intervaloEntreLotesSegundos: 60,
    leiloeiroId,
  });
  expect(r.status).toBe(201);
  return r.json<{ id: number; uid: string }>();
}
async function novoVeiculo(extra: Record<string, unknown> = {}) {
  const r = await api(a, leiloeiroStaff, 'POST', '/veiculos', {
    nome: 'Zeppelin Turbo 2.0',
    modelo: 'Zeppelin',
    veiculoTipoId: 1,
    marcaNome: 'Fiat',
    anoFabricacao: 2020,
    anoModelo: 2021,
    patioId,
    ...extra,
  });
  expect(r.status, r.texto).toBe(201);
  return r.json<{ id: number; uid: string }>();
}

describe('auctions through the API', () => {
  it('Interno - Leilão creates and edits an auction; the list pages with a count header; other roles are refused in pt-BR', async () => {
    const { id, uid } = await novoLeilao('Leilão Frota Teste');
    expect(uid).toMatch(/^[0-9a-f-]{36}$/);
    const completo = (await api(a, leiloeiroStaff, 'GET', `/leiloes/${id}`)).json<Record<string, unknown>>();
    expect(completo).toMatchObject({
      id,
      nome: 'Leilão Frota Teste',
      situacao: 'EM_LOTEAMENTO',
      intervaloEntreLotesSegundos: 60,
      leiloesLotes: [],
    });

    const put = await api(a, leiloeiroStaff, 'PUT', `/leiloes/${id}`, {
      nome: 'Leilão Frota Teste - 01/12/2026',
      dia: emUmaSemana(),
      cupons: [{ codigo: 'FROTA10', descontoPorcentagem: 1000 }],
      localRealizacao: { nome: 'Pátio Central', cidade: 'São Paulo' },
    });
    expect(put.status).toBe(200);
    expect(put.json<Record<string, unknown>>()).toMatchObject({ nomeSemData: 'Leilão Frota Teste', cupons: [{ codigo: 'FROTA10' }] });

    const lista = await api(a, leiloeiroStaff, 'GET', '/leiloes/qb?nome=Frota%20Teste&porPagina=5');
    expect(lista.status).toBe(200);
    expect(lista.headers.count).toBe('1');
    expect(lista.json<{ id: number }[]>().map((l) => l.id)).toEqual([id]);
    // A seeded auction with lots counts them (the count once read the link's own id and said 0).
    const seeded = await api(a, leiloeiroStaff, 'GET', '/leiloes/qb?porPagina=50');
    const contagens = seeded.json<{ quantidadeLotes: number }[]>().map((l) => l.quantidadeLotes);
    expect(Math.max(...contagens)).toBeGreaterThan(0);

    const semPapel = await api(a, sac, 'POST', '/leiloes', { nome: 'x', dia: emUmaSemana() });
    expect(semPapel.status).toBe(403);
    expect(semPapel.json()).toMatchObject({ statusCode: 403, message: expect.stringContaining('Interno - Leilão') });
    const anonimo = await a.pedir(H, '/v1/leiloes/qb');
    expect(anonimo.status).toBe(401);
    expect(anonimo.json()).toMatchObject({ message: 'Efetuar login para acessar esta página', statusCode: 401 });

    const invalido = await api(a, leiloeiroStaff, 'POST', '/leiloes', { nome: '', dia: 'amanhã', modalidade: 'Por carta' });
    expect(invalido.status).toBe(400);
    const erro = invalido.json<{ erros: Record<string, string[]> }>();
    expect(erro.erros.dia).toEqual(['Informe a data e hora do leilão']);
    expect(erro.erros.modalidade[0]).toContain('Modalidade inválida');
  });

  it('another brand never sees the auction', async () => {
    const { id } = await novoLeilao();
    const outro = await entrarComoStaff(banco.db, [P.ADM], { hotsiteId: 14 });
    const r = await b.pedir('h14.localhost', `/v1/leiloes/${id}`, { headers: outro.bearer });
    expect(r.status).toBe(404);
    expect(r.json()).toMatchObject({ message: 'Leilão não encontrado' });
  });

  it('the situation follows the flow; release puts the lots on the public site and in the search index', async () => {
    const { id } = await novoLeilao();
    const v = await novoVeiculo({ placa: 'ZEP1A23' });
    const cedo = await api(a, leiloeiroStaff, 'PUT', `/leiloes/${id}/situacao`, { situacao: 'PRONTO' });
    expect(cedo.status).toBe(409);
    expect(cedo.json()).toMatchObject({ message: 'Não é possível passar o leilão de Em loteamento para Pronto' });

    const novo = await api(a, leiloeiroStaff, 'POST', `/leiloes/${id}/lotes`, {
      veiculoUid: v.uid,
      minimo: 20_000_00,
      incremento: 500_00,
      valorComitente: 25_000_00,
      tipo: 'Disputa',
    });
    expect(novo.status, novo.texto).toBe(201);
    const { id: loteId } = novo.json<{ id: number }>();
    expect((await a.pedir(H, `/v1/lote/by-id/${loteId}`)).json()).toMatchObject({ situacao: 'CADASTRADO' }); // not released yet

    expect((await api(a, leiloeiroStaff, 'PUT', `/leiloes/${id}/situacao`, { situacao: 'CRIADO' })).status).toBe(200);
    const liberar = await api(a, leiloeiroStaff, 'PUT', `/leiloes/${id}/situacao`, { situacao: 'PRONTO' });
    expect(liberar.json()).toMatchObject({ situacao: 'PRONTO', lotesAlterados: 1 });

    const publico = await b.pedir(H, `/v1/lote/by-id/${loteId}`);
    expect(publico.status).toBe(200);
    expect(publico.json<{ situacao: string; valor: { minimo: number } }>()).toMatchObject({
      situacao: 'LIBERADO_LEILAO',
      valor: { minimo: 20_000_00 },
    });
    expect(publico.texto).not.toContain('25000'); // the seller's value stays private

    // The search index of the other instance follows the change feed.
    let achados: { id: number }[] = [];
    for (let i = 0; i < 40 && !achados.some((l) => l.id === loteId); i++) {
      await new Promise((r) => setTimeout(r, 250));
      achados = (
        await b.pedir(H, '/v1/lote/busca-elastic', {
          corpo: { from: 0, size: 50, requisicoesBusca: [{ campo: 'modelo', valores: ['Zeppelin'] }] },
        })
      ).json();
    }
    expect(achados.map((l) => l.id)).toContain(loteId);

    const byLote = await api(a, leiloeiroStaff, 'GET', `/leiloes/by-lote/${loteId}`);
    expect(byLote.json()).toMatchObject({
      id,
      situacao: 'PRONTO',
      leiloesLotes: [{ loteId, situacao: 'LIBERADO_LEILAO', ordemLeilao: 1 }],
    });
    const lotes = await api(a, leiloeiroStaff, 'GET', `/leiloes/lotes/qb?leilaoId=${id}&situacao=LIBERADO_LEILAO`);
    expect(lotes.headers.count).toBe('1');
  });
});

describe('lots: values, roles, cancelling, realtime on every instance', () => {
  it('minimum of a released lot changes only with "Alteração de Minimos e Incremento"; a watcher on the other instance sees it', async () => {
    const { id } = await novoLeilao();
    const v = await novoVeiculo({ chassi: '9BWZZZ377VT004251' });
    const { id: loteId } = (
      await api(a, leiloeiroStaff, 'POST', `/leiloes/${id}/lotes`, { veiculoUid: v.uid, minimo: 10_000_00, incremento: 200_00 })
    ).json<{
      id: number;
    }>();
    // Before release anyone who edits lots may change the minimum.
    expect((await api(a, leiloeiroStaff, 'PUT', `/leiloes/lotes/${loteId}`, { minimo: 11_000_00, incremento: 200_00 })).status).toBe(200);
    await api(a, leiloeiroStaff, 'PUT', `/leiloes/${id}/situacao`, { situacao: 'CRIADO' });
    await api(a, leiloeiroStaff, 'PUT', `/leiloes/${id}/situacao`, { situacao: 'PRONTO' });

    const watcher = await conectarWs(b.port, H);
    watcher.enviar({ event: 'conectar-lances-lote', data: { veiUid: v.uid } });
    await watcher.esperar('sala-conectada');

    const recusado = await api(a, leiloeiroStaff, 'PUT', `/leiloes/lotes/${loteId}`, { minimo: 9_000_00, incremento: 200_00 });
    expect(recusado.status).toBe(403);
    expect(recusado.json()).toMatchObject({
      message: 'Alterar mínimo ou incremento de lote liberado exige o papel Interno - Alteração de Minimos e Incremento',
    });
    // Other values still change without the role.
    expect(
      (await api(a, leiloeiroStaff, 'PUT', `/leiloes/lotes/${loteId}`, { minimo: 11_000_00, incremento: 200_00, despachante: 300_00 }))
        .status,
    ).toBe(200);

    const aceito = await api(a, minimos, 'PUT', `/leiloes/lotes/${loteId}`, { minimo: 9_000_00, incremento: 300_00 });
    expect(aceito.status).toBe(200);
    expect(aceito.json()).toMatchObject({ minimo: 9_000_00, incremento: 300_00, despachante: 0 });
    const evento = await watcher.esperar('on-elastic-response', (d) => (d.valor as { atual: number } | undefined)?.atual === 9_000_00);
    expect(evento.data).toMatchObject({
      loteId,
      situacao: 'LIBERADO_LEILAO',
      valor: { atual: 9_000_00, proximo: 9_000_00, incremento: 300_00 },
    });
    watcher.fechar();
  });

  it('a lot is cancelled only with a reason, kept on the lot and its auction link', async () => {
    const { id } = await novoLeilao();
    const v = await novoVeiculo({ placa: 'CAN2B34' });
    const { id: loteId } = (
      await api(a, leiloeiroStaff, 'POST', `/leiloes/${id}/lotes`, { veiculoUid: v.uid, minimo: 5_000_00, incremento: 100_00 })
    ).json<{
      id: number;
    }>();
    const semMotivo = await api(a, leiloeiroStaff, 'PUT', `/leiloes/lotes/${loteId}/situacao`, { situacao: 'LOTE_CANCELADO' });
    expect(semMotivo.status).toBe(409);
    expect(semMotivo.json()).toMatchObject({ message: 'Informe o motivo do cancelamento' });
    const fora = await api(a, leiloeiroStaff, 'PUT', `/leiloes/lotes/${loteId}/situacao`, { situacao: 'PAGO' });
    expect(fora.json()).toMatchObject({ message: 'Não é possível passar o lote de CADASTRADO para PAGO' });
    const ok = await api(a, leiloeiroStaff, 'PUT', `/leiloes/lotes/${loteId}/situacao`, {
      situacao: 'LOTE_CANCELADO',
      motivo: 'Veículo devolvido ao comitente',
    });
    expect(ok.status).toBe(200);
    const [l] = await banco.db.select().from(lote).where(eq(lote.id, loteId));
    expect(l).toMatchObject({ situacao: 'LOTE_CANCELADO', motivoCancelamento: 'Veículo devolvido ao comitente' });
    const [ll] = await banco.db.select().from(leilaoLote).where(eq(leilaoLote.loteId, loteId));
    expect(ll.situacao).toBe('LOTE_CANCELADO');
  });
});

describe('vehicles and the bulk import', () => {
  it('a seller user sees only their sellers’ vehicles; a plate or chassis is unique in the brand', async () => {
    const [c1, c2] = await banco.db.select({ id: comitente.id }).from(comitente).where(eq(comitente.hotsiteId, 1)).limit(2);
    const vendedor = await entrarComoStaff(banco.db, [P.COMITENTE]);
    await banco.db.insert(usuarioComitente).values({ hotsiteId: 1, usuarioId: vendedor.id, comitenteId: c1.id });
    const meu = await novoVeiculo({ placa: 'MEU1C11', comitenteId: c1.id });
    const alheio = await novoVeiculo({ placa: 'OUT1C22', comitenteId: c2.id });
    const lista = (await api(a, vendedor, 'GET', '/veiculos/qb?busca=Zeppelin&porPagina=200')).json<{ uid: string }[]>();
    expect(lista.map((x) => x.uid)).toContain(meu.uid);
    expect(lista.map((x) => x.uid)).not.toContain(alheio.uid);
    expect((await api(a, vendedor, 'GET', `/veiculos/${alheio.uid}`)).status).toBe(404);
    const outro = await api(a, vendedor, 'POST', '/veiculos', {
      nome: 'Xis',
      modelo: 'X',
      veiculoTipoId: 1,
      comitenteId: c2.id,
      placa: 'XXX1D11',
    });
    expect(outro.json()).toMatchObject({ statusCode: 400, message: 'Comitente não encontrado' });

    const repetida = await api(a, adm, 'POST', '/veiculos', { nome: 'Ypsilon', modelo: 'Y', veiculoTipoId: 1, placa: 'meu-1c11' });
    expect(repetida.status).toBe(409);
    expect(repetida.json()).toMatchObject({ message: 'Já existe um veículo com esta placa' });
    const put = await api(a, adm, 'PUT', `/veiculos/${meu.uid}`, {
      nome: 'Zeppelin GT',
      modelo: 'Zeppelin',
      veiculoTipoId: 1,
      placa: 'MEU1C11',
      cor: 'Azul',
    });
    expect(put.status).toBe(200);
  });

  it('imports rows with a pt-BR error per bad row, and a re-run updates instead of duplicating', async () => {
    const { id } = await novoLeilao('Leilão Importado');
    const linhas = [
      {
        Tipo: 'Automóvel',
        Marca: 'Volkswagen',
        Modelo: 'Importado',
        Versao: '1.0',
        Placa: 'IMP1A01',
        Minimo: '12.000,00',
        Incremento: '200',
        Patio: '',
      },
      { Tipo: 'Automóvel', Marca: 'Volkswagen', Modelo: 'Importado', Chassi: '9BWAA05U5AP123456', Minimo: '8000', Incremento: '100' },
      { Tipo: 'Disco voador', Modelo: 'Importado', Placa: 'IMP1A03', Minimo: '1000', Incremento: '10' },
      { Tipo: 'Automóvel', Modelo: 'Importado', Placa: 'IMP', Minimo: '1000', Incremento: '10' },
    ];
    const previa = await api(a, leiloeiroStaff, 'POST', `/leiloes/${id}/importacao`, { linhas, apenasValidar: true });
    expect(previa.json()).toMatchObject({
      validas: 2,
      criados: 0,
      erros: [
        { linha: 3, erros: ['Tipo de veículo desconhecido: Disco voador'] },
        { linha: 4, erros: ['Placa inválida: use AAA9999 ou AAA9A99'] },
      ],
    });
    const primeira = await api(a, leiloeiroStaff, 'POST', `/leiloes/${id}/importacao`, { linhas });
    expect(primeira.json()).toMatchObject({ validas: 2, criados: 2, atualizados: 0 });
    linhas[0].Minimo = '13.000,00';
    const segunda = await api(a, leiloeiroStaff, 'POST', `/leiloes/${id}/importacao`, { linhas });
    expect(segunda.json()).toMatchObject({ criados: 0, atualizados: 2 });
    const veiculos = await banco.db
      .select()
      .from(veiculo)
      .where(and(eq(veiculo.hotsiteId, 1), eq(veiculo.modelo, 'Importado')));
    expect(veiculos).toHaveLength(2);
    const lotes = (await api(a, leiloeiroStaff, 'GET', `/leiloes/lotes/qb?leilaoId=${id}`)).json<
      { placa: string; minimo: number; numero: string }[]
    >();
    expect(lotes.map((l) => [l.numero, l.minimo])).toEqual([
      ['001', 13_000_00],
      ['002', 8_000_00],
    ]);
  });
});

describe('screens', () => {
  const formulario = (s: Staff, campos: Record<string, string>) => ({
    method: 'POST',
    headers: { cookie: s.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    corpo: new URLSearchParams(campos).toString(),
  });

  it('the menu shows the back office to its roles; the auction form creates and releases; others get 403', async () => {
    const inicio = await a.pedir(H, '/admin', { headers: { cookie: leiloeiroStaff.cookie } });
    expect(inicio.texto).toContain('href="/admin/leiloes"');
    expect(inicio.texto).toContain('href="/admin/veiculos"');
    expect((await a.pedir(H, '/admin', { headers: { cookie: sac.cookie } })).texto).not.toContain('href="/admin/leiloes"');
    const negado = await a.pedir(H, '/admin/leiloes', { headers: { cookie: sac.cookie } });
    expect(negado.status).toBe(403);

    const criado = await a.pedir(
      H,
      '/admin/leilao',
      formulario(leiloeiroStaff, { _acao: 'salvar', nome: 'Leilão pela tela', dia: '2030-05-10T14:00', porcentagemComissao: '5,5' }),
    );
    expect(criado.status).toBe(302);
    const caminho = criado.headers.location as string;
    const id = Number(caminho.split('/').pop());
    const l = (await api(a, leiloeiroStaff, 'GET', `/leiloes/${id}`)).json<{ dia: string; porcentagemComissao: number }>();
    expect(l).toMatchObject({ dia: '2030-05-10T17:00:00.000Z', porcentagemComissao: 550 });

    const erro = await a.pedir(
      H,
      caminho,
      formulario(leiloeiroStaff, { _acao: 'salvar', nome: 'Leilão pela tela', dia: '', intervaloEntreLotesSegundos: '0' }),
    );
    expect(erro.status).toBe(400);
    expect(erro.texto).toContain('Intervalo entre lotes deve estar entre 1 e 86.400 segundos');

    const lista = await a.pedir(H, '/admin/leiloes?nome=pela%20tela', { headers: { cookie: leiloeiroStaff.cookie } });
    expect(lista.texto).toContain('Leilão pela tela');
    const situacao = await a.pedir(H, caminho, formulario(leiloeiroStaff, { _acao: 'situacao', situacao: 'PRONTO' }));
    expect(situacao.status).toBe(409);
    expect(situacao.texto).toContain('Não é possível passar o leilão de Em loteamento para Pronto');
  });

  it('photos: many at once, stored as WebP with a thumbnail, reordered, cover; the lot page shows them', async () => {
    const { id } = await novoLeilao();
    const v = await novoVeiculo({ placa: 'FOT0A01' });
    const { id: loteId } = (
      await api(a, leiloeiroStaff, 'POST', `/leiloes/${id}/lotes`, { veiculoUid: v.uid, minimo: 1_000_00, incremento: 50_00 })
    ).json<{
      id: number;
    }>();
    const png = (r: number) =>
      sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r, g: 80, b: 80 } } })
        .png()
        .toBuffer();
    const fronteira = 'xFRONTEIRAx';
    const partes = [Buffer.from(`--${fronteira}\r\nContent-Disposition: form-data; name="_acao"\r\n\r\nfotos\r\n`)];
    for (const [i, cor] of [10, 120, 240].entries()) {
      partes.push(
        Buffer.from(
          `--${fronteira}\r\nContent-Disposition: form-data; name="fotos"; filename="foto${i}.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
      );
      partes.push(await png(cor), Buffer.from('\r\n'));
    }
    partes.push(
      Buffer.from(
        `--${fronteira}\r\nContent-Disposition: form-data; name="fotos"; filename="virus.png"\r\nContent-Type: image/png\r\n\r\n<script>\r\n--${fronteira}--\r\n`,
      ),
    );
    const ruim = await a.pedir(H, `/admin/veiculo/${v.uid}?aba=fotos`, {
      method: 'POST',
      headers: { cookie: leiloeiroStaff.cookie, 'content-type': `multipart/form-data; boundary=${fronteira}` },
      corpo: Buffer.concat(partes),
    });
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('Arquivo não é uma imagem JPEG, PNG ou WebP');

    partes.splice(-1, 1, Buffer.from(`--${fronteira}--\r\n`));
    const envio = await a.pedir(H, `/admin/veiculo/${v.uid}?aba=fotos&_data=${encodeURIComponent('routes/admin.veiculo.($uid)')}`, {
      method: 'POST',
      headers: { cookie: leiloeiroStaff.cookie, 'content-type': `multipart/form-data; boundary=${fronteira}` },
      corpo: Buffer.concat(partes),
    });
    expect(envio.status, envio.texto).toBe(200);
    expect(envio.json()).toMatchObject({ ok: true, mensagem: '3 fotos enviadas (3 no lote)' });
    const fotos = await banco.db.select().from(loteFoto).where(eq(loteFoto.loteId, loteId)).orderBy(loteFoto.ordem);
    expect(fotos).toHaveLength(3);
    const arquivo = await a.pedir(H, fotos[0].url);
    expect(arquivo.headers['content-type']).toBe('image/webp');
    const meta = await sharp(arquivo.bytes).metadata();
    expect(meta.width ?? 0).toBeGreaterThan(0);
    expect(meta.width).toBeLessThanOrEqual(1600);
    const mini = await a.pedir(H, fotos[0].urlMiniatura!);
    expect(mini.headers['content-type']).toBe('image/webp');

    const capa = await a.pedir(
      H,
      `/admin/veiculo/${v.uid}?aba=fotos`,
      formulario(leiloeiroStaff, { _acao: 'foto-capa', fotoId: String(fotos[2].id) }),
    );
    expect(capa.status).toBe(200);
    const depois = await banco.db.select().from(loteFoto).where(eq(loteFoto.loteId, loteId)).orderBy(loteFoto.ordem);
    expect(depois.map((f) => f.id)).toEqual([fotos[2].id, fotos[0].id, fotos[1].id]);
    await a.pedir(
      H,
      `/admin/veiculo/${v.uid}?aba=fotos`,
      formulario(leiloeiroStaff, { _acao: 'foto-direita', fotoId: String(fotos[2].id) }),
    );
    const movidas = await banco.db.select().from(loteFoto).where(eq(loteFoto.loteId, loteId)).orderBy(loteFoto.ordem);
    expect(movidas.map((f) => f.id)).toEqual([fotos[0].id, fotos[2].id, fotos[1].id]);

    await api(a, leiloeiroStaff, 'PUT', `/leiloes/${id}/situacao`, { situacao: 'CRIADO' });
    await api(a, leiloeiroStaff, 'PUT', `/leiloes/${id}/situacao`, { situacao: 'PRONTO' });
    const publico = (await b.pedir(H, `/v1/lote/by-id/${loteId}`)).json<{ fotosUrls: string[]; quantidadeFotos: number }>();
    expect(publico.quantidadeFotos).toBe(3);
    expect(publico.fotosUrls[0]).toBe(movidas[0].url);
  });
});
