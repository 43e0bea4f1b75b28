import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  cliente,
  endereco,
  estadia,
  estadiaServico,
  hotsiteAlteracao,
  lance,
  lote,
  loteClienteValidacao,
  mensagemSaida,
  patio,
  patioRecesso,
  tabelaFrete,
  venda,
  vendaItem,
  vendaLoteCondicional,
  veiculo,
  veiculoTipo,
} from '@db/schema';
import { encerrarLotesVencidos, responderCondicional } from '~/modules/lances/encerramento.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { registrarPagamento } from '~/modules/vendas/acoes.server';
import { feriadoNacional, feriadosNacionais } from '~/modules/vendas/feriados';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

const t = instanciaDeTeste();
const db = () => t.banco.db;

/** A lot won at `valor` by a new client and closed by the job → AG_PAGAMENTO with its sale. */
async function loteVendido({ hotsiteId = 1, valor = 15_000_00 } = {}) {
  const { loteId, leilaoId } = await criarLoteEmDisputa(db(), { hotsiteId, minimo: 10_000_00 });
  const c = await criarCliente(db(), { hotsiteId, nome: 'Marina Entrega', leilaoId });
  const r = await t.app.pedir(`h${hotsiteId}.localhost`, '/v1/lances', { headers: c.auth, corpo: { loteId, valor } });
  expect(r.status).toBe(201);
  await vencerLote(db(), loteId);
  await encerrarLotesVencidos({ db: db() });
  const [item] = await db().select().from(vendaItem).where(eq(vendaItem.loteId, loteId));
  const [v] = await db().select().from(venda).where(eq(venda.id, item.vendaId));
  return { loteId, leilaoId, cliente: c, venda: v };
}

async function pagar(vendaId: number, hotsiteId = 1) {
  const [v] = await db().select().from(venda).where(eq(venda.id, vendaId));
  await registrarPagamento({
    db: db(),
    hotsiteId,
    vendaId,
    entrada: { tipo: 'DINHEIRO', valor: v.total },
    autor: 'Caixa',
    urlBase: 'http://h1.localhost',
  });
}

async function comEndereco(usuarioId: number, uf: string, hotsiteId = 1) {
  const [c] = await db()
    .insert(cliente)
    .values({ hotsiteId, usuarioId, email: `e${usuarioId}@x.test`, nome: 'Marina Entrega' })
    .returning();
  await db().insert(endereco).values({
    hotsiteId,
    clienteId: c.id,
    logradouro: 'Rua das Flores',
    numero: '10',
    bairro: 'Centro',
    cep: '01000-000',
    cidade: 'São Paulo',
    estadoSigla: uf,
  });
}

/** The next date (YYYY-MM-DD) at least 2 days ahead whose UTC weekday is `dia` (0 = Sunday), not a national holiday. */
function proximo(dia: number) {
  const d = new Date(Date.now() + 2 * 86_400_000);
  while (d.getUTCDay() !== dia || feriadoNacional(d.toISOString().slice(0, 10))) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The next national holiday falling Monday to Friday, at least 2 days ahead (the rule refuses it at any distance). */
function proximoFeriadoUtil() {
  const limite = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const ano = new Date().getUTCFullYear();
  return [...feriadosNacionais(ano), ...feriadosNacionais(ano + 1)].find(
    (f) => f.dia >= limite && ![0, 6].includes(new Date(`${f.dia}T12:00:00Z`).getUTCDay()),
  )!;
}

const postar = (host: string, caminho: string, cookie: string, campos: Record<string, string>) =>
  t.app.pedir(host, caminho, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    corpo: new URLSearchParams(campos).toString(),
  });

