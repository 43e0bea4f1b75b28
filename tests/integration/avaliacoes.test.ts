import { and, asc, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { avaliacaoCondicional, avaliacaoLeiloeiro, comitente, lote, loteFoto, pedidoVendaVeiculo, usuarioComitente } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/**
 * Evaluations and the sell-your-car requests for staff (issue #33, decisions 254-256): each screen as the
 * roles that use it, the roles that may not, and another brand's staff, who never see this brand's rows.
 */
// Each case drives dozens of requests through one server: more than the default 30 s on a loaded machine.
const t = instanciaDeTeste();

const postar = (host: string, caminho: string, cookie: string, campos: Record<string, string | number> | [string, string][]) =>
  t.app.pedir(host, caminho, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    corpo: new URLSearchParams(
      Array.isArray(campos) ? campos : Object.entries(campos).map(([k, v]) => [k, String(v)] as [string, string]),
    ).toString(),
  });
const abrir = (host: string, caminho: string, cookie: string) => t.app.pedir(host, caminho, { headers: { cookie } });

describe("the auctioneer's appraisal (SAC + ADM)", () => {
  it('SAC appraises a lot, sees it listed and edits it; bad values are refused as typed; other roles and brands are kept out', async () => {
    const db = t.banco.db;
    const sac = await entrarComoStaff(db, [P.SAC], { nome: 'Rita Avaliadora' });
    const { loteId } = await criarLoteEmDisputa(db, { minimo: 20_000_00 });

    // The suggested minimum above the appraisal: 400, the reason under the field, what was typed kept.
    const ruim = await postar('h1.localhost', '/admin/avaliacao-leiloeiro', sac.cookie, {
      loteId,
      valorAvaliacao: '45.000,00',
      minimoSugerido: '50.000,00',
      estadoGeral: 'Bom',
    });
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('O mínimo sugerido não pode passar do valor de avaliação');
    expect(ruim.texto).toContain('value="50.000,00"');
    expect(await db.select().from(avaliacaoLeiloeiro).where(eq(avaliacaoLeiloeiro.loteId, loteId))).toHaveLength(0);

    const novo = await postar('h1.localhost', '/admin/avaliacao-leiloeiro', sac.cookie, {
      loteId,
      valorAvaliacao: '45.000,00',
      minimoSugerido: '30.000,00',
      estadoGeral: 'Bom',
      observacao: 'Pequeno amassado na porta traseira.',
    });
    expect(novo.status).toBe(302);
    const caminho = novo.headers.location!;
    expect(caminho).toMatch(/^\/admin\/avaliacao-leiloeiro\/[0-9a-f-]{36}$/);
    const [a] = await db.select().from(avaliacaoLeiloeiro).where(eq(avaliacaoLeiloeiro.loteId, loteId));
    expect(a).toMatchObject({
      hotsiteId: 1,
      valorAvaliacao: 45_000_00,
      minimoSugerido: 30_000_00,
      estadoGeral: 'Bom',
      avaliadorId: sac.id,
    });

    const lista = await abrir('h1.localhost', '/admin/avaliacao-leiloeiro?estadoGeral=Bom', sac.cookie);
    expect(lista.status).toBe(200);
    expect(lista.texto).toMatch(/R\$\s45\.000,00[\s\S]*R\$\s30\.000,00[\s\S]*R\$\s20\.000,00[\s\S]*Bom[\s\S]*Rita Avaliadora/);
    expect((await abrir('h1.localhost', '/admin/avaliacao-leiloeiro?estadoGeral=Ruim', sac.cookie)).texto).not.toContain(caminho);

    // A second appraisal of the same lot is refused; the existing one is edited instead (by ADM too).
    const outra = await postar('h1.localhost', '/admin/avaliacao-leiloeiro', sac.cookie, {
      loteId,
      valorAvaliacao: '1,00',
      estadoGeral: 'Ruim',
    });
    expect(outra.status).toBe(409);
    expect(outra.texto).toContain('Este lote já tem uma avaliação; edite a existente');
    const adm = await entrarComoStaff(db, [P.ADM]);
    const editada = await postar('h1.localhost', caminho, adm.cookie, {
      valorAvaliacao: '44.000,00',
      minimoSugerido: '',
      estadoGeral: 'Regular',
    });
    expect(editada.status).toBe(200);
    expect(editada.texto).toContain('Avaliação salva');
    const [depois] = await db.select().from(avaliacaoLeiloeiro).where(eq(avaliacaoLeiloeiro.loteId, loteId));
    expect(depois).toMatchObject({ valorAvaliacao: 44_000_00, minimoSugerido: null, estadoGeral: 'Regular', avaliadorId: adm.id });

    // Roles outside the screen: 403 on the list, the form and the write.
    for (const papel of [P.LEILAO, P.LEILOEIRO, P.COMITENTE, P.MKT]) {
      const u = await entrarComoStaff(db, [papel]);
      expect((await abrir('h1.localhost', '/admin/avaliacao-leiloeiro', u.cookie)).status).toBe(403);
      expect((await postar('h1.localhost', caminho, u.cookie, { valorAvaliacao: '1,00', estadoGeral: 'Ruim' })).status).toBe(403);
    }
    // Another brand: neither the appraisal nor the lot is there.
    const sac2 = await entrarComoStaff(db, [P.SAC], { hotsiteId: 2 });
    expect((await abrir('h2.localhost', caminho, sac2.cookie)).status).toBe(404);
    expect((await abrir('h2.localhost', '/admin/avaliacao-leiloeiro', sac2.cookie)).texto).not.toContain(caminho);
    const alheio = await postar('h2.localhost', '/admin/avaliacao-leiloeiro', sac2.cookie, {
      loteId,
      valorAvaliacao: '1,00',
      estadoGeral: 'Ruim',
    });
    expect(alheio.status).toBe(404);
    expect(alheio.texto).toContain('Lote não encontrado nesta marca');
    expect((await db.select().from(avaliacaoLeiloeiro).where(eq(avaliacaoLeiloeiro.loteId, loteId)))[0]!.valorAvaliacao).toBe(44_000_00);
  }, 120_000);
});

