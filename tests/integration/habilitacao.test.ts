import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cliente, habilitacao, hotsite, mensagemSaida } from '@db/schema';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { entrarComoStaff } from '../staff';
import { instanciaDeTeste } from '../server';

/**
 * Habilitation (issue #12): from the lot page to a bid without help. Brand 1 enables at once; brand
 * 1002 (seeded with habilitacaoComAprovacao) waits for SAC/ADM, who approve or refuse with a reason
 * sent by e-mail through the outbox. No brand's staff or client sees or decides another's.
 */
const t = instanciaDeTeste();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const pagina = (host: string, caminho: string, cookie?: string) => t.app.pedir(host, caminho, { headers: cookie ? { cookie } : {} });
const habilitarPelaPagina = (host: string, cookie: string | undefined, campos: Record<string, string>) =>
  t.app.pedir(host, '/habilitacao', {
    method: 'POST',
    headers: { ...FORM, ...(cookie ? { cookie } : {}) },
    corpo: new URLSearchParams(campos).toString(),
  });
const estou = async (host: string, auth: Record<string, string>, leilaoId: number) =>
  (await t.app.pedir(host, `/v1/cliente/estou-habilitado?leilaoId=${leilaoId}`, { headers: auth })).json();
const lancePeloFormulario = (host: string, cookie: string, loteId: number, valor: string) =>
  t.app
    .pedir(host, '/lances/acao', {
      method: 'POST',
      headers: { ...FORM, cookie },
      corpo: new URLSearchParams({ _js: '1', intencao: 'lance', loteId: String(loteId), valor, redirectTo: '/' }).toString(),
    })
    .then((r) => r.json<{ ok: boolean; mensagem: string; habilitar?: boolean }>());
const emailsPara = (para: string) =>
  t.banco.db.select().from(mensagemSaida).where(eq(mensagemSaida.para, para)).orderBy(desc(mensagemSaida.id));
/** The page action's JSON answer (Remix's `_data`), as the browser's fetch gets it. */
const ROTA: Record<string, string> = { '/admin/habilitacoes': 'routes/admin.habilitacoes' };
const decidir = (host: string, caminho: string, cookie: string, campos: Record<string, string>) =>
  t.app.pedir(host, `${caminho}?_data=${encodeURIComponent(ROTA[caminho] ?? 'routes/admin.cliente.$id')}`, {
    method: 'POST',
    headers: { ...FORM, cookie },
    corpo: new URLSearchParams({ _acao: 'decidir-habilitacao', ...campos }).toString(),
  });