describe('pickup slots follow the yard’s hours and recess days (decision 072)', () => {
  it('books inside the hours, refuses outside them and on recess days, and records the stay service', async () => {
    const { venda: v, cliente: c } = await loteVendido();
    await pagar(v.id);
    const [p] = await db()
      .insert(patio)
      .values({
        hotsiteId: 1,
        nome: 'Pátio Sábado',
        slug: `sabado-${v.id}`,
        cidade: 'Barueri',
        estado: 'São Paulo',
        estadoUf: 'SP',
        horaAbertura: 9,
        horaFechamento: 13,
        diasAtendimento: '23456',
      })
      .returning();
    const sabado = proximo(6);
    const caminho = `/v1/cliente/meus-lances/alterar-metodo-entrega/pos-venda/${v.id}`;
    const put = (horario: string) =>
      t.app.pedir('h1.localhost', caminho, {
        method: 'PUT',
        headers: c.auth,
        corpo: { metodo: 'Retirada', valor: 0, patUid: p.uid, agendadoHorario: horario },
      });
    const segunda = await put(`${proximo(1)}T10:00:00-03:00`);
    expect(segunda.status).toBe(400);
    expect((segunda.json() as { message: string }).message).toBe(
      'Escolha um horário dentro do atendimento do pátio (terça a sábado, das 9h às 13h)',
    );
    await db().insert(patioRecesso).values({ hotsiteId: 1, patioId: p.id, dia: sabado, descricao: 'Inventário' });
    const recesso = await put(`${sabado}T10:00:00-03:00`);
    expect(recesso.status).toBe(400);
    expect((recesso.json() as { message: string }).message).toMatch(/^O pátio está em recesso nesse dia/);
    const terca = proximo(2);
    const ok = await put(`${terca}T12:00:00-03:00`);
    expect(ok.status).toBe(200);
    const [depois] = await db().select().from(venda).where(eq(venda.id, v.id));
    expect(depois).toMatchObject({ patioId: p.id, situacaoEntrega: 'aguardando_retirada' });

    // The booking is a service on the vehicle's stay at that yard, visible to the buyer only.
    const servicos = await t.app.pedir('h1.localhost', '/v1/estadias/servicos-solicitados', { headers: c.auth });
    expect(servicos.status).toBe(200);
    expect(servicos.json()).toEqual([
      expect.objectContaining({ tipo: 'Retirada', situacao: 'AGENDADO', vendaId: v.id, patio: expect.objectContaining({ uid: p.uid }) }),
    ]);
    const outro = await criarCliente(db());
    expect((await t.app.pedir('h1.localhost', '/v1/estadias/servicos-solicitados', { headers: outro.auth })).json()).toEqual([]);
    expect((await t.app.pedir('h1.localhost', '/v1/estadias/servicos-solicitados')).status).toBe(401);

    // The client page shows the yard's hours.
    const pagina = await t.app.pedir('h1.localhost', `/cliente/compras/${v.id}`, { headers: { cookie: c.cookie } });
    expect(pagina.texto).toContain('terça a sábado, das 9h às 13h');
  });
});

describe('pickups the yard can honour (decision 125)', () => {
  it('the page offers only the vehicle’s yard’s slots; a forged Saturday, holiday, other yard or hour is a pt-BR 400; a valid slot is booked and e-mailed with the address', async () => {
    const { venda: v, cliente: c, loteId } = await loteVendido();
    await pagar(v.id);
    const [doVeiculo] = await db()
      .insert(patio)
      .values({
        hotsiteId: 1,
        nome: 'Pátio Barueri',
        slug: `barueri-${v.id}`,
        cidade: 'Barueri',
        estado: 'São Paulo',
        estadoUf: 'SP',
        endereco: { logradouro: 'Avenida Tamboré', numero: '1200', bairro: 'Tamboré', cep: '06460-000' },
      })
      .returning();
    // A yard of another state that even opens on Saturdays: not where this vehicle is.
    const [outro] = await db()
      .insert(patio)
      .values({
        hotsiteId: 1,
        nome: 'Pátio Goiânia',
        slug: `goiania-${v.id}`,
        cidade: 'Goiânia',
        estado: 'Goiás',
        estadoUf: 'GO',
        diasAtendimento: '123456',
      })
      .returning();
    const [l] = await db().select().from(lote).where(eq(lote.id, loteId));
    await db().update(veiculo).set({ patioId: doVeiculo.id }).where(eq(veiculo.id, l.veiculoId));

    const pagina = await t.app.pedir('h1.localhost', `/cliente/compras/${v.id}`, { headers: { cookie: c.cookie } });
    expect(pagina.status).toBe(200);
    expect(pagina.texto).toContain('Avenida Tamboré, 1200 - Tamboré, Barueri/SP, CEP 06460-000');
    expect(pagina.texto).toContain('segunda a sexta, das 8h às 17h, exceto feriados nacionais');
    expect(pagina.texto).not.toContain('Pátio Goiânia');
    const oferecidos = [...pagina.texto.matchAll(/<option value="(\d{4}-\d{2}-\d{2}T[\d:.]+Z)"/g)].map((m) => new Date(m[1]));
    expect(oferecidos.length).toBeGreaterThan(9 * 5);
    for (const h of oferecidos) {
      const sp = new Date(h.getTime() - 3 * 3_600_000);
      expect([0, 6]).not.toContain(sp.getUTCDay());
      expect(sp.getUTCHours()).toBeGreaterThanOrEqual(8);
      expect(sp.getUTCHours()).toBeLessThan(17);
      expect(feriadoNacional(sp.toISOString().slice(0, 10))).toBeNull();
    }

    const agendar = (patUid: string, horario: string) =>
      postar('h1.localhost', `/cliente/compras/${v.id}`, c.cookie, { _acao: 'entrega', metodo: 'Retirada', patUid, horario });
    const sabado = await agendar(doVeiculo.uid, `${proximo(6)}T10:00:00-03:00`);
    expect(sabado.status).toBe(400);
    expect(sabado.texto).toContain('Escolha um horário dentro do atendimento do pátio (segunda a sexta, das 8h às 17h)');
    const noOutro = await agendar(outro.uid, `${proximo(6)}T10:00:00-03:00`);
    expect(noOutro.status).toBe(400);
    expect(noOutro.texto).toContain('Este veículo é retirado no pátio Pátio Barueri (Barueri/SP); escolha um horário desse pátio');
    const feriado = proximoFeriadoUtil();
    const noFeriado = await agendar(doVeiculo.uid, `${feriado.dia}T10:00:00-03:00`);
    expect(noFeriado.status).toBe(400);
    expect(noFeriado.texto).toContain(`O pátio não atende no feriado (${feriado.nome}, ${feriado.dia.split('-').reverse().join('/')})`);
    const tarde = await agendar(doVeiculo.uid, `${proximo(3)}T18:00:00-03:00`);
    expect(tarde.status).toBe(400);
    expect(tarde.texto).toContain('Escolha um horário dentro do atendimento do pátio');
    const quebrado = await agendar(doVeiculo.uid, `${proximo(3)}T10:30:00-03:00`);
    expect(quebrado.status).toBe(400);
    expect(await db().select().from(estadiaServico).where(eq(estadiaServico.vendaId, v.id))).toHaveLength(0);
    // The vehicle-or-freight choice cannot point at another yard either.
    const salvar = await t.app.pedir('h1.localhost', '/v1/cliente/meus-lances/salvar-metodo-entrega', {
      method: 'PUT',
      headers: c.auth,
      corpo: { uid: v.uid, metodo: 'Retirada', valor: 0, patUid: outro.uid },
    });
    expect(salvar.status).toBe(400);

    const escolhido = oferecidos[oferecidos.length - 1];
    const ok = await agendar(doVeiculo.uid, escolhido.toISOString());
    expect(ok.status).toBe(200);
    const [depois] = await db().select().from(venda).where(eq(venda.id, v.id));
    expect(depois).toMatchObject({ patioId: doVeiculo.id, situacaoEntrega: 'aguardando_retirada', agendadoHorario: escolhido });
    const emails = await db().select().from(mensagemSaida).where(eq(mensagemSaida.para, c.email));
    const aviso = emails.find((m) => m.texto.includes('Retirada agendada no pátio Pátio Barueri'));
    expect(aviso?.texto).toContain('Endereço: Avenida Tamboré, 1200 - Tamboré, Barueri/SP, CEP 06460-000.');
  });
});