/** A lot of seller `comitenteId` closed at R$ 24.000 below the seller's R$ 30.000 (CONDICIONAL), with two photos. */
async function loteCondicional({ hotsiteId = 1, comitenteId = null as number | null } = {}) {
  const db = t.banco.db;
  const { loteId, leilaoId } = await criarLoteEmDisputa(db, { hotsiteId, minimo: 20_000_00, valorComitente: 30_000_00 });
  if (comitenteId != null) await db.update(lote).set({ comitenteId }).where(eq(lote.id, loteId));
  const cliente = await criarCliente(db, { hotsiteId, nome: 'Marina Costa', leilaoId });
  expect(
    (await t.app.pedir(`h${hotsiteId}.localhost`, '/v1/lances', { headers: cliente.auth, corpo: { loteId, valor: 24_000_00 } })).status,
  ).toBe(201);
  await vencerLote(db, loteId);
  await encerrarLotesVencidos({ db });
  const fotos = await db
    .insert(loteFoto)
    .values([
      { hotsiteId, loteId, ordem: 1, url: '/catalogo/foto/carro.svg?cor=prata&n=1', descricao: 'Frente' },
      { hotsiteId, loteId, ordem: 2, url: '/catalogo/foto/carro.svg?cor=prata&n=2', descricao: 'Traseira' },
    ])
    .returning({ id: loteFoto.id });
  const [l] = await db.select({ uid: lote.uid, situacao: lote.situacao }).from(lote).where(eq(lote.id, loteId));
  expect(l!.situacao).toBe('CONDICIONAL');
  return { loteId, uid: l!.uid, fotos: fotos.map((f) => f.id) };
}

