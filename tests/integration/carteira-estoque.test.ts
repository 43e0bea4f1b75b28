import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comitente, depositoBem, patio, remocao, usuarioComitente, veiculo } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/*
 * Issue #13, the back office's money, business units, stock and deposits (decisions 066, 067): wallets
 * in the seller's page and GET /v1/carteira, business units (screen, API, vehicle filter), the stock,
 * deposits of goods, and the vehicle form's other tabs. Each for its roles, with bad input answered in
 * pt-BR and another brand's rows out of sight.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';
const H2 = 'h2.localhost';
type Staff = Awaited<ReturnType<typeof entrarComoStaff>>;

const formulario = (cookie: string, campos: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  corpo: new URLSearchParams(campos).toString(),
});
const pagina = (s: Staff, caminho: string, host = H) => t.app.pedir(host, caminho, { headers: { cookie: s.cookie } });
const api = (s: Staff, caminho: string, host = H) => t.app.pedir(host, `/v1${caminho}`, { headers: s.bearer });

let sequencia = 0;
/** A fresh Mercosul plate (AAA9A99). */
function placa() {
  sequencia += 1;
  const n = (Date.now() % 100_000) + sequencia * 7;
  const L = (i: number) => String.fromCharCode(65 + (i % 26));
  return `${L(n)}${L(n >> 3)}${L(sequencia)}${sequencia % 10}${L(n >> 5)}${String(n % 100).padStart(2, '0')}`;
}

async function patioDaMarca(hotsiteId = 1, pular = 0) {
  const ps = await t.banco.db
    .select({ id: patio.id, nome: patio.nome })
    .from(patio)
    .where(eq(patio.hotsiteId, hotsiteId))
    .orderBy(patio.id);
  return ps[pular % ps.length];
}
async function novoComitente(nomeSite: string, hotsiteId = 1) {
  const [c] = await t.banco.db.insert(comitente).values({ hotsiteId, nomeSite, grupo: 'BANCO' }).returning({ id: comitente.id });
  return c.id;
}
async function novoVeiculo(adm: Staff, extra: Record<string, unknown> = {}) {
  const p = placa();
  const r = await t.app.pedir(H, '/v1/veiculos', {
    method: 'POST',
    headers: adm.bearer,
    corpo: { nome: 'Onix LT 1.0', modelo: 'Onix', veiculoTipoId: 1, marcaNome: 'Chevrolet', placa: p, ...extra },
  });
  expect(r.status, r.texto).toBe(201);
  return { ...r.json<{ id: number; uid: string }>(), placa: p };
}