describe('freight table and salvar-metodo-entrega (decision 072)', () => {
  it('prices vehicle freight by UF and category, checks the value, and pickup needs a yard', async () => {
    const { venda: v, cliente: c, loteId } = await loteVendido();
    const caminho = '/v1/cliente/meus-lances/salvar-metodo-entrega';
    const put = (corpo: unknown, headers = c.auth, host = 'h1.localhost') => t.app.pedir(host, caminho, { method: 'PUT', headers, corpo });

    const semEndereco = await put({ uid: v.uid, metodo: 'Frete', valor: 0 });
    expect(semEndereco.status).toBe(400);
    expect((semEndereco.json() as { message: string }).message).toBe('Cadastre seu endereço para calcular o frete');

    await comEndereco(c.id, 'RR'); // the seed serves no vehicle freight to RR
    const [{ categoria }] = await db()
      .select({ categoria: veiculoTipo.categoria })
      .from(lote)
      .innerJoin(veiculo, eq(veiculo.id, lote.veiculoId))
      .innerJoin(veiculoTipo, eq(veiculoTipo.id, veiculo.veiculoTipoId))
      .where(eq(lote.id, loteId));
    const semTabela = await put({ uid: v.uid, metodo: 'Frete', valor: 0 });
    expect(semTabela.status).toBe(400);
    expect((semTabela.json() as { message: string }).message).toBe(`Não há frete de ${categoria} para RR; escolha a retirada no pátio`);

    await db().insert(tabelaFrete).values({ hotsiteId: 1, uf: 'RR', modalidade: categoria, valor: 1_800_00, prazoDias: 12 });
    const errado = await put({ uid: v.uid, metodo: 'Frete', valor: 100 });
    expect(errado.status).toBe(409);
    expect((errado.json() as { message: string }).message).toMatch(/^O valor do frete é R\$\s1\.800,00/);
    const certo = await put({ uid: v.uid, metodo: 'Frete', valor: 1_800_00 });
    expect(certo.status).toBe(200);
    const [depois] = await db().select().from(venda).where(eq(venda.id, v.id));
    expect(depois).toMatchObject({ entregaVeiculo: 'Frete', valorFrete: 1_800_00, ufFrete: 'RR', total: v.total + 1_800_00 });

    const semPatio = await put({ uid: v.uid, metodo: 'Retirada', valor: 0 });
    expect(semPatio.status).toBe(400);
    expect((semPatio.json() as { message: string }).message).toBe('Escolha o pátio da retirada');
    const naoNumerico = await put({ uid: v.uid, metodo: 'Frete', valor: 'muito' });
    expect(naoNumerico.status).toBe(400);
    expect((naoNumerico.json() as { message: string }).message).toContain('Valor deve ser numérico');
    expect((await put({ uid: v.uid, metodo: 'Drone', valor: 0 })).status).toBe(400);

    // Pickup sets the yard and takes the freight off the total.
    const [p] = await db().select().from(patio).where(eq(patio.hotsiteId, 1)).limit(1);
    expect((await put({ uid: v.uid, metodo: 'Retirada', valor: 0, patUid: p.uid })).status).toBe(200);
    const [retirada] = await db().select().from(venda).where(eq(venda.id, v.id));
    expect(retirada).toMatchObject({ entregaVeiculo: 'Retirada', valorFrete: 0, patioId: p.id, total: v.total });

    // Another client or another brand: the sale does not exist for them.
    const outro = await criarCliente(db());
    expect((await put({ uid: v.uid, metodo: 'Retirada', valor: 0, patUid: p.uid }, outro.auth)).status).toBe(404);
    const deOutraMarca = await criarCliente(db(), { hotsiteId: 2 });
    expect((await put({ uid: v.uid, metodo: 'Retirada', valor: 0, patUid: p.uid }, deOutraMarca.auth, 'h2.localhost')).status).toBe(404);
  });

  it('documents by Sedex / Carta Registrada are priced by the table for the client’s UF', async () => {
    const { venda: v, cliente: c } = await loteVendido();
    await comEndereco(c.id, 'GO');
    const caminho = `/v1/cliente/meus-lances/alterar-metodo-entrega/pos-venda/${v.id}`;
    const put = (corpo: unknown) => t.app.pedir('h1.localhost', caminho, { method: 'PUT', headers: c.auth, corpo });
    // The seed prices documents to every UF: take GO's Carta Registrada out to see the refusal.
    await db()
      .delete(tabelaFrete)
      .where(and(eq(tabelaFrete.hotsiteId, 1), eq(tabelaFrete.uf, 'GO'), eq(tabelaFrete.modalidade, 'Carta Registrada')));
    const sem = await put({ metodo: 'Carta Registrada', valor: 0 });
    expect(sem.status).toBe(400);
    expect((sem.json() as { message: string }).message).toBe('Não há frete de Carta Registrada para GO; escolha a retirada no pátio');
    await db().insert(tabelaFrete).values({ hotsiteId: 1, uf: 'GO', modalidade: 'Carta Registrada', valor: 35_00, prazoDias: 7 });
    expect((await put({ metodo: 'Carta Registrada', valor: 0 })).status).toBe(409);
    expect((await put({ metodo: 'Carta Registrada', valor: 35_00 })).status).toBe(200);
    const [depois] = await db().select().from(venda).where(eq(venda.id, v.id));
    expect(depois).toMatchObject({ metodoEntrega: 'Carta Registrada', valorSedex: 35_00, total: v.total + 35_00 });
  });

  it('/admin/tabela-frete: Acerto edits the table, bad input is a pt-BR 400, SAC is refused', async () => {
    const acerto = await entrarComoStaff(db(), [P.ACERTO]);
    const ok = await postar('h1.localhost', '/admin/tabela-frete', acerto.cookie, {
      _acao: 'salvar',
      uf: 'am',
      modalidade: 'Moto',
      valor: '950,00',
      prazoDias: '20',
    });
    expect(ok.status).toBe(200);
    const [linha] = await db()
      .select()
      .from(tabelaFrete)
      .where(and(eq(tabelaFrete.hotsiteId, 1), eq(tabelaFrete.uf, 'AM'), eq(tabelaFrete.modalidade, 'Moto')));
    expect(linha).toMatchObject({ valor: 950_00, prazoDias: 20 });
    const ruim = await postar('h1.localhost', '/admin/tabela-frete', acerto.cookie, {
      _acao: 'salvar',
      uf: 'Amazonas',
      modalidade: 'Moto',
      valor: '1',
      prazoDias: '2',
    });
    expect(ruim.status).toBe(400);
    const lista = await t.app.pedir('h1.localhost', '/admin/tabela-frete', { headers: { cookie: acerto.cookie } });
    expect(lista.texto).toContain('data-testid="tabela-frete"');
    const sac = await entrarComoStaff(db(), [P.SAC]);
    expect((await t.app.pedir('h1.localhost', '/admin/tabela-frete', { headers: { cookie: sac.cookie } })).status).toBe(403);
  });
});

