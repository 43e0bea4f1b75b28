import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lote, veiculo, veiculoTipo, vistoria } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarCliente } from '../lances';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/*
 * Issue #13, inspections: types with categories, items and options; an inspection of a vehicle answered,
 * finished or cancelled; the buyer's report by hash without login, linked from the lot page; roles.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';
type Staff = Awaited<ReturnType<typeof entrarComoStaff>>;
const api = (s: Staff, metodo: string, caminho: string, corpo?: unknown, host = H) =>
  t.app.pedir(host, `/v1${caminho}`, { method: metodo, headers: s.bearer, corpo });
const formulario = (cookie: string, campos: Record<string, string>) => ({
  method: 'POST',
  headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
  corpo: new URLSearchParams(campos).toString(),
});

const TIPO = {
  nome: 'Cautelar de teste',
  disponibilizarParaTipos: [],
  categorias: [
    {
      nome: 'Lataria e pintura',
      itens: [
        { nome: 'Para-choque dianteiro', tipo: 'OPCAO', obrigatorio: true, opcoes: ['Bom', 'Riscado', 'Amassado'] },
        { nome: 'Observação da pintura', tipo: 'TEXTO' },
      ],
    },
    { nome: 'Motor', itens: [{ nome: 'Vazamento de óleo', tipo: 'OPCAO', obrigatorio: true, opcoes: ['Não', 'Sim'] }] },
  ],
};

/** A vehicle of brand 1 with a lot on the site, of a light category. */
async function veiculoComLote() {
  const [l] = await t.banco.db
    .select({ loteId: lote.id, uid: veiculo.uid, placa: veiculo.placa })
    .from(lote)
    .innerJoin(veiculo, eq(veiculo.id, lote.veiculoId))
    .innerJoin(veiculoTipo, eq(veiculoTipo.id, veiculo.veiculoTipoId))
    .where(and(eq(lote.hotsiteId, 1), eq(lote.situacao, 'LIBERADO_LEILAO'), eq(veiculoTipo.categoria, 'Carros')))
    .limit(1);
  return l;
}

const PNEUS_LEVE = ['Dianteiro esquerdo', 'Dianteiro direito', 'Traseiro esquerdo', 'Traseiro direito', 'Estepe'];

describe('inspection types (tipo-vistoria)', () => {
  it('Pátio creates, lists, reads, edits and deletes a type; bad input is a 400 in pt-BR', async () => {
    const patio = await entrarComoStaff(t.banco.db, [P.PATIO]);
    const criado = await api(patio, 'POST', '/tipo-vistoria', TIPO);
    expect(criado.status, criado.texto).toBe(201);
    const { uid } = criado.json<{ uid: string }>();
    const lista = await api(patio, 'GET', '/tipo-vistoria/find/qb?nome=cautelar%20de%20teste');
    expect(lista.headers.count).toBe('1');
    const um = (await api(patio, 'GET', `/tipo-vistoria/find/${uid}`)).json<{
      categorias: { itens: { ordem: number }[] }[];
      ativo: boolean;
    }>();
    expect(um).toMatchObject({ nome: 'Cautelar de teste', ativo: true, podeEditar: true, updatedByCliente: 'Operador' });
    expect(um.categorias[0].itens.map((i) => i.ordem)).toEqual([1, 2]);

    const invalido = await api(patio, 'POST', '/tipo-vistoria', {
      nome: '',
      categorias: [{ nome: 'Pneus', itens: [{ nome: 'Estado', tipo: 'OPCAO', opcoes: ['Bom'] }] }],
    });
    expect(invalido.status).toBe(400);
    const erros = invalido.json<{ erros: Record<string, string[]> }>().erros;
    expect(erros.nome).toEqual(['Informe o nome do tipo de vistoria']);
    expect(erros['categorias.0.itens.0.opcoes']).toEqual(['Informe ao menos duas opções para o item "Estado"']);

    const alterado = await api(patio, 'PUT', `/tipo-vistoria/${uid}`, { ...TIPO, nome: 'Cautelar revisada', ativo: false });
    expect(alterado.json()).toMatchObject({ nome: 'Cautelar revisada', ativo: false });
    expect((await api(patio, 'DELETE', `/tipo-vistoria/del/${uid}`)).status).toBe(200);
    expect((await api(patio, 'GET', `/tipo-vistoria/find/${uid}`)).json()).toMatchObject({
      statusCode: 404,
      message: 'Tipo de vistoria não encontrado',
    });
  });

  it('other roles and anonymous callers are refused; another brand never sees the type', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const { uid } = (await api(adm, 'POST', '/tipo-vistoria', TIPO)).json<{ uid: string }>();
    const sac = await entrarComoStaff(t.banco.db, [P.SAC]);
    const negado = await api(sac, 'GET', '/tipo-vistoria/find/qb');
    expect(negado.status).toBe(403);
    expect(negado.json()).toMatchObject({ statusCode: 403, message: expect.stringContaining('Interno - Pátio') });
    const cliente = await criarCliente(t.banco.db);
    expect((await t.app.pedir(H, '/v1/tipo-vistoria/find/qb', { headers: cliente.auth })).status).toBe(403);
    expect((await t.app.pedir(H, '/v1/tipo-vistoria/find/qb')).status).toBe(401);
    const outra = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 14 });
    expect((await api(outra, 'GET', `/tipo-vistoria/find/${uid}`, undefined, 'h14.localhost')).status).toBe(404);
  });
});