describe('business units (unidades de negócio)', () => {
  it('ADM creates, lists and edits a unit; the API lists the active ones; vehicles filter by unit', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const r = await t.app.pedir(
      H,
      '/admin/unidades-negocio',
      formulario(adm.cookie, { nome: 'Varejo Sul', uf: 'pr', prioridade: '4', ativo: 'on' }),
    );
    expect(r.status, r.texto).toBe(302);
    const id = Number(/\/admin\/unidades-negocio\/(\d+)$/.exec(r.headers.location as string)![1]);
    const lista = await pagina(adm, '/admin/unidades-negocio?nome=varejo%20sul');
    expect(lista.status).toBe(200);
    expect(lista.texto).toContain('Varejo Sul');
    const editada = await t.app.pedir(
      H,
      `/admin/unidades-negocio/${id}`,
      formulario(adm.cookie, { nome: 'Varejo Sul', uf: 'PR', ativo: 'on' }),
    );
    expect(editada.texto).toContain('Salvo com sucesso');

    const leilao = await entrarComoStaff(t.banco.db, [P.LEILAO]);
    const unidades = (await api(leilao, '/veiculos/unidades-negocio')).json<{ id: number; nome: string; uf: string; ativo: boolean }[]>();
    expect(unidades).toContainEqual({ id, nome: 'Varejo Sul', ativo: true, prioridade: 0, uf: 'PR' });
    // The seed's units are there too, in priority order.
    expect(unidades.map((u) => u.nome)).toContain('Varejo Sudeste');

    const v = await novoVeiculo(adm, { unidadeNegocioId: id });
    const filtrada = await pagina(adm, `/admin/veiculos?unidadeNegocioId=${id}`);
    expect(filtrada.texto).toContain(v.placa);
    const outraUnidade = unidades.find((u) => u.nome === 'Varejo Sudeste')!.id;
    expect((await pagina(adm, `/admin/veiculos?unidadeNegocioId=${outraUnidade}`)).texto).not.toContain(v.placa);
  });

  it('bad input is a 4xx in pt-BR; only ADM opens the screen; another brand sees nothing of this one', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const ruim = await t.app.pedir(H, '/admin/unidades-negocio', formulario(adm.cookie, { nome: 'X', uf: 'ZZ' }));
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('Informe o nome da unidade de negócio');
    expect(ruim.texto).toContain('UF inválida');
    await t.app.pedir(H, '/admin/unidades-negocio', formulario(adm.cookie, { nome: 'Leves Norte', ativo: 'on' }));
    const repetida = await t.app.pedir(H, '/admin/unidades-negocio', formulario(adm.cookie, { nome: 'leves norte' }));
    expect(repetida.status).toBe(409);
    expect(repetida.texto).toContain('Já existe uma unidade de negócio com este nome');
    expect((await pagina(adm, '/admin/unidades-negocio/abc')).status).toBe(404);
    expect((await pagina(adm, '/admin/unidades-negocio?pagina=0')).status).toBe(400);

    const leilao = await entrarComoStaff(t.banco.db, [P.LEILAO]);
    expect((await pagina(leilao, '/admin/unidades-negocio')).status).toBe(403);
    const sac = await entrarComoStaff(t.banco.db, [P.SAC]);
    expect((await api(sac, '/veiculos/unidades-negocio')).status).toBe(403);

    const outra = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    const daMarca2 = (await api(outra, '/veiculos/unidades-negocio', H2)).json<{ nome: string }[]>();
    expect(daMarca2.map((u) => u.nome)).not.toContain('Leves Norte');
    const [{ id }] = (await api(adm, '/veiculos/unidades-negocio'))
      .json<{ id: number; nome: string }[]>()
      .filter((u) => u.nome === 'Leves Norte');
    expect((await pagina(outra, `/admin/unidades-negocio/${id}`, H2)).status).toBe(404);
  });
});