describe('conditional lots belong to a sale (decision 073)', () => {
  it('closing CONDICIONAL ties the lot to a Condicional sale; Liberada moves it in; Recusada cancels an empty sale', async () => {
    const cond = await criarLoteEmDisputa(db(), { minimo: 20_000_00, valorComitente: 30_000_00 });
    const c = await criarCliente(db(), { leilaoId: cond.leilaoId });
    await t.app.pedir('h1.localhost', '/v1/lances', { headers: c.auth, corpo: { loteId: cond.loteId, valor: 24_000_00 } });
    await vencerLote(db(), cond.loteId);
    await encerrarLotesVencidos({ db: db() });
    const [link] = await db().select().from(vendaLoteCondicional).where(eq(vendaLoteCondicional.loteId, cond.loteId));
    const [v] = await db().select().from(venda).where(eq(venda.id, link.vendaId));
    expect(v).toMatchObject({ situacao: 'Condicional', usuarioId: c.id, total: 0 });
    const lista = await t.app.pedir('h1.localhost', '/v1/leilao/vendas/buscar-venda/minhas-vendas-lotes-condicional', { headers: c.auth });
    expect(lista.json()).toEqual([expect.objectContaining({ loteId: cond.loteId, vendaId: v.id, valor: 24_000_00 })]);
    const dto = await t.app.pedir('h1.localhost', `/v1/leilao/vendas/buscar-venda/minhas-vendas/${v.id}`, { headers: c.auth });
    expect(dto.json()).toMatchObject({ situacao: 'Condicional', lotesEmCondicional: [expect.objectContaining({ loteId: cond.loteId })] });

    await responderCondicional({ db: db(), hotsiteId: 1, loteId: cond.loteId, entrada: { resposta: 'Liberada' }, comitentes: 'todos' });
    const [item] = await db().select().from(vendaItem).where(eq(vendaItem.loteId, cond.loteId));
    expect(item.vendaId).toBe(v.id);
    const [depois] = await db().select().from(venda).where(eq(venda.id, v.id));
    expect(depois.situacao).toBe('AguardandoPagamento');
    expect(await db().select().from(vendaLoteCondicional).where(eq(vendaLoteCondicional.loteId, cond.loteId))).toHaveLength(0);

    const neg = await criarLoteEmDisputa(db(), { minimo: 20_000_00, valorComitente: 30_000_00 });
    const c2 = await criarCliente(db(), { leilaoId: neg.leilaoId });
    await t.app.pedir('h1.localhost', '/v1/lances', { headers: c2.auth, corpo: { loteId: neg.loteId, valor: 21_000_00 } });
    await vencerLote(db(), neg.loteId);
    await encerrarLotesVencidos({ db: db() });
    const [link2] = await db().select().from(vendaLoteCondicional).where(eq(vendaLoteCondicional.loteId, neg.loteId));
    await responderCondicional({ db: db(), hotsiteId: 1, loteId: neg.loteId, entrada: { resposta: 'Recusada' }, comitentes: 'todos' });
    const [negada] = await db().select().from(venda).where(eq(venda.id, link2.vendaId));
    expect(negada).toMatchObject({ situacao: 'Cancelada', motivoCancelada: 'Condicional negada' });
  });
});