describe('an inspection from Aguardando to Realizada, and its report', () => {
  it('is answered, refused while incomplete, finished; the report opens by hash without login and the lot page links it', async () => {
    const patio = await entrarComoStaff(t.banco.db, [P.PATIO], { nome: 'Carlos Vistoriador' });
    const tipo = (await api(patio, 'POST', '/tipo-vistoria', TIPO)).json<{ id: number }>();
    const v = await veiculoComLote();

    const semVeiculo = await api(patio, 'POST', '/vistorias', { tipoVistoriaId: tipo.id, placaOuChassi: 'ZZZ9Z99' });
    expect(semVeiculo.status).toBe(404);
    expect(semVeiculo.json()).toMatchObject({ message: 'Veículo não encontrado' });

    const criada = await api(patio, 'POST', '/vistorias', { tipoVistoriaId: tipo.id, placaOuChassi: v.placa, vistoriador: 'Carlos' });
    expect(criada.status, criada.texto).toBe(201);
    const { uid } = criada.json<{ uid: string }>();
    const aberta = (await api(patio, 'GET', `/vistorias/${uid}`)).json<{ situacao: string; grupoEquipamentos: string; hash: string }>();
    expect(aberta).toMatchObject({ situacao: 'Aguardando', grupoEquipamentos: 'leve', veiculo: { uid: v.uid } });

    // A laudo of an inspection not done is a 404, as an unknown hash.
    expect((await t.app.pedir(H, `/laudo-vistoria/${aberta.hash}`)).status).toBe(404);

    const respostaRuim = await api(patio, 'PUT', `/vistorias/${uid}`, { respostas: { '0.0': 'Ótimo' } });
    expect(respostaRuim.status).toBe(400);
    expect(respostaRuim.json()).toMatchObject({ message: 'Resposta inválida para "Para-choque dianteiro": use Bom, Riscado, Amassado' });
    const pneuRuim = await api(patio, 'PUT', `/vistorias/${uid}`, {
      equipamentos: { pneus: [{ posicao: 'Eixo 5 esquerdo', condicao: 'BOM' }] },
    });
    expect(pneuRuim.status).toBe(400);
    expect(pneuRuim.json()).toMatchObject({ message: 'Posição de pneu inválida: Eixo 5 esquerdo' });
    const condicaoRuim = await api(patio, 'PUT', `/vistorias/${uid}`, {
      equipamentos: { pneus: [{ posicao: 'Estepe', condicao: 'NOVO' }] },
    });
    expect(condicaoRuim.status).toBe(400);
    expect(JSON.stringify(condicaoRuim.json())).toContain('Condição do pneu inválida: use BOM, MEIA-VIDA ou TROCA');

    await api(patio, 'PUT', `/vistorias/${uid}`, {
      respostas: { '0.0': 'Riscado' },
      equipamentos: { quilometragem: 48210, pneus: [{ posicao: 'Dianteiro esquerdo', condicao: 'BOM' }] },
    });
    const cedo = await api(patio, 'PUT', `/vistorias/${uid}/situacao`, { situacao: 'Realizada' });
    expect(cedo.status).toBe(400);
    expect(cedo.json()).toMatchObject({ message: 'Responda o item obrigatório "Vazamento de óleo" (Motor)' });

    // The screen saves the rest and finishes.
    const tela = await t.app.pedir(
      H,
      `/admin/vistoria/${uid}`,
      formulario(patio.cookie, {
        _acao: 'realizar',
        vistoriador: 'Carlos Vistoriador',
        'resposta.0.0': 'Riscado',
        'resposta.0.1': 'Pequeno risco na porta traseira',
        'resposta.1.0': 'Não',
        quilometragem: '48210',
        bateria: 'Sim',
        chaveReserva: 'Não',
        manualProprietario: 'Sim',
        ...Object.fromEntries(PNEUS_LEVE.map((p, i) => [`pneu.${p}`, ['BOM', 'MEIA-VIDA', 'TROCA', 'BOM', 'BOM'][i]])),
        'item.Ar-condicionado': 'Sim - não funciona',
        'item.Airbag': 'Sim',
        observacao: 'Veículo com avarias leves de lataria.',
      }),
    );
    expect(tela.status, tela.texto.slice(0, 500)).toBe(200);
    expect(tela.texto).toContain('Vistoria realizada: o laudo está disponível');
    const feita = (await api(patio, 'GET', `/vistorias/${uid}`)).json<{ situacao: string; hash: string; realizadaAt: string }>();
    expect(feita.situacao).toBe('Realizada');

    const denovo = await api(patio, 'PUT', `/vistorias/${uid}`, { observacao: 'x' });
    expect(denovo.status).toBe(409);
    expect(denovo.json()).toMatchObject({ message: 'Vistoria já realizada: não pode ser alterada' });
    expect((await api(patio, 'PUT', `/vistorias/${uid}/situacao`, { situacao: 'Cancelada', motivo: 'x' })).status).toBe(409);

    const laudo = await t.app.pedir(H, `/laudo-vistoria/${feita.hash}`);
    expect(laudo.status).toBe(200);
    for (const texto of [
      'Laudo de vistoria',
      'Para-choque dianteiro',
      'Riscado',
      'Meia-vida',
      'Troca',
      'Estepe',
      'Sim - não funciona',
      'Carlos Vistoriador',
      '48.210 km',
    ])
      expect(laudo.texto).toContain(texto);
    expect(laudo.texto).toContain('noindex');
    expect(laudo.texto).not.toContain(uid);
    // As on the lot page that links it: the plate masked, no chassis nor RENAVAM.
    const [segredos] = await t.banco.db
      .select({ placa: veiculo.placa, chassi: veiculo.chassi, renavam: veiculo.renavam })
      .from(veiculo)
      .where(eq(veiculo.uid, v.uid));
    for (const segredo of [segredos.placa, segredos.chassi, segredos.renavam].filter(Boolean) as string[])
      expect(laudo.texto).not.toContain(segredo);
    expect(laudo.texto).toContain(`${segredos.placa!.slice(0, 3)}-****`);

    expect((await t.app.pedir(H, `/laudo-vistoria/${'0'.repeat(40)}`)).status).toBe(404);
    expect((await t.app.pedir(H, '/laudo-vistoria/nao-e-hash')).status).toBe(404);
    expect((await t.app.pedir('h14.localhost', `/laudo-vistoria/${feita.hash}`)).status).toBe(404);

    // The lot page links the report; the vehicle's details (lot page equipment) are the inspection's.
    const ir = await t.app.pedir(H, `/leilao/x/ano.2020/${v.loteId}`);
    expect([301, 302]).toContain(ir.status);
    const pagina = await t.app.pedir(H, ir.headers.location as string);
    expect(pagina.status).toBe(200);
    expect(pagina.texto).toContain(`/laudo-vistoria/${feita.hash}`);
    const [det] = await t.banco.db.select({ d: veiculo.itensDetalhados }).from(veiculo).where(eq(veiculo.uid, v.uid));
    expect(det.d).toMatchObject({ tipo: 'leve', quilometragem: 48210, itens: { 'Ar-condicionado': 'Sim - não funciona' } });

    // The vehicle's tab lists it with links; the list filters by state and plate.
    const aba = await t.app.pedir(H, `/admin/veiculo/${v.uid}?aba=vistoria`, { headers: { cookie: patio.cookie } });
    expect(aba.texto).toContain(`/admin/vistoria/${uid}`);
    expect(aba.texto).toContain(`/laudo-vistoria/${feita.hash}`);
    const lista = await t.app.pedir(H, `/admin/vistorias?situacao=Realizada&busca=${v.placa}`, { headers: { cookie: patio.cookie } });
    expect(lista.texto).toContain(`/admin/vistoria/${uid}`);
    const aguardando = await api(patio, 'GET', `/vistorias/qb?situacao=Aguardando&busca=${v.placa}`);
    expect(aguardando.json<{ uid: string }[]>().map((x) => x.uid)).not.toContain(uid);
  });

  it('heavy vehicles rate up to 8 axles, left and right; cancel needs a reason', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const tipo = (await api(adm, 'POST', '/tipo-vistoria', { nome: 'Pesados', categorias: [] })).json<{ id: number }>();
    const pesado = (await api(adm, 'POST', '/veiculos', { nome: 'Volvo FH 540', modelo: 'FH', veiculoTipoId: 7, placa: 'PES1A23' })).json<{
      uid: string;
    }>();
    const { uid } = (await api(adm, 'POST', '/vistorias', { tipoVistoriaId: tipo.id, veiculoUid: pesado.uid })).json<{ uid: string }>();
    const pneus = Array.from({ length: 8 }, (_, e) => [
      { posicao: `Eixo ${e + 1} esquerdo`, condicao: 'BOM' },
      { posicao: `Eixo ${e + 1} direito`, condicao: 'TROCA' },
    ]).flat();
    const r = await api(adm, 'PUT', `/vistorias/${uid}`, { equipamentos: { eixos: 8, pneus, itens: { Tacógrafo: 'Sim' } } });
    expect(r.status, r.texto).toBe(200);
    expect(r.json()).toMatchObject({ grupoEquipamentos: 'pesado', equipamentos: { eixos: 8, tipo: 'pesado' } });
    expect(r.json<{ equipamentos: { pneus: unknown[] } }>().equipamentos.pneus).toHaveLength(16);
    const nove = await api(adm, 'PUT', `/vistorias/${uid}`, { equipamentos: { eixos: 9, pneus } });
    expect(nove.status).toBe(400);
    expect(JSON.stringify(nove.json())).toContain('Eixos deve estar entre 2 e 8');

    const semMotivo = await api(adm, 'PUT', `/vistorias/${uid}/situacao`, { situacao: 'Cancelada' });
    expect(semMotivo.status).toBe(400);
    expect(semMotivo.json()).toMatchObject({ erros: { motivo: ['Informe o motivo do cancelamento'] } });
    const tela = await t.app.pedir(
      H,
      `/admin/vistoria/${uid}`,
      formulario(adm.cookie, { _acao: 'cancelar', motivo: 'Veículo retirado do pátio' }),
    );
    expect(tela.texto).toContain('Vistoria cancelada');
    expect((await api(adm, 'GET', `/vistorias/${uid}`)).json()).toMatchObject({
      situacao: 'Cancelada',
      motivoCancelamento: 'Veículo retirado do pátio',
    });
  });
});