describe('wallets (carteira)', () => {
  it('ADM adds a wallet in the seller page; GET /v1/carteira answers the spec shape; accounts and vehicles point at it', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const com = await novoComitente('Banco Carteira Teste');
    const r = await t.app.pedir(
      H,
      `/admin/comitente/${com}`,
      formulario(adm.cookie, {
        _acao: 'carteira',
        nome: 'Veículos leves',
        tipo: 'Financiamento',
        prioridade: '2',
        infoCompl: 'Retomadas',
        estadoUf: 'sp',
      }),
    );
    expect(r.texto).toContain('Carteira salva');
    expect((await pagina(adm, `/admin/comitente/${com}`)).texto).toContain('Veículos leves');

    const lista = await api(adm, `/carteira?comitenteId=${com}`);
    expect(lista.headers.count).toBe('1');
    const [carteira] = lista.json<Record<string, unknown>[]>();
    expect(carteira).toMatchObject({
      prioridade: 2,
      tipo: 'Financiamento',
      nome: 'Veículos leves',
      infoCompl: 'Retomadas',
      status: 'ATIVA',
      comId: com,
      comitente: { id: com, nomeSite: 'Banco Carteira Teste' },
      endereco: expect.objectContaining({ estadoUf: 'SP' }),
    });
    const carteiraId = carteira.id as number;

    const conta = await t.app.pedir(
      H,
      '/admin/conta-bancaria',
      formulario(adm.cookie, {
        _acao: 'salvar',
        comitenteId: String(com),
        banco: 'Itaú',
        codigoBanco: '341',
        agencia: '1234',
        conta: '99887',
        digito: '1',
        titular: 'Banco Carteira Teste S.A.',
        cpfCnpj: '11.222.333/0001-81',
        carteiraId: String(carteiraId),
        tipoRecebimento: 'TED',
        recebeLote: 'on',
        recebeReembolso: 'on',
      }),
    );
    expect(conta.status, conta.texto).toBe(302);
    const contas = (await api(adm, `/contas-bancarias-comitentes?comitenteId=${com}`)).json<Record<string, unknown>[]>();
    expect(contas[0]).toMatchObject({
      comId: com,
      carId: carteiraId,
      tipoRecebimento: 'TED',
      carteira: { id: carteiraId, nome: 'Veículos leves', tipo: 'Financiamento' },
      contaBancaria: expect.objectContaining({ recebeLote: true, recebeReembolso: true }),
    });

    const v = await novoVeiculo(adm, { comitenteId: com, carteiraId });
    const [linha] = await t.banco.db.select({ carteiraId: veiculo.carteiraId }).from(veiculo).where(eq(veiculo.uid, v.uid));
    expect(linha.carteiraId).toBe(carteiraId);
  });

  it('a wallet of another seller, a bad type or another brand’s wallet are refused; a seller user sees only their own', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const a1 = await novoComitente('Frota Alfa');
    const a2 = await novoComitente('Frota Beta');
    await t.app.pedir(H, `/admin/comitente/${a1}`, formulario(adm.cookie, { _acao: 'carteira', nome: 'Alfa frota', tipo: 'Frota' }));
    await t.app.pedir(H, `/admin/comitente/${a2}`, formulario(adm.cookie, { _acao: 'carteira', nome: 'Beta frota', tipo: 'Frota' }));
    const [alfa] = (await api(adm, `/carteira?comitenteId=${a1}`)).json<{ id: number }[]>();

    const ruim = await t.app.pedir(H, `/admin/comitente/${a1}`, formulario(adm.cookie, { _acao: 'carteira', nome: '', tipo: 'Cripto' }));
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('Tipo de carteira inválido');
    const cruzada = await t.app.pedir(H, '/v1/veiculos', {
      method: 'POST',
      headers: adm.bearer,
      corpo: { nome: 'Strada', modelo: 'Strada', veiculoTipoId: 1, comitenteId: a2, carteiraId: alfa.id },
    });
    expect(cruzada.status).toBe(400);
    expect(cruzada.json()).toMatchObject({ message: 'A carteira deve ser do mesmo comitente' });
    expect((await api(adm, '/carteira?status=QUALQUER')).status).toBe(400);

    const vendedor = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    await t.banco.db.insert(usuarioComitente).values({ hotsiteId: 1, usuarioId: vendedor.id, comitenteId: a1 });
    const dele = (await api(vendedor, '/carteira')).json<{ nome: string }[]>().map((c) => c.nome);
    expect(dele).toEqual(['Alfa frota']);
    const escrita = await t.app.pedir(
      H,
      `/admin/comitente/${a1}`,
      formulario(vendedor.cookie, { _acao: 'carteira', nome: 'Minha', tipo: 'Frota' }),
    );
    expect(escrita.status).toBe(403);
    const mkt = await entrarComoStaff(t.banco.db, [P.MKT]);
    expect((await api(mkt, '/carteira')).status).toBe(403);

    const outra = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    const daMarca2 = (await api(outra, '/carteira?porPagina=200', H2)).json<{ nome: string }[]>().map((c) => c.nome);
    expect(daMarca2).not.toContain('Alfa frota');
    expect((await api(outra, `/carteira?comitenteId=${a1}`, H2)).json()).toEqual([]);
  });
});