describe('staff API: responder-validacao and estadias/qb', () => {
  it('answers a validation once, audited; bad input 400; clients 403; another brand 404', async () => {
    const { loteId, cliente: c } = await loteVendido();
    const [val] = await db().insert(loteClienteValidacao).values({ hotsiteId: 1, loteId, usuarioId: c.id, tipo: 'Manual' }).returning();
    const caminho = `/v1/leiloes/lotes/lote-cliente-validacoes/responder-validacao/${val.id}`;
    const acerto = await entrarComoStaff(db(), [P.ACERTO]);
    const put = (corpo: unknown, headers: Record<string, string>, host = 'h1.localhost', c2 = caminho) =>
      t.app.pedir(host, c2, { method: 'PUT', headers, corpo });
    expect((await put({ resultado: 'Autorizado' }, c.auth)).status).toBe(403);
    const ruim = await put({ resultado: 'Talvez' }, acerto.bearer);
    expect(ruim.status).toBe(400);
    expect((ruim.json() as { message: string }).message).toContain('Resultado deve ser Autorizado, Falha ou Divergente');
    const ok = await put({ resultado: 'Divergente', observacao: 'CPF com restrição' }, acerto.bearer);
    expect(ok.status).toBe(200);
    expect(ok.json()).toMatchObject({ id: val.id, resultado: 'Divergente', respondidoPor: expect.any(String) });
    expect((await put({ resultado: 'Autorizado' }, acerto.bearer)).status).toBe(409);
    const audit = await db()
      .select()
      .from(hotsiteAlteracao)
      .where(and(eq(hotsiteAlteracao.entidade, 'lote-cliente-validacao'), eq(hotsiteAlteracao.entidadeId, val.id)));
    expect(audit).toHaveLength(1);
    const outraMarca = await entrarComoStaff(db(), [P.ACERTO], { hotsiteId: 2 });
    expect((await put({ resultado: 'Autorizado' }, outraMarca.bearer, 'h2.localhost')).status).toBe(404);
    expect(
      (
        await put(
          { resultado: 'Autorizado' },
          acerto.bearer,
          'h1.localhost',
          '/v1/leiloes/lotes/lote-cliente-validacoes/responder-validacao/abc',
        )
      ).status,
    ).toBe(400);
  });

  it('estadias/qb lists stays with days and fee for yard staff, with the count header', async () => {
    const { loteId } = await criarLoteEmDisputa(db(), {});
    const [l] = await db().select().from(lote).where(eq(lote.id, loteId));
    const [p] = await db()
      .insert(patio)
      .values({
        hotsiteId: 1,
        nome: 'Pátio Diária',
        slug: `diaria-${loteId}`,
        cidade: 'Goiânia',
        estado: 'Goiás',
        estadoUf: 'GO',
        valorDiaria: 25_00,
      })
      .returning();
    const inicio = new Date(Date.now() - 3 * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);
    await db().insert(estadia).values({ hotsiteId: 1, patioId: p.id, veiculoId: l.veiculoId, diaInicio: inicio });
    const patioStaff = await entrarComoStaff(db(), [P.PATIO]);
    const r = await t.app.pedir('h1.localhost', `/v1/estadias/qb?patUid=${p.uid}&situacao=ATIVA`, { headers: patioStaff.bearer });
    expect(r.status).toBe(200);
    expect(r.headers.count).toBe('1');
    const [e] = r.json() as { diarias: number; valorEstadia: number }[];
    expect(e.diarias).toBeGreaterThanOrEqual(4);
    expect(e.valorEstadia).toBe(e.diarias * 25_00);
    expect((await t.app.pedir('h1.localhost', '/v1/estadias/qb?page=abc', { headers: patioStaff.bearer })).status).toBe(400);
    const c = await criarCliente(db());
    expect((await t.app.pedir('h1.localhost', '/v1/estadias/qb', { headers: c.auth })).status).toBe(403);
    const outraMarca = await entrarComoStaff(db(), [P.PATIO], { hotsiteId: 2 });
    const vazio = await t.app.pedir('h2.localhost', `/v1/estadias/qb?patUid=${p.uid}`, { headers: outraMarca.bearer });
    expect(vazio.json()).toEqual([]);
  });
});