describe('screens and roles', () => {
  it('the staff menu shows Vistorias to ADM and Pátio; a client and other staff are kept out', async () => {
    const patio = await entrarComoStaff(t.banco.db, [P.PATIO]);
    expect((await t.app.pedir(H, '/admin', { headers: { cookie: patio.cookie } })).texto).toContain('href="/admin/vistorias"');
    const leilao = await entrarComoStaff(t.banco.db, [P.LEILAO]);
    expect((await t.app.pedir(H, '/admin', { headers: { cookie: leilao.cookie } })).texto).not.toContain('href="/admin/vistorias"');
    expect((await t.app.pedir(H, '/admin/vistorias', { headers: { cookie: leilao.cookie } })).status).toBe(403);
    const cliente = await criarCliente(t.banco.db);
    for (const caminho of ['/admin/vistorias', '/admin/vistoria', '/admin/vistorias/tipos', '/admin/vistorias/tipo']) {
      const r = await t.app.pedir(H, caminho, { headers: { cookie: cliente.cookie } });
      expect([302, 403], caminho).toContain(r.status);
    }
    const anonimo = await t.app.pedir(H, '/admin/vistorias');
    expect(anonimo.status).toBe(302);
    expect(anonimo.headers.location).toMatch(/^\/login\?/);
  });

  it('the type form creates a type with categories, items and options; bad input answers 400 in pt-BR', async () => {
    const patio = await entrarComoStaff(t.banco.db, [P.PATIO]);
    const criado = await t.app.pedir(
      H,
      '/admin/vistorias/tipo',
      formulario(patio.cookie, {
        _acao: 'salvar',
        nome: 'Vistoria de entrada no pátio',
        ativo: 'on',
        'c.0.nome': 'Interior',
        'c.0.i.0.nome': 'Bancos',
        'c.0.i.0.tipo': 'OPCAO',
        'c.0.i.0.opcoes': 'Bom; Rasgado; Sujo',
        'c.0.i.0.obrigatorio': 'on',
        'c.0.i.1.nome': '',
        'c.1.nome': '',
      }),
    );
    expect(criado.status).toBe(302);
    const uid = (criado.headers.location as string).split('/').pop()!;
    const tipo = (await api(patio, 'GET', `/tipo-vistoria/find/${uid}`)).json();
    expect(tipo).toMatchObject({
      nome: 'Vistoria de entrada no pátio',
      categorias: [{ nome: 'Interior', itens: [{ nome: 'Bancos', opcoes: ['Bom', 'Rasgado', 'Sujo'], obrigatorio: true }] }],
    });
    const ruim = await t.app.pedir(H, '/admin/vistorias/tipo', formulario(patio.cookie, { _acao: 'salvar', nome: 'x' }));
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('Informe o nome do tipo de vistoria');

    const nova = await t.app.pedir(
      H,
      '/admin/vistoria',
      formulario(patio.cookie, { _acao: 'criar', placaOuChassi: '', tipoVistoriaId: '' }),
    );
    expect(nova.status).toBe(400);
    expect(nova.texto).toContain('Escolha o tipo de vistoria');
  });
});

describe('demo data', () => {
  it('every demo brand has inspections, some Realizada with a report that opens on its own host only', async () => {
    for (const hotsiteId of [1, 2, 14, 20, 1002]) {
      const linhas = await t.banco.db
        .select({ situacao: vistoria.situacao, hash: vistoria.hash })
        .from(vistoria)
        .where(eq(vistoria.hotsiteId, hotsiteId));
      expect(new Set(linhas.map((l) => l.situacao)), `marca ${hotsiteId}`).toEqual(new Set(['Realizada', 'Aguardando', 'Cancelada']));
      const feita = linhas.find((l) => l.situacao === 'Realizada')!;
      const r = await t.app.pedir(`h${hotsiteId}.localhost`, `/laudo-vistoria/${feita.hash}`);
      expect(r.status, `marca ${hotsiteId}`).toBe(200);
      expect(r.texto).toContain('Pneus');
    }
  });
});