describe('habilitation at once (brand 1)', () => {
  it('the lot page offers it; without the terms nothing happens; accepted, the client bids', async () => {
    const H = 'h1.localhost';
    const { loteId, veiUid, leilaoId } = await criarLoteEmDisputa(t.banco.db, { minimo: 10_000_00, incremento: 500_00 });
    const c = await criarCliente(t.banco.db, { nome: 'Nina Alves' });

    // The refusal is no dead end: it comes with the way to enable.
    expect(await lancePeloFormulario(H, c.cookie, loteId, '10.000,00')).toMatchObject({
      ok: false,
      mensagem: 'Você não está habilitado para dar lances neste leilão',
      habilitar: true,
    });
    const antes = await pagina(H, `/lances/${veiUid}`, c.cookie);
    expect(antes.texto).toContain('Habilitar-se para este leilão');
    expect(antes.texto).toContain('Li e aceito o edital e o regulamento deste leilão');
    // The auction's lot list shows it too.
    expect((await pagina(H, `/leilao?leilao=${leilaoId}`, c.cookie)).texto).toContain('Habilitar-se para este leilão');

    const sem = await habilitarPelaPagina(H, c.cookie, { leilaoId: String(leilaoId), redirectTo: `/lances/${veiUid}` });
    expect(sem.status).toBe(303);
    expect(decodeURIComponent(String(sem.headers.location)).replace(/\+/g, ' ')).toContain(
      'habilitacao=Aceite o edital e o regulamento para se habilitar',
    );
    expect(await estou(H, c.auth, leilaoId)).toMatchObject({ habilitado: false, situacao: null });

    const com = await habilitarPelaPagina(H, c.cookie, {
      leilaoId: String(leilaoId),
      aceite: 'on',
      redirectTo: `/lances/${veiUid}`,
      ancora: 'habilitacao',
    });
    expect(com.status).toBe(303);
    const volta = String(com.headers.location);
    expect(volta.startsWith(`/lances/${veiUid}?`)).toBe(true);
    expect(volta.endsWith('#habilitacao')).toBe(true);
    const depois = await pagina(H, volta.replace(/#.*/, ''), c.cookie);
    expect(depois.texto).toContain('Habilitação realizada com sucesso');
    expect(depois.texto).toContain('Você está habilitado para este leilão');
    expect(await estou(H, c.auth, leilaoId)).toMatchObject({ leilaoId, habilitado: true, situacao: 'Habilitado', motivo: null });
    const [linha] = await t.banco.db.select().from(habilitacao).where(eq(habilitacao.usuarioId, c.id));
    expect(linha.aceiteEm).toBeInstanceOf(Date);
    expect(await lancePeloFormulario(H, c.cookie, loteId, '10.000,00')).toMatchObject({
      ok: true,
      mensagem: 'Lance registrado com sucesso',
    });
  });

  it('a visitor is sent to the login, which brings them back to the page', async () => {
    const { veiUid, leilaoId } = await criarLoteEmDisputa(t.banco.db);
    const html = (await pagina('h1.localhost', `/lances/${veiUid}`)).texto;
    expect(html).toContain('Entre para se habilitar e dar lances');
    expect(html).toContain(`/login?redirectTo=%2Flances%2F${veiUid}`);
    const r = await habilitarPelaPagina('h1.localhost', undefined, {
      leilaoId: String(leilaoId),
      aceite: 'on',
      redirectTo: `/lances/${veiUid}`,
    });
    expect(r.status).toBe(303);
    expect(String(r.headers.location)).toMatch(new RegExp(`^/login\\?redirectTo=%2Flances%2F${veiUid}`));
  });

  it('on a loja brand the proposal path is the same, in the brand wording', async () => {
    const { loteId, veiUid, leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 2, somenteBuyNowProposta: true });
    const c = await criarCliente(t.banco.db, { hotsiteId: 2 });
    const proporPelaPagina = (valor: string) =>
      t.app.pedir('h2.localhost', '/lances/acao', {
        method: 'POST',
        headers: { ...FORM, cookie: c.cookie },
        corpo: new URLSearchParams({
          _js: '1',
          intencao: 'proposta',
          loteId: String(loteId),
          valor,
          telefone: '11987654321',
          email: 'a@b.com.br',
        }).toString(),
      });
    expect((await proporPelaPagina('9.000,00')).json()).toMatchObject({
      ok: false,
      mensagem: 'Você não está habilitado para fazer ofertas neste evento',
      habilitar: true,
    });
    const html = (await pagina('h2.localhost', `/lances/${veiUid}`, c.cookie)).texto;
    expect(html).toContain('Habilitar-se para este evento');
    expect(html).toContain('Li e aceito as condições e o regulamento deste evento');
    await habilitarPelaPagina('h2.localhost', c.cookie, { leilaoId: String(leilaoId), aceite: 'on', redirectTo: '/' });
    expect(await estou('h2.localhost', c.auth, leilaoId)).toMatchObject({ habilitado: true });
    // The proposal form starts with the client's own e-mail.
    expect((await pagina('h2.localhost', `/lances/${veiUid}`, c.cookie)).texto).toContain(`value="${c.email}"`);
    // Enabled now: a value that is not money is answered in reais (the API's message speaks of centavos).
    expect((await proporPelaPagina('abc')).json()).toMatchObject({
      ok: false,
      mensagem: 'Informe o valor em reais, por exemplo 38.100,00',
    });
    expect((await proporPelaPagina('9.000,00')).json()).toMatchObject({ ok: true });
  });
});

describe('habilitation with staff approval (brand 1002)', () => {
  const H = 'h1002.localhost';

  it('pending → refused with the reason (e-mailed) → asked again → approved from the client screen; then bids', async () => {
    const [marca] = await t.banco.db.select({ a: hotsite.habilitacaoComAprovacao }).from(hotsite).where(eq(hotsite.id, 1002));
    expect(marca.a).toBe(true);
    const { loteId, veiUid, leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1002, minimo: 10_000_00, incremento: 500_00 });
    const c = await criarCliente(t.banco.db, { hotsiteId: 1002, nome: 'Otto Ramos' });
    const sac = await entrarComoStaff(t.banco.db, [PAPEIS_INTERNOS.SAC], { hotsiteId: 1002, nome: 'Sara SAC' });

    const pedido = await t.app.pedir(H, '/v1/cliente/habilitar', { method: 'POST', headers: c.auth, corpo: { leilaoId } });
    expect(pedido.status).toBe(202);
    expect(pedido.json()).toMatchObject({
      situacao: 'Pendente',
      mensagem: 'Pedido de habilitação enviado: aguarde a análise da nossa equipe',
    });
    expect(await estou(H, c.auth, leilaoId)).toMatchObject({ habilitado: false, situacao: 'Pendente' });
    const pendente = (await pagina(H, `/lances/${veiUid}`, c.cookie)).texto;
    expect(pendente).toContain('Habilitação em análise');
    // No bid form while the habilitation is pending: the panel says when bids open to this client.
    expect(pendente).not.toContain('data-testid="formulario-lance"');
    expect(pendente).toContain('Você poderá dar lances assim que sua habilitação for aprovada.');
    expect(await lancePeloFormulario(H, c.cookie, loteId, '10.000,00')).toMatchObject({ ok: false, habilitar: true });

    // The queue lists it; a refusal needs a reason.
    const fila = await pagina(H, '/admin/habilitacoes', sac.cookie);
    expect(fila.status).toBe(200);
    expect(fila.texto).toContain('Otto Ramos');
    const [h] = await t.banco.db.select().from(habilitacao).where(eq(habilitacao.usuarioId, c.id));
    const semMotivo = await decidir(H, '/admin/habilitacoes', sac.cookie, { id: String(h.id), decisao: 'recusar', motivo: ' ' });
    expect(semMotivo.status).toBe(400);
    expect(semMotivo.json()).toMatchObject({ ok: false, mensagem: 'Informe o motivo da recusa' });
    const recusa = await decidir(H, '/admin/habilitacoes', sac.cookie, {
      id: String(h.id),
      decisao: 'recusar',
      motivo: 'Documento de identidade ilegível',
    });
    expect(recusa.status).toBe(200);
    expect(recusa.json()).toMatchObject({ ok: true, mensagem: 'Habilitação recusada' });
    const [recusada] = await t.banco.db.select().from(habilitacao).where(eq(habilitacao.id, h.id));
    expect(recusada).toMatchObject({ situacao: 'Recusado', motivo: 'Documento de identidade ilegível', decididoPor: sac.id });
    expect(recusada.decididoEm).toBeInstanceOf(Date);
    const [email] = await emailsPara(c.email);
    expect(email.assunto).toMatch(/^Habilitação recusada: /);
    expect(email.texto).toContain('Motivo: Documento de identidade ilegível');
    // The link is on the brand's own address (never the request's Host).
    expect(email.texto).toMatch(
      new RegExp(`(https://www\\.nortepesados\\.com\\.br|http://h1002\\.localhost:\\d+)/leilao\\?leilao=${leilaoId}`),
    );
    expect(await estou(H, c.auth, leilaoId)).toMatchObject({ situacao: 'Recusado', motivo: 'Documento de identidade ilegível' });
    const pagRecusada = (await pagina(H, `/lances/${veiUid}`, c.cookie)).texto;
    expect(pagRecusada).toContain('Habilitação recusada. Motivo: Documento de identidade ilegível');
    expect(pagRecusada).toContain('Pedir habilitação novamente');
    expect(pagRecusada).not.toContain('data-testid="formulario-lance"');
    // Deciding twice is refused.
    expect((await decidir(H, '/admin/habilitacoes', sac.cookie, { id: String(h.id), decisao: 'aprovar' })).status).toBe(409);

    // Asked again: pending again, decided from the client's screen.
    await habilitarPelaPagina(H, c.cookie, { leilaoId: String(leilaoId), aceite: 'on', redirectTo: '/' });
    expect(await estou(H, c.auth, leilaoId)).toMatchObject({ situacao: 'Pendente', motivo: null });
    const adm = await entrarComoStaff(t.banco.db, [PAPEIS_INTERNOS.ADM], { hotsiteId: 1002 });
    // criarCliente makes a login without a client record: give it one so the client screen opens.
    const clienteId = await clienteDe(c.id, 1002);
    const tela = await pagina(H, `/admin/cliente/${clienteId}`, adm.cookie);
    expect(tela.texto).toContain('Habilitações');
    expect(tela.texto).toContain('Motivo da recusa de Otto Ramos');
    const aprova = await decidir(H, `/admin/cliente/${clienteId}`, adm.cookie, { id: String(h.id), decisao: 'aprovar' });
    expect(aprova.json()).toMatchObject({ ok: true, mensagem: 'Habilitação aprovada' });
    const [aprovada] = await emailsPara(c.email);
    expect(aprovada.assunto).toMatch(/^Habilitação aprovada: /);
    expect(aprovada.texto).toContain('Você já pode dar lances');
    expect(await estou(H, c.auth, leilaoId)).toMatchObject({ habilitado: true, situacao: 'Habilitado' });
    expect(await lancePeloFormulario(H, c.cookie, loteId, '10.000,00')).toMatchObject({ ok: true });
  });

  it("another brand's staff and clients neither see nor decide; bad input is a pt-BR 4xx", async () => {
    const { leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1002 });
    const c = await criarCliente(t.banco.db, { hotsiteId: 1002, nome: 'Quitéria Lopes' });
    await t.app.pedir(H, '/v1/cliente/habilitar', { method: 'POST', headers: c.auth, corpo: { leilaoId } });
    const [h] = await t.banco.db.select().from(habilitacao).where(eq(habilitacao.usuarioId, c.id));

    const sacDe1 = await entrarComoStaff(t.banco.db, [PAPEIS_INTERNOS.SAC], { hotsiteId: 1 });
    expect((await pagina('h1.localhost', '/admin/habilitacoes', sacDe1.cookie)).texto).not.toContain('Quitéria Lopes');
    const alheia = await decidir('h1.localhost', '/admin/habilitacoes', sacDe1.cookie, { id: String(h.id), decisao: 'aprovar' });
    expect(alheia.status).toBe(404);
    expect(alheia.json()).toMatchObject({ mensagem: 'Habilitação não encontrada' });
    const [ainda] = await t.banco.db.select().from(habilitacao).where(eq(habilitacao.id, h.id));
    expect(ainda.situacao).toBe('Pendente');

    // A client of brand 1 asks about, or for, brand 1002's auction.
    const outro = await criarCliente(t.banco.db, { hotsiteId: 1 });
    const pergunta = await t.app.pedir('h1.localhost', `/v1/cliente/estou-habilitado?leilaoId=${leilaoId}`, { headers: outro.auth });
    expect(pergunta.status).toBe(404);
    expect(pergunta.json()).toMatchObject({ message: 'Leilão não encontrado' });
    const pede = await t.app.pedir('h1.localhost', '/v1/cliente/habilitar', { method: 'POST', headers: outro.auth, corpo: { leilaoId } });
    expect(pede.status).toBe(404);

    // Roles: the auctioneer does not decide habilitations.
    const leiloeiro = await entrarComoStaff(t.banco.db, [PAPEIS_INTERNOS.LEILOEIRO], { hotsiteId: 1002 });
    expect((await pagina(H, '/admin/habilitacoes', leiloeiro.cookie)).status).toBe(403);

    // Bad input.
    const ruim = await t.app.pedir(H, '/v1/cliente/habilitar', { method: 'POST', headers: c.auth, corpo: { leilaoId: 'abc' } });
    expect(ruim.status).toBe(400);
    expect(ruim.json<{ message: string }>().message).toBe('leilaoId inválido');
    const sac = await entrarComoStaff(t.banco.db, [PAPEIS_INTERNOS.SAC], { hotsiteId: 1002 });
    const talvez = await decidir(H, '/admin/habilitacoes', sac.cookie, { id: String(h.id), decisao: 'talvez' });
    expect(talvez.status).toBe(400);
    expect(talvez.json()).toMatchObject({ mensagem: 'Escolha aprovar ou recusar' });
    const longo = await decidir(H, '/admin/habilitacoes', sac.cookie, { id: String(h.id), decisao: 'recusar', motivo: 'x'.repeat(501) });
    expect(longo.json()).toMatchObject({ mensagem: 'O motivo deve ter no máximo 500 caracteres' });
  });
});

async function clienteDe(usuarioId: number, hotsiteId: number) {
  const [existe] = await t.banco.db.select({ id: cliente.id }).from(cliente).where(eq(cliente.usuarioId, usuarioId));
  if (existe) return existe.id;
  const [novo] = await t.banco.db
    .insert(cliente)
    .values({ hotsiteId, usuarioId, email: `cli-${usuarioId}@exemplo.com.br`, nome: 'Otto Ramos' })
    .returning({ id: cliente.id });
  return novo.id;
}