describe('the conditional vehicle evaluation (SAC, ADM; the seller reads it)', () => {
  it('SAC evaluates items, photos and values, concludes with a recommendation that the answer starts from; the seller sees it and answers', async () => {
    const db = t.banco.db;
    const [c] = await db.select({ id: comitente.id }).from(comitente).where(eq(comitente.hotsiteId, 1)).orderBy(asc(comitente.id)).limit(1);
    const { loteId, uid, fotos } = await loteCondicional({ comitenteId: c!.id });
    const pagina = `/admin/avaliacao-veicular-condicional/${uid}`;
    const sac = await entrarComoStaff(db, [P.SAC], { nome: 'Paula SAC' });
    const vendedor = await entrarComoStaff(db, [P.COMITENTE]);
    await db.insert(usuarioComitente).values({ hotsiteId: 1, usuarioId: vendedor.id, comitenteId: c!.id });

    const aberta = await abrir('h1.localhost', pagina, sac.cookie);
    expect(aberta.status).toBe(200);
    expect(aberta.texto).toMatch(/R\$\s24\.000,00[\s\S]*R\$\s30\.000,00 \(lance = 80% do valor\)/);
    expect(aberta.texto).toContain('data-testid="form-avaliacao-condicional"');

    const rascunho: [string, string][] = [
      ['_acao', 'salvar'],
      ['estado.0', 'Regular'],
      ['nota.0', 'Amassado na porta traseira esquerda'],
      ['estado.4', 'Bom'],
      ['foto', String(fotos[1])],
      [`notaFoto.${fotos[1]}`, 'Amassado visível'],
      ['valorMercado', '48.000,00'],
      ['custoReparos', '3.500,00'],
    ];
    expect((await postar('h1.localhost', pagina, sac.cookie, rascunho)).status).toBe(200);
    const [r1] = await db.select().from(avaliacaoCondicional).where(eq(avaliacaoCondicional.loteId, loteId));
    expect(r1).toMatchObject({
      hotsiteId: 1,
      situacao: 'Em andamento',
      valorMercado: 48_000_00,
      custoReparos: 3_500_00,
      itens: [
        { item: 'Lataria', estado: 'Regular', nota: 'Amassado na porta traseira esquerda' },
        { item: 'Motor', estado: 'Bom', nota: null },
      ],
      fotos: [{ fotoId: fotos[1], nota: 'Amassado visível' }],
    });
    // A draft is staff work: the seller does not see it yet.
    const vistaRascunho = await abrir('h1.localhost', pagina, vendedor.cookie);
    expect(vistaRascunho.status).toBe(200);
    expect(vistaRascunho.texto).toContain('A avaliação do veículo ainda não foi concluída pela equipe.');
    expect(vistaRascunho.texto).not.toContain('Amassado visível');

    // Concluding "Novo valor" without the suggested value is refused, typed values kept; a photo of another lot too.
    const semValor = await postar('h1.localhost', pagina, sac.cookie, [
      ...rascunho.slice(1),
      ['_acao', 'concluir'],
      ['recomendacao', 'Novo valor'],
    ]);
    expect(semValor.status).toBe(400);
    expect(semValor.texto).toContain('Para recomendar Novo valor, informe o valor sugerido');
    expect(semValor.texto).toContain('value="48.000,00"');
    const outro = await loteCondicional();
    const fotoAlheia = await postar('h1.localhost', pagina, sac.cookie, [
      ['_acao', 'salvar'],
      ['foto', String(outro.fotos[0])],
    ]);
    expect(fotoAlheia.status).toBe(400);
    expect(fotoAlheia.texto).toContain('Foto não encontrada neste lote');

    const concluida = await postar('h1.localhost', pagina, sac.cookie, [
      ...rascunho.slice(1),
      ['_acao', 'concluir'],
      ['valorSugerido', '27.500,00'],
      ['recomendacao', 'Novo valor'],
      ['observacao', 'Reparo simples; o lance está perto do valor de mercado menos o reparo.'],
    ]);
    expect(concluida.status).toBe(200);
    expect(concluida.texto).toContain('Avaliação concluída');
    // The answer form starts from the recommendation: "Novo valor" with R$ 27.500,00 typed in.
    expect(concluida.texto).toMatch(/Recomendação da avaliação: <strong>Novo valor<\/strong> de R\$\s27\.500,00/);
    expect(concluida.texto).toMatch(/<option value="Novo valor" selected="">/);
    expect(concluida.texto).toContain('value="27.500,00"');
    // Concluded: not edited until reopened.
    const edicao = await postar('h1.localhost', pagina, sac.cookie, [
      ['_acao', 'salvar'],
      ['valorMercado', '1,00'],
    ]);
    expect(edicao.status).toBe(409);
    expect(edicao.texto).toContain('Esta avaliação já foi concluída; reabra para editar');

    // The list shows the recommendation beside the lot.
    const lista = await abrir('h1.localhost', '/admin/avaliacao-veicular-condicional', sac.cookie);
    expect(lista.texto).toMatch(new RegExp(`${uid}[^"]*">Concluída</a><br/><small>Recomenda: Novo valor R\\$\\s27\\.500,00`));

    // The seller tied to this lot's seller reads it (not a draft now) but may not write it; then answers.
    const vista = await abrir('h1.localhost', pagina, vendedor.cookie);
    expect(vista.texto).toContain('data-testid="resumo-avaliacao"');
    expect(vista.texto).toContain('Amassado visível');
    expect(vista.texto).not.toContain('data-testid="form-avaliacao-condicional"');
    expect((await postar('h1.localhost', pagina, vendedor.cookie, { _acao: 'reabrir' })).status).toBe(403);
    const resposta = await postar('h1.localhost', pagina, vendedor.cookie, {
      _acao: 'responder',
      resposta: 'Novo valor',
      novoValor: '27.500,00',
    });
    expect(resposta.status).toBe(200);
    expect(resposta.texto).toContain('Resposta registrada: Novo valor (Condicional)');
    expect(resposta.texto).toMatch(/data-testid="resposta-dada">Novo valor: R\$\s27\.500,00/);

    // SAC reopens, edits, and the seller no longer sees a concluded evaluation.
    expect((await postar('h1.localhost', pagina, sac.cookie, { _acao: 'reabrir' })).status).toBe(200);
    expect((await abrir('h1.localhost', pagina, vendedor.cookie)).texto).toContain('ainda não foi concluída');
  }, 120_000);

  it('keeps out a seller of another seller, other roles, another brand, and lots never conditional', async () => {
    const db = t.banco.db;
    const [a, b] = await db
      .select({ id: comitente.id })
      .from(comitente)
      .where(eq(comitente.hotsiteId, 1))
      .orderBy(asc(comitente.id))
      .limit(2);
    const { uid } = await loteCondicional({ comitenteId: a!.id });
    const pagina = `/admin/avaliacao-veicular-condicional/${uid}`;
    const deOutro = await entrarComoStaff(db, [P.COMITENTE]);
    await db.insert(usuarioComitente).values({ hotsiteId: 1, usuarioId: deOutro.id, comitenteId: b!.id });
    expect((await abrir('h1.localhost', pagina, deOutro.cookie)).status).toBe(404);
    expect((await postar('h1.localhost', pagina, deOutro.cookie, { _acao: 'responder', resposta: 'Liberada' })).status).toBe(404);
    for (const papel of [P.LEILAO, P.LEILOEIRO, P.MKT, P.ACERTO]) {
      const u = await entrarComoStaff(db, [papel]);
      expect((await abrir('h1.localhost', pagina, u.cookie)).status).toBe(403);
    }
    const adm2 = await entrarComoStaff(db, [P.ADM], { hotsiteId: 2 });
    expect((await abrir('h2.localhost', pagina, adm2.cookie)).status).toBe(404);
    expect((await postar('h2.localhost', pagina, adm2.cookie, { _acao: 'salvar', valorMercado: '1,00' })).status).toBe(404);
    expect(await db.select().from(avaliacaoCondicional).where(eq(avaliacaoCondicional.hotsiteId, 2))).toHaveLength(0);

    // A lot that never had a conditional bid has nothing to evaluate; a broken uid is "not found" too.
    const adm = await entrarComoStaff(db, [P.ADM]);
    const { loteId } = await criarLoteEmDisputa(db);
    const [emDisputa] = await db.select({ uid: lote.uid }).from(lote).where(eq(lote.id, loteId));
    const naoCondicional = await abrir('h1.localhost', `/admin/avaliacao-veicular-condicional/${emDisputa!.uid}`, adm.cookie);
    expect(naoCondicional.status).toBe(404);
    expect(naoCondicional.texto).toContain('Este lote não tem lance condicional para avaliar');
    expect((await abrir('h1.localhost', '/admin/avaliacao-veicular-condicional/nao-e-uid', adm.cookie)).status).toBe(404);
  }, 120_000);
});