describe('/admin/lance-recebido/{uid} (Acerto, SAC, ADM; decision 073)', () => {
  it('shows the tabs to staff of the brand only', async () => {
    const { loteId, cliente: c, venda: v } = await loteVendido();
    const [la] = await db().select().from(lance).where(eq(lance.loteId, loteId));
    const sac = await entrarComoStaff(db(), [P.SAC]);
    const url = `/admin/lance-recebido/${la.uid}`;
    const cli = await t.app.pedir('h1.localhost', url, { headers: { cookie: sac.cookie } });
    expect(cli.status).toBe(200);
    expect(cli.texto).toContain('data-testid="aba-cliente"');
    expect(cli.texto).toContain(c.email);
    const fin = await t.app.pedir('h1.localhost', `${url}?aba=financeiro`, { headers: { cookie: sac.cookie } });
    expect(fin.texto).toContain(`/admin/compras/${v.id}`);
    for (const aba of ['comprovantes', 'historico', 'lote', 'notificacoes'])
      expect((await t.app.pedir('h1.localhost', `${url}?aba=${aba}`, { headers: { cookie: sac.cookie } })).texto).toContain(
        `data-testid="aba-${aba}"`,
      );
    const lista = await t.app.pedir('h1.localhost', '/admin/lances-recebidos', { headers: { cookie: sac.cookie } });
    expect(lista.texto).toContain(url);

    const comitente = await entrarComoStaff(db(), [P.COMITENTE]);
    expect((await t.app.pedir('h1.localhost', url, { headers: { cookie: comitente.cookie } })).status).toBe(403);
    expect((await t.app.pedir('h1.localhost', url, { headers: { cookie: c.cookie } })).status).toBe(403);
    const outraMarca = await entrarComoStaff(db(), [P.SAC], { hotsiteId: 2 });
    const h2 = await t.app.pedir('h2.localhost', url, { headers: { cookie: outraMarca.cookie } });
    expect(h2.status).toBe(404);
    expect(h2.texto).not.toContain(c.email);
    expect((await t.app.pedir('h1.localhost', '/admin/lance-recebido/nao-e-uid', { headers: { cookie: sac.cookie } })).status).toBe(404);
  });

  it('create bid, move bid, lot status and pickup: each audited, refused with pt-BR messages when not allowed', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(db(), { minimo: 10_000_00 });
    const a = await criarCliente(db(), { nome: 'Ana Telefone', leilaoId });
    const b = await criarCliente(db(), { nome: 'Bruno Conta Certa', leilaoId });
    expect((await t.app.pedir('h1.localhost', '/v1/lances', { headers: a.auth, corpo: { loteId, valor: 10_000_00 } })).status).toBe(201);
    const [la] = await db().select().from(lance).where(eq(lance.loteId, loteId));
    const url = `/admin/lance-recebido/${la.uid}`;
    const acerto = await entrarComoStaff(db(), [P.ACERTO]);

    const baixo = await postar('h1.localhost', url, acerto.cookie, { _acao: 'criar-lance', email: b.email, valor: '10.000,00' });
    expect(baixo.status).toBe(409);
    const ninguem = await postar('h1.localhost', url, acerto.cookie, { _acao: 'criar-lance', email: 'ninguem@x.test', valor: '20.000,00' });
    expect(ninguem.status).toBe(404);
    expect(ninguem.texto).toContain('Cliente não encontrado nesta marca');
    const criado = await postar('h1.localhost', url, acerto.cookie, { _acao: 'criar-lance', email: b.email, valor: '12.000,00' });
    expect(criado.status).toBe(200);
    const [doB] = await db()
      .select()
      .from(lance)
      .where(and(eq(lance.loteId, loteId), eq(lance.usuarioId, b.id)));
    expect(doB).toMatchObject({ valor: 12_000_00, tipo: 'Manual' });

    // Move B's bid to A while the lot is still in dispute: the lot's top bid follows.
    const mover = await postar('h1.localhost', `/admin/lance-recebido/${doB.uid}`, acerto.cookie, { _acao: 'mover-lance', email: a.email });
    expect(mover.status).toBe(200);
    const [topo] = await db().select().from(lote).where(eq(lote.id, loteId));
    expect(topo.ultimoLanceUsuarioId).toBe(a.id);
    const invalido = await postar('h1.localhost', url, acerto.cookie, { _acao: 'mover-lance', email: 'nao-email' });
    expect(invalido.status).toBe(400);

    // Lot status: only the allowed transitions.
    const pago = await postar('h1.localhost', url, acerto.cookie, { _acao: 'situacao-lote', situacao: 'PAGO' });
    expect(pago.status).toBe(409);
    expect(pago.texto).toContain('Não é possível passar o lote de LIBERADO_LEILAO para PAGO');
    expect((await postar('h1.localhost', url, acerto.cookie, { _acao: 'situacao-lote', situacao: 'SUSPENSO' })).status).toBe(200);
    expect((await db().select().from(lote).where(eq(lote.id, loteId)))[0].situacao).toBe('SUSPENSO');
    expect((await postar('h1.localhost', url, acerto.cookie, { _acao: 'situacao-lote', situacao: 'QUALQUER' })).status).toBe(400);
    const audit = await db()
      .select()
      .from(hotsiteAlteracao)
      .where(and(eq(hotsiteAlteracao.hotsiteId, 1), eq(hotsiteAlteracao.usuarioId, acerto.id)));
    expect(audit.map((x) => `${x.entidade}:${x.acao}`).sort()).toEqual(['lance:alterou', 'lance:criou', 'lote:alterou']);

    // A sold lot: its bid cannot move; pickup is changed on the paid sale.
    const vendido = await loteVendido();
    const [lv] = await db().select().from(lance).where(eq(lance.loteId, vendido.loteId));
    const urlV = `/admin/lance-recebido/${lv.uid}`;
    const naoMove = await postar('h1.localhost', urlV, acerto.cookie, { _acao: 'mover-lance', email: a.email });
    expect(naoMove.status).toBe(409);
    expect(naoMove.texto).toContain('O lote já tem venda');
    const [p] = await db().select().from(patio).where(eq(patio.hotsiteId, 1)).limit(1);
    const data = proximo(3);
    const antes = await postar('h1.localhost', urlV, acerto.cookie, {
      _acao: 'retirada',
      operacao: 'agendar',
      patUid: p.uid,
      data,
      hora: '10',
    });
    expect(antes.status).toBe(409);
    await pagar(vendido.venda.id);
    const fora = await postar('h1.localhost', urlV, acerto.cookie, {
      _acao: 'retirada',
      operacao: 'agendar',
      patUid: p.uid,
      data,
      hora: '20',
    });
    expect(fora.status).toBe(400);
    const ok = await postar('h1.localhost', urlV, acerto.cookie, {
      _acao: 'retirada',
      operacao: 'agendar',
      patUid: p.uid,
      data,
      hora: '10',
    });
    expect(ok.status).toBe(200);
    const [vv] = await db().select().from(venda).where(eq(venda.id, vendido.venda.id));
    expect(vv).toMatchObject({ patioId: p.id, situacaoEntrega: 'aguardando_retirada' });
    expect(await db().select().from(estadiaServico).where(eq(estadiaServico.vendaId, vv.id))).toHaveLength(1);
    const cancelar = await postar('h1.localhost', urlV, acerto.cookie, { _acao: 'retirada', operacao: 'cancelar' });
    expect(cancelar.status).toBe(200);
    const [servico] = await db().select().from(estadiaServico).where(eq(estadiaServico.vendaId, vv.id));
    expect(servico.situacao).toBe('CANCELADO');
    expect((await postar('h1.localhost', urlV, acerto.cookie, { _acao: 'situacao-lote', situacao: 'PAGO' })).status).toBe(200);
  });
});