describe('stock (/admin/estoque)', () => {
  it('lists vehicles standing in a yard by stock situation and filters; a seller user sees only their own', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const p = await patioDaMarca(1, 1);
    const com = await novoComitente('Seguradora Estoque');
    const livre = await novoVeiculo(adm, { patioId: p.id, comitenteId: com });
    const emLeilao = await novoVeiculo(adm, { patioId: p.id, comitenteId: com });
    const foraDoPatio = await novoVeiculo(adm, { comitenteId: com });
    const leilao = await t.app.pedir(H, '/v1/leiloes', {
      method: 'POST',
      headers: adm.bearer,
      corpo: { nome: 'Leilão Estoque', dia: new Date(Date.now() + 7 * 86_400_000).toISOString(), modalidade: 'Online' },
    });
    const { id: leilaoId } = leilao.json<{ id: number }>();
    const lote = await t.app.pedir(H, `/v1/leiloes/${leilaoId}/lotes`, {
      method: 'POST',
      headers: adm.bearer,
      corpo: { veiculoUid: emLeilao.uid, minimo: 1_000_000, incremento: 50_000 },
    });
    expect(lote.status, lote.texto).toBe(201);

    const disponivel = await pagina(adm, `/admin/estoque?comitenteId=${com}`);
    expect(disponivel.status).toBe(200);
    expect(disponivel.texto).toContain(livre.placa);
    expect(disponivel.texto).not.toContain(emLeilao.placa);
    expect(disponivel.texto).not.toContain(foraDoPatio.placa);
    const noLeilao = await pagina(adm, `/admin/estoque?comitenteId=${com}&situacao=EM_LEILAO`);
    expect(noLeilao.texto).toContain(emLeilao.placa);
    expect(noLeilao.texto).not.toContain(livre.placa);
    const todas = await pagina(adm, `/admin/estoque?comitenteId=${com}&situacao=TODAS&patioId=${p.id}&veiculoTipoId=1`);
    expect(todas.texto).toContain(livre.placa);
    expect(todas.texto).toContain(emLeilao.placa);
    expect((await pagina(adm, `/admin/estoque?comitenteId=${com}&veiculoTipoId=2`)).texto).not.toContain(livre.placa);

    const vendedor = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    expect((await pagina(vendedor, '/admin/estoque')).texto).not.toContain(livre.placa);
    await t.banco.db.insert(usuarioComitente).values({ hotsiteId: 1, usuarioId: vendedor.id, comitenteId: com });
    expect((await pagina(vendedor, '/admin/estoque')).texto).toContain(livre.placa);

    expect((await pagina(adm, '/admin/estoque?situacao=VENDIDOS')).status).toBe(400);
    expect((await pagina(adm, '/admin/estoque?situacao=VENDIDOS')).texto).toContain(
      'situacao deve ser DISPONIVEL, EM_LEILAO, VENDIDO ou TODAS',
    );
    const leilaoStaff = await entrarComoStaff(t.banco.db, [P.LEILAO]);
    expect((await pagina(leilaoStaff, '/admin/estoque')).status).toBe(403);
    const outra = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    expect((await pagina(outra, '/admin/estoque?situacao=TODAS&porPagina=200', H2)).texto).not.toContain(livre.placa);
  });
});