const DADOS_PUBLICOS = `_data=${encodeURIComponent('routes/vender-seu-carro')}`;
async function pedidoPublico(host: string, marcaModelo: string, cidade = 'Campinas', uf = 'SP') {
  const r = await t.app.pedir(host, `/vender-seu-carro?${DADOS_PUBLICOS}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    corpo: new URLSearchParams({
      nome: 'Marcos Albuquerque',
      email: 'marcos@exemplo.com.br',
      telefone: '(11) 98765-4321',
      marcaModelo,
      anoModelo: '2019',
      km: '65.432',
      valorPretendido: '42.500,00',
      cidade,
      uf,
    }).toString(),
  });
  expect(r.status).toBe(200);
  const hotsiteId = Number(host.slice(1, host.indexOf('.')));
  const [p] = await t.banco.db
    .select({ uid: pedidoVendaVeiculo.uid, id: pedidoVendaVeiculo.id })
    .from(pedidoVendaVeiculo)
    .where(and(eq(pedidoVendaVeiculo.hotsiteId, hotsiteId), eq(pedidoVendaVeiculo.marcaModelo, marcaModelo)))
    .orderBy(desc(pedidoVendaVeiculo.id))
    .limit(1);
  return p!;
}

describe('sell-your-car requests for staff (SAC, GerenteSAC, Leilão, ADM)', () => {
  it('lists the brand’s new requests, filters them, assigns, comments, refuses with a reason and records the lot it became', async () => {
    const db = t.banco.db;
    const marca = `Fiat Argo ${Date.now()}`;
    const p = await pedidoPublico('h1.localhost', marca, 'Recife', 'PE');
    const daOutraMarca = await pedidoPublico('h2.localhost', `Honda Fit ${Date.now()}`);
    const sac = await entrarComoStaff(db, [P.SAC], { nome: 'Sônia Atendimento' });
    const pagina = `/admin/pedido-venda/${p.uid}`;

    const lista = await abrir('h1.localhost', '/admin/pedidos-venda?situacao=Novo&uf=PE', sac.cookie);
    expect(lista.status).toBe(200);
    expect(lista.texto).toContain(marca);
    expect(lista.texto).toMatch(/R\$\s42\.500,00[\s\S]*Recife\/PE[\s\S]*Novo/);
    expect(lista.texto).not.toContain(daOutraMarca.uid);
    expect((await abrir('h1.localhost', '/admin/pedidos-venda?uf=SP', sac.cookie)).texto).not.toContain(p.uid);
    expect((await abrir('h1.localhost', `/admin/pedidos-venda?busca=${encodeURIComponent(marca)}`, sac.cookie)).texto).toContain(p.uid);

    // Assign to a Leilão user (who handles requests), then "mine" for them.
    const leilao = await entrarComoStaff(db, [P.LEILAO], { nome: 'Lauro Leilão' });
    expect((await postar('h1.localhost', pagina, sac.cookie, { _acao: 'atribuir', responsavelId: leilao.id })).status).toBe(200);
    expect((await abrir('h1.localhost', '/admin/pedidos-venda?meus=1', leilao.cookie)).texto).toContain(p.uid);
    expect((await abrir('h1.localhost', '/admin/pedidos-venda?meus=1', sac.cookie)).texto).not.toContain(p.uid);
    // Someone outside the screen's roles cannot be assigned.
    const mkt = await entrarComoStaff(db, [P.MKT]);
    const fora = await postar('h1.localhost', pagina, sac.cookie, { _acao: 'atribuir', responsavelId: mkt.id });
    expect(fora.status).toBe(400);
    expect(fora.texto).toContain('O responsável precisa ser da equipe que atende os pedidos');

    await postar('h1.localhost', pagina, sac.cookie, { _acao: 'situacao', situacao: 'Contatado' });
    await postar('h1.localhost', pagina, sac.cookie, { _acao: 'comentar', texto: 'Liguei; vai mandar fotos amanhã.' });
    // Refusing needs the reason; turning into a lot needs the brand's lot.
    const semMotivo = await postar('h1.localhost', pagina, sac.cookie, { _acao: 'situacao', situacao: 'Recusado' });
    expect(semMotivo.status).toBe(400);
    expect(semMotivo.texto).toContain('Escreva o motivo da recusa');
    const semLote = await postar('h1.localhost', pagina, leilao.cookie, { _acao: 'situacao', situacao: 'Virou lote' });
    expect(semLote.status).toBe(400);
    expect(semLote.texto).toContain('Informe o código do lote em que o pedido virou');
    const loteDe2 = await criarLoteEmDisputa(db, { hotsiteId: 2 });
    const alheio = await postar('h1.localhost', pagina, leilao.cookie, {
      _acao: 'situacao',
      situacao: 'Virou lote',
      loteId: loteDe2.loteId,
    });
    expect(alheio.status).toBe(404);
    expect(alheio.texto).toContain('Lote não encontrado nesta marca');
    const [depoisDoAlheio] = await db.select().from(pedidoVendaVeiculo).where(eq(pedidoVendaVeiculo.id, p.id));
    expect(depoisDoAlheio).toMatchObject({ situacao: 'Contatado', loteId: null });

    const { loteId } = await criarLoteEmDisputa(db);
    const virou = await postar('h1.localhost', pagina, leilao.cookie, {
      _acao: 'situacao',
      situacao: 'Virou lote',
      loteId,
      texto: 'Entrou no leilão de sábado',
    });
    expect(virou.status).toBe(200);
    const detalhe = await abrir('h1.localhost', pagina, sac.cookie);
    expect(detalhe.texto).toMatch(/data-testid="situacao-pedido">Virou lote</);
    expect(detalhe.texto).toContain('Lauro Leilão');
    expect(detalhe.texto).toContain('Liguei; vai mandar fotos amanhã.');
    expect(detalhe.texto).toContain('Virou lote: Entrou no leilão de sábado');
    expect(detalhe.texto).toContain(`/admin/lotes/${loteId}`);

    // GerenteSAC and ADM may; MKT, Comitente, Pátio may not; another brand's staff never see it.
    for (const papel of [P.GERENTE_SAC, P.ADM])
      expect((await abrir('h1.localhost', pagina, (await entrarComoStaff(db, [papel])).cookie)).status).toBe(200);
    for (const papel of [P.MKT, P.COMITENTE, P.PATIO]) {
      const u = await entrarComoStaff(db, [papel]);
      expect((await abrir('h1.localhost', '/admin/pedidos-venda', u.cookie)).status).toBe(403);
      expect((await postar('h1.localhost', pagina, u.cookie, { _acao: 'comentar', texto: 'x' })).status).toBe(403);
    }
    const sac2 = await entrarComoStaff(db, [P.SAC], { hotsiteId: 2 });
    expect((await abrir('h2.localhost', pagina, sac2.cookie)).status).toBe(404);
    expect((await postar('h2.localhost', pagina, sac2.cookie, { _acao: 'situacao', situacao: 'Recusado', texto: 'x' })).status).toBe(404);
    expect((await abrir('h2.localhost', '/admin/pedidos-venda', sac2.cookie)).texto).not.toContain(p.uid);
    expect((await db.select().from(pedidoVendaVeiculo).where(eq(pedidoVendaVeiculo.id, p.id)))[0]!.situacao).toBe('Virou lote');
  }, 120_000);
});