describe('storage fee charged at delivery (decision 080)', () => {
  /** A paid (Fechada) sale whose payment date was `dias` days ago, at a yard charging R$ 35,00 a day. */
  async function vendaPagaHa(dias: number) {
    const { venda: v, cliente: c } = await loteVendido();
    const [p] = await db()
      .insert(patio)
      .values({
        hotsiteId: 1,
        nome: 'Pátio Estadia',
        slug: `patio-estadia-${v.id}`,
        cidade: 'Osasco',
        estado: 'São Paulo',
        estadoUf: 'SP',
        valorDiaria: 35_00,
      })
      .returning();
    await db()
      .update(venda)
      .set({ patioId: p.id, dataPagamento: new Date(Date.now() - dias * 86_400_000) })
      .where(eq(venda.id, v.id));
    await pagar(v.id);
    const [paga] = await db().select().from(venda).where(eq(venda.id, v.id));
    expect(paga.situacao).toBe('Fechada');
    return { venda: paga, cliente: c };
  }
  const entregar = (vendaId: number, cookie: string) =>
    postar('h1.localhost', `/admin/compras/${vendaId}`, cookie, { _acao: 'entrega', entrega: 'entregue' });

  it('past the free days, "Marcar entregue" adds the fee, reopens the sale and the buyer sees the remaining and why', async () => {
    const { venda: v, cliente: c } = await vendaPagaHa(10);
    const acerto = await entrarComoStaff(db(), [P.ACERTO]);
    // Staff see beforehand what delivering today charges.
    const antes = await t.app.pedir('h1.localhost', `/admin/compras/${v.id}`, { headers: { cookie: acerto.cookie } });
    expect(antes.texto).toMatch(/data-testid="estadia-a-cobrar">Estadia no pátio hoje: <!-- -->5/);
    const r = await entregar(v.id, acerto.cookie);
    expect(r.status).toBe(200);
    expect(r.texto).toContain('Estadia no pátio cobrada: 5 diárias');
    const [depois] = await db().select().from(venda).where(eq(venda.id, v.id));
    // 10 days after the payment date, 5 free: 5 × R$ 35,00, added to the total; not delivered.
    expect(depois).toMatchObject({ valorEstadia: 175_00, diariasEstadia: 5, total: v.total + 175_00, situacao: 'AguardandoPagamento' });
    expect(depois.situacaoEntrega).not.toBe('entregue');

    const pagina = await t.app.pedir('h1.localhost', `/cliente/compras/${v.id}`, { headers: { cookie: c.cookie } });
    expect(pagina.texto).toMatch(/data-testid="restante"><strong>R\$\s175,00/);
    expect(pagina.texto).toMatch(/estadia do bem no pátio: 5 diárias \(R\$\s175,00\)/);
    expect(pagina.texto).toMatch(/Estadia no pátio \(5 <!-- -->diárias\)|Estadia no pátio \(5 diárias\)/);
    const equipe = await t.app.pedir('h1.localhost', `/admin/compras/${v.id}`, { headers: { cookie: acerto.cookie } });
    expect(equipe.texto).toContain('Estadia no pátio cobrada na entrega: 5 diárias');
    // Not paid: cannot be delivered.
    expect((await entregar(v.id, acerto.cookie)).status).toBe(409);

    // The buyer pays the fee: the sale closes again and the same day's delivery charges nothing more.
    await registrarPagamento({
      db: db(),
      hotsiteId: 1,
      vendaId: v.id,
      entrada: { tipo: 'DEPOSITO', valor: 175_00 },
      autor: 'Caixa',
      urlBase: 'http://h1.localhost',
    });
    expect((await db().select().from(venda).where(eq(venda.id, v.id)))[0].situacao).toBe('Fechada');
    const ok = await entregar(v.id, acerto.cookie);
    expect(ok.status).toBe(200);
    expect(ok.texto).toContain('Salvo com sucesso');
    const [final] = await db().select().from(venda).where(eq(venda.id, v.id));
    expect(final).toMatchObject({ situacao: 'Fechada', situacaoEntrega: 'entregue', valorEstadia: 175_00, total: v.total + 175_00 });
  });

  it('within the free days the sale is delivered at once, with no fee', async () => {
    const { venda: v } = await vendaPagaHa(3);
    const sac = await entrarComoStaff(db(), [P.SAC]);
    expect((await entregar(v.id, sac.cookie)).status).toBe(200);
    const [depois] = await db().select().from(venda).where(eq(venda.id, v.id));
    expect(depois).toMatchObject({ situacao: 'Fechada', situacaoEntrega: 'entregue', valorEstadia: 0, total: v.total });
  });
});