describe('deposit of goods (/admin/deposito-bens)', () => {
  it('ADM registers a deposit by plate: the vehicle moves to the yard; it lists, opens and is corrected; Dev may too', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const v = await novoVeiculo(adm);
    const destino = await patioDaMarca(1, 2);
    const r = await t.app.pedir(
      H,
      '/admin/deposito-bens',
      formulario(adm.cookie, {
        veiculo: v.placa.toLowerCase(),
        patioId: String(destino.id),
        data: '2026-11-01',
        entreguePor: 'Guincho Rápido Transportes',
        vaga: 'B-12',
        observacao: 'Para-choque amassado; sem estepe',
      }),
    );
    expect(r.status, r.texto).toBe(302);
    const id = Number(/\/admin\/deposito-bens\/(\d+)$/.exec(r.headers.location as string)![1]);
    const [depois] = await t.banco.db.select({ patioId: veiculo.patioId }).from(veiculo).where(eq(veiculo.uid, v.uid));
    expect(depois.patioId).toBe(destino.id);

    const lista = await pagina(adm, `/admin/deposito-bens?busca=${v.placa}&de=2026-10-01&ate=2026-11-30`);
    expect(lista.texto).toContain('Guincho Rápido Transportes');
    expect(lista.texto).toContain('Para-choque amassado; sem estepe');
    const aberto = await pagina(adm, `/admin/deposito-bens/${id}`);
    expect(aberto.texto).toContain('B-12');

    const dev = await entrarComoStaff(t.banco.db, [P.DEV]);
    const corrigido = await t.app.pedir(
      H,
      `/admin/deposito-bens/${id}`,
      formulario(dev.cookie, {
        veiculo: v.uid,
        patioId: String(destino.id),
        data: '2026-11-02',
        entreguePor: 'Guincho Rápido Transportes',
      }),
    );
    expect(corrigido.texto).toContain('Salvo com sucesso');
    const [linha] = await t.banco.db.select().from(depositoBem).where(eq(depositoBem.id, id));
    expect(linha).toMatchObject({ data: '2026-11-02', vaga: null, createdById: adm.id });

    const aba = await pagina(adm, `/admin/veiculo/${v.uid}?aba=patio`);
    expect(aba.texto).toContain(destino.nome);
    expect(aba.texto).toContain('Guincho Rápido Transportes');
  });

  it('bad input is a 400 in pt-BR; other roles are refused; another brand’s vehicle and deposit are out of reach', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const v = await novoVeiculo(adm);
    const p = await patioDaMarca();
    const ruim = await t.app.pedir(
      H,
      '/admin/deposito-bens',
      formulario(adm.cookie, { veiculo: v.placa, patioId: String(p.id), data: '2999-01-01', entreguePor: '' }),
    );
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('A data do depósito não pode ser futura');
    expect(ruim.texto).toContain('Informe quem entregou o bem');
    const semVeiculo = await t.app.pedir(
      H,
      '/admin/deposito-bens',
      formulario(adm.cookie, { veiculo: 'ZZZ9Z99', patioId: String(p.id), data: '2026-11-01', entreguePor: 'Fulano de Tal' }),
    );
    expect(semVeiculo.status).toBe(400);
    expect(semVeiculo.texto).toContain('Veículo não encontrado: informe a placa, o chassi ou o uid de um veículo desta marca');
    expect((await pagina(adm, '/admin/deposito-bens?de=2026-13-01')).status).toBe(400);

    const patioStaff = await entrarComoStaff(t.banco.db, [P.PATIO]);
    expect((await pagina(patioStaff, '/admin/deposito-bens')).status).toBe(403);

    const ok = await t.app.pedir(
      H,
      '/admin/deposito-bens',
      formulario(adm.cookie, { veiculo: v.placa, patioId: String(p.id), data: '2026-11-01', entreguePor: 'Fulano de Tal' }),
    );
    const id = Number(/(\d+)$/.exec(ok.headers.location as string)![1]);
    const outra = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    expect((await pagina(outra, `/admin/deposito-bens/${id}`, H2)).status).toBe(404);
    expect((await pagina(outra, '/admin/deposito-bens', H2)).texto).not.toContain(v.placa);
    const [p2] = await t.banco.db.select({ id: patio.id }).from(patio).where(eq(patio.hotsiteId, 2)).limit(1);
    const alheio = await t.app.pedir(
      H2,
      '/admin/deposito-bens',
      formulario(outra.cookie, { veiculo: v.placa, patioId: String(p2.id), data: '2026-11-01', entreguePor: 'Fulano de Tal' }),
    );
    expect(alheio.status).toBe(400);
    expect(alheio.texto).toContain('Veículo não encontrado');
  });
});

describe('the vehicle form’s other tabs', () => {
  it('removals: asked, scheduled and concluded (the vehicle moves to the destination yard); blocked vehicles refuse them', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const v = await novoVeiculo(adm);
    const destino = await patioDaMarca(1, 3);
    const remocaoStaff = await entrarComoStaff(t.banco.db, [P.REMOCAO]);
    const caminho = `/admin/veiculo/${v.uid}?aba=remocoes`;
    const ruim = await t.app.pedir(
      H,
      caminho,
      formulario(remocaoStaff.cookie, { _acao: 'remocao-nova', localRemocao: '', diaInicioPrevisto: '2026-02-30' }),
    );
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('Informe o local de remoção');
    const nova = await t.app.pedir(
      H,
      caminho,
      formulario(remocaoStaff.cookie, {
        _acao: 'remocao-nova',
        localRemocao: 'Rua das Flores, 100, Campinas/SP',
        patioId: String(destino.id),
        transportadora: 'Guincho Rápido',
        diaInicioPrevisto: '2026-12-01',
        valorSugerido: '450,00',
      }),
    );
    expect(nova.texto).toContain('Remoção solicitada');
    const [r] = await t.banco.db.select().from(remocao).where(eq(remocao.localRemocao, 'Rua das Flores, 100, Campinas/SP'));
    expect(r).toMatchObject({ situacao: 'SOLICITADA', valorSugerido: 45_000, patioId: destino.id });
    const pulo = await t.app.pedir(
      H,
      caminho,
      formulario(remocaoStaff.cookie, { _acao: 'remocao-situacao', remocaoId: String(r.id), situacao: 'CONCLUIDA' }),
    );
    expect(pulo.status).toBe(409);
    expect(pulo.texto).toContain('Uma remoção Solicitada não pode passar a Concluída');
    const agendada = await t.app.pedir(
      H,
      caminho,
      formulario(remocaoStaff.cookie, { _acao: 'remocao-situacao', remocaoId: String(r.id), situacao: 'AGENDADA' }),
    );
    expect(agendada.texto).toContain('Remoção atualizada');
    const feita = await t.app.pedir(
      H,
      caminho,
      formulario(remocaoStaff.cookie, { _acao: 'remocao-situacao', remocaoId: String(r.id), situacao: 'CONCLUIDA' }),
    );
    expect(feita.texto).toContain('Remoção atualizada');
    const [depois] = await t.banco.db.select({ patioId: veiculo.patioId }).from(veiculo).where(eq(veiculo.uid, v.uid));
    expect(depois.patioId).toBe(destino.id);
    expect((await pagina(adm, caminho)).texto).toContain('Concluída');

    const leilao = await entrarComoStaff(t.banco.db, [P.LEILAO]);
    const semPapel = await t.app.pedir(H, caminho, formulario(leilao.cookie, { _acao: 'remocao-nova', localRemocao: 'Rua A, 1' }));
    expect(semPapel.status).toBe(403);
    await t.banco.db.update(veiculo).set({ bloquearRemocao: true }).where(eq(veiculo.uid, v.uid));
    const bloqueada = await t.app.pedir(H, caminho, formulario(adm.cookie, { _acao: 'remocao-nova', localRemocao: 'Rua A, 1' }));
    expect(bloqueada.status).toBe(409);
    expect(bloqueada.texto).toContain('Remoção bloqueada para este veículo');
  });

  it('documents: a PDF is stored and downloaded by staff who may open the vehicle; other files are refused', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const com = await novoComitente('Locadora Documentos');
    const v = await novoVeiculo(adm, { comitenteId: com });
    const fronteira = 'xDOCx';
    const corpo = (nome: string, conteudo: Buffer, descricao = 'CRLV 2026') =>
      Buffer.concat([
        Buffer.from(`--${fronteira}\r\nContent-Disposition: form-data; name="_acao"\r\n\r\ndocumento\r\n`),
        Buffer.from(`--${fronteira}\r\nContent-Disposition: form-data; name="descricao"\r\n\r\n${descricao}\r\n`),
        Buffer.from(
          `--${fronteira}\r\nContent-Disposition: form-data; name="documento"; filename="${nome}"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        conteudo,
        Buffer.from(`\r\n--${fronteira}--\r\n`),
      ]);
    const enviar = (s: Staff, b: Buffer) =>
      t.app.pedir(H, `/admin/veiculo/${v.uid}?aba=documentos`, {
        method: 'POST',
        headers: { cookie: s.cookie, 'content-type': `multipart/form-data; boundary=${fronteira}` },
        corpo: b,
      });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const ruim = await enviar(adm, corpo('crlv.pdf', Buffer.from('<script>alert(1)</script>')));
    expect(ruim.status).toBe(415);
    expect(ruim.texto).toContain('Documento deve ser PDF, JPEG, PNG ou WebP');
    const ok = await enviar(adm, corpo('crlv.pdf', pdf));
    expect(ok.texto).toContain('Documento enviado');
    const aba = await pagina(adm, `/admin/veiculo/${v.uid}?aba=documentos`);
    expect(aba.texto).toContain('CRLV 2026');
    const uid = /\/admin\/veiculo-arquivo\/([0-9a-f-]{36})/.exec(aba.texto)![1];
    const baixado = await pagina(adm, `/admin/veiculo-arquivo/${uid}`);
    expect(baixado.status).toBe(200);
    expect(baixado.headers['content-type']).toBe('application/pdf');
    expect(baixado.texto).toContain('%PDF-1.4');

    const vendedor = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    expect((await pagina(vendedor, `/admin/veiculo-arquivo/${uid}`)).status).toBe(404);
    const outra = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    expect((await pagina(outra, `/admin/veiculo-arquivo/${uid}`, H2)).status).toBe(404);
    const apagado = await t.app.pedir(
      H,
      `/admin/veiculo/${v.uid}?aba=documentos`,
      formulario(adm.cookie, { _acao: 'documento-apagar', uid }),
    );
    expect(apagado.texto).toContain('Item apagado com sucesso');
    expect((await pagina(adm, `/admin/veiculo-arquivo/${uid}`)).status).toBe(404);
  });

  it('the other tabs show real data: direct sale, reports, access, plate, detran state', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM], { nome: 'Administradora Abas' });
    const v = await novoVeiculo(adm);
    const caminho = (aba: string) => `/admin/veiculo/${v.uid}?aba=${aba}`;
    const venda = await t.app.pedir(H, caminho('venda-direta'), formulario(adm.cookie, { _acao: 'venda-direta', vendaDireta: 'on' }));
    expect(venda.texto).toContain('Salvo com sucesso');
    const [depois] = await t.banco.db.select({ vendaDireta: veiculo.vendaDireta }).from(veiculo).where(eq(veiculo.uid, v.uid));
    expect(depois.vendaDireta).toBe(true);
    expect((await pagina(adm, caminho('venda-direta'))).texto).toContain('Nenhuma venda deste veículo.');
    expect((await pagina(adm, caminho('relatorios'))).texto).toContain('Visualizações: 0');
    const acessos = await pagina(adm, caminho('acessos'));
    expect(acessos.texto).toContain('Administradora Abas');
    expect(acessos.texto).toContain('vendaDireta');
    expect((await pagina(adm, caminho('detran'))).texto).toContain('Não sincronizado');

    const placaRuim = await t.app.pedir(
      H,
      caminho('importacao-placa'),
      formulario(adm.cookie, { _acao: 'placa', placa: 'XX-1', placaUfe: 'S' }),
    );
    expect(placaRuim.status).toBe(400);
    expect(placaRuim.texto).toContain('Placa inválida: use AAA9999 ou AAA9A99');
    const outro = await novoVeiculo(adm);
    const repetida = await t.app.pedir(H, caminho('importacao-placa'), formulario(adm.cookie, { _acao: 'placa', placa: outro.placa }));
    expect(repetida.status).toBe(409);
    const nova = placa();
    const salva = await t.app.pedir(
      H,
      caminho('importacao-placa'),
      formulario(adm.cookie, { _acao: 'placa', placa: nova, placaUfe: 'sp', placaCidade: 'Campinas' }),
    );
    expect(salva.texto).toContain('Salvo com sucesso');
    expect((await pagina(adm, caminho('importacao-placa'))).texto).toContain('Campinas');

    const leilao = await entrarComoStaff(t.banco.db, [P.PATIO]);
    expect((await t.app.pedir(H, caminho('venda-direta'), formulario(leilao.cookie, { _acao: 'venda-direta' }))).status).toBe(403);
    const outra = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    expect((await pagina(outra, `/admin/veiculo/${v.uid}?aba=relatorios`, H2)).status).toBe(404);
  });
});
