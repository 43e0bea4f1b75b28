import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bloqueioTentativa, cliente, incidente, lote } from '@db/schema';
import { SENHA_DEMO } from '@scripts/seed/identidade';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { SITUACOES_EM_DISPUTA } from '~/modules/dominio/situacoes';
import { fecharLotes } from '~/modules/lances/encerramento.server';
import { paraCampoDataHora } from '~/utils/campo-data-hora';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/**
 * The staff's daily work (issue #33): maintenance windows, address and device blocks, incidents, and
 * the 2FA restore of the API, each through its page or call, as the role that uses it.
 */
const t = instanciaDeTeste();

const form = (campos: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(campos).map(([k, v]) => [k, String(v)])).toString();
const postar = (host: string, caminho: string, cookie: string, campos: Record<string, string | number>, ip = '10.9.0.1') =>
  t.app.pedir(host, caminho, {
    method: 'POST',
    corpo: form(campos),
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
  });
const login = (host: string, email: string, ip: string, headers: Record<string, string> = {}) =>
  t.app.pedir(host, '/v1/usuario/efetuar-login', { corpo: { email, senha: SENHA_DEMO }, headers: { 'x-forwarded-for': ip, ...headers } });
const minutos = (n: number) => new Date(Date.now() + n * 60_000);

describe('IP and device blocking (ADM)', () => {
  it('refuses login and bids from a blocked range on its brand only, shows the attempts, and lets them in again once removed', async () => {
    const db = t.banco.db;
    const adm = await entrarComoStaff(db, [P.ADM], { hotsiteId: 1 });
    const criado = await postar('h1.localhost', '/admin/bloqueio-ips-dispositivos', adm.cookie, {
      _acao: 'bloquear',
      tipo: 'faixa',
      valor: '10.33.0.0/16',
      motivo: 'Cadastros falsos em série',
    });
    expect(criado.status).toBe(200);
    expect(criado.texto).toContain('Bloqueio criado');

    const recusado = await login('h1.localhost', 'cliente1@h1.martelo.test', '10.33.7.9');
    expect(recusado.status).toBe(403);
    expect(recusado.json<{ message: string }>().message).toBe(
      'Acesso bloqueado para este endereço ou dispositivo. Entre em contato com o atendimento.',
    );
    // Another address on the same brand, and the same address on another brand, get in.
    expect((await login('h1.localhost', 'cliente1@h1.martelo.test', '10.34.0.1')).status).toBe(200);
    expect((await login('h2.localhost', 'cliente1@h2.martelo.test', '10.33.7.9')).status).toBe(200);

    // A bid from the blocked range is refused before the engine sees it, and the lot keeps no bid.
    const { loteId, leilaoId } = await criarLoteEmDisputa(db, { minimo: 5_000_00, incremento: 100_00 });
    const c = await criarCliente(db, { leilaoId });
    const lance = await t.app.pedir('h1.localhost', '/v1/lances', {
      corpo: { loteId, valor: 5_000_00 },
      headers: { ...c.auth, 'x-forwarded-for': '10.33.200.1' },
    });
    expect(lance.status).toBe(403);
    const [l] = await db.select({ v: lote.ultimoLanceValor }).from(lote).where(eq(lote.id, loteId));
    expect(l!.v).toBeNull();

    const pagina = await t.app.pedir('h1.localhost', '/admin/bloqueio-ips-dispositivos', { headers: { cookie: adm.cookie } });
    expect(pagina.texto).toContain('10.33.7.9');
    expect(pagina.texto).toContain('cliente1@h1.martelo.test');
    expect(pagina.texto).toContain('10.33.200.1');

    const [b] = await db
      .select({ id: bloqueioTentativa.bloqueioId })
      .from(bloqueioTentativa)
      .where(and(eq(bloqueioTentativa.hotsiteId, 1), eq(bloqueioTentativa.ip, '10.33.7.9')));
    await postar('h1.localhost', '/admin/bloqueio-ips-dispositivos', adm.cookie, { _acao: 'remover', id: b!.id! });
    expect((await login('h1.localhost', 'cliente1@h1.martelo.test', '10.33.7.9')).status).toBe(200);
  });

  it('blocks a device fingerprint from any address, at the login page too', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    await postar('h2.localhost', '/admin/bloqueio-ips-dispositivos', adm.cookie, {
      _acao: 'bloquear',
      tipo: 'dispositivo',
      valor: 'disp-9b1e77aa',
      motivo: 'Chargeback',
    });
    const r = await login('h2.localhost', 'cliente2@h2.martelo.test', '10.50.0.1', { 'x-dispositivo': 'disp-9b1e77aa' });
    expect(r.status).toBe(403);
    const pagina = await t.app.pedir('h2.localhost', '/login', {
      method: 'POST',
      corpo: form({ email: 'cliente2@h2.martelo.test', senha: SENHA_DEMO }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'dispositivo=disp-9b1e77aa', 'x-forwarded-for': '10.50.0.2' },
    });
    expect(pagina.status).toBe(403);
    expect(pagina.texto).toContain('Acesso bloqueado para este endereço ou dispositivo');
  });

  it('answers bad blocks with a pt-BR message, and only ADM opens the screen', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 1 });
    const ruim = await postar('h1.localhost', '/admin/bloqueio-ips-dispositivos', adm.cookie, {
      _acao: 'bloquear',
      tipo: 'faixa',
      valor: '10.0.0.0/40',
      motivo: 'Teste',
    });
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('Informe uma faixa no formato CIDR');
    const sac = await entrarComoStaff(t.banco.db, [P.SAC], { hotsiteId: 1 });
    expect((await t.app.pedir('h1.localhost', '/admin/bloqueio-ips-dispositivos', { headers: { cookie: sac.cookie } })).status).toBe(403);
  });
});

describe('GET /v1/usuario/restaurar/{id} (2FA-unblock role)', () => {
  it('restores a blocked user with a bearer token, never with the cookie alone, and only for that role', async () => {
    const db = t.banco.db;
    const c = await criarCliente(db, { hotsiteId: 1 });
    const { usuario } = await import('@db/schema');
    await db.update(usuario).set({ twoFactorBloqueado: true, twoFactorHabilitado: true }).where(eq(usuario.id, c.id));
    const [u] = await db.select({ uid: usuario.uid }).from(usuario).where(eq(usuario.id, c.id));
    const liberador = await entrarComoStaff(db, [P.LIBERACAO_2FA], { hotsiteId: 1 });
    const adm = await entrarComoStaff(db, [P.ADM], { hotsiteId: 1 });

    const lista = await t.app.pedir('h1.localhost', '/v1/usuario/bloqueados', { headers: liberador.bearer });
    expect(lista.json<{ uid: string }[]>().map((x) => x.uid)).toContain(u!.uid);
    expect((await t.app.pedir('h1.localhost', `/v1/usuario/restaurar/${u!.uid}`, { headers: adm.bearer })).status).toBe(403);
    expect((await t.app.pedir('h1.localhost', `/v1/usuario/restaurar/${u!.uid}`, { headers: { cookie: liberador.cookie } })).status).toBe(
      401,
    );
    const r = await t.app.pedir('h1.localhost', `/v1/usuario/restaurar/${u!.uid}`, { headers: liberador.bearer });
    expect(r.status).toBe(200);
    const [depois] = await db.select({ b: usuario.twoFactorBloqueado }).from(usuario).where(eq(usuario.id, c.id));
    expect(depois!.b).toBe(false);
    const ruim = await t.app.pedir('h1.localhost', '/v1/usuario/restaurar/nao-e-um-uid', { headers: liberador.bearer });
    expect(ruim.status).toBe(404);
    expect(ruim.json<{ message: string }>().message).toBe('Usuário não encontrado');
  });
});

describe('incidents (SAC + ADM)', () => {
  it('opens one from a client, assigns, comments and closes it; the client and lot screens list it', async () => {
    const db = t.banco.db;
    const sac = await entrarComoStaff(db, [P.SAC], { hotsiteId: 1, nome: 'Rafaela Atendimento' });
    const [cli] = await db.select({ id: cliente.id }).from(cliente).where(eq(cliente.hotsiteId, 1)).limit(1);
    const { loteId } = await criarLoteEmDisputa(db);
    const novo = await postar('h1.localhost', '/admin/incidente', sac.cookie, {
      titulo: 'Boleto não chegou',
      descricao: 'Cliente ligou dizendo que não recebeu o boleto do lote.',
      clienteId: cli!.id,
      loteId,
    });
    expect(novo.status).toBe(302);
    const caminho = novo.headers.location!;
    expect(caminho).toMatch(/^\/admin\/incidente\/[0-9a-f-]{36}$/);

    expect((await postar('h1.localhost', caminho, sac.cookie, { _acao: 'atribuir', responsavelId: sac.id })).status).toBe(200);
    await postar('h1.localhost', caminho, sac.cookie, { _acao: 'comentar', texto: 'Reenviado por e-mail.' });
    await postar('h1.localhost', caminho, sac.cookie, { _acao: 'fechar', texto: 'Cliente confirmou o recebimento.' });
    const detalhe = await t.app.pedir('h1.localhost', caminho, { headers: { cookie: sac.cookie } });
    expect(detalhe.texto).toContain('Rafaela Atendimento');
    expect(detalhe.texto).toContain('Reenviado por e-mail.');
    expect(detalhe.texto).toContain('Cliente confirmou o recebimento.');
    expect(detalhe.texto).toMatch(/data-testid="situacao-incidente">Fechado</);
    // Closed twice: refused in pt-BR.
    const deNovo = await postar('h1.localhost', caminho, sac.cookie, { _acao: 'fechar' });
    expect(deNovo.status).toBe(409);
    expect(deNovo.texto).toContain('Este incidente já está fechado');

    const telaCliente = await t.app.pedir('h1.localhost', `/admin/cliente/${cli!.id}`, { headers: { cookie: sac.cookie } });
    expect(telaCliente.texto).toContain('Boleto não chegou');
    const adm = await entrarComoStaff(db, [P.ADM], { hotsiteId: 1 });
    const telaLote = await t.app.pedir('h1.localhost', `/admin/lotes/${loteId}`, { headers: { cookie: adm.cookie } });
    expect(telaLote.texto).toContain('Boleto não chegou');
    // The lot screen's Leilão user is not SAC: no incidents there.
    const leilao = await entrarComoStaff(db, [P.LEILAO], { hotsiteId: 1 });
    const telaLeilao = await t.app.pedir('h1.localhost', `/admin/lotes/${loteId}`, { headers: { cookie: leilao.cookie } });
    expect(telaLeilao.status).toBe(200);
    expect(telaLeilao.texto).not.toContain('Boleto não chegou');
    expect((await t.app.pedir('h1.localhost', '/admin/incidentes', { headers: { cookie: leilao.cookie } })).status).toBe(403);

    // Another brand does not see it, nor can it open one about this brand's client.
    const sac2 = await entrarComoStaff(db, [P.SAC], { hotsiteId: 2 });
    expect((await t.app.pedir('h2.localhost', caminho, { headers: { cookie: sac2.cookie } })).status).toBe(404);
    const lista2 = await t.app.pedir('h2.localhost', '/admin/incidentes', { headers: { cookie: sac2.cookie } });
    expect(lista2.texto).not.toContain('Boleto não chegou');
    const alheio = await postar('h2.localhost', '/admin/incidente', sac2.cookie, {
      titulo: 'Outro',
      descricao: 'Teste',
      clienteId: cli!.id,
    });
    expect(alheio.status).toBe(404);
    expect(alheio.texto).toContain('Cliente não encontrado nesta marca');
    expect(
      await db
        .select()
        .from(incidente)
        .where(and(eq(incidente.hotsiteId, 2), eq(incidente.titulo, 'Outro'))),
    ).toHaveLength(0);
  });
});

describe('platform maintenance (ADM)', () => {
  it('moves lots due inside the window past it, answers 503 to visitors and clients while staff work, and closes nothing inside', async () => {
    const db = t.banco.db;
    const adm = await entrarComoStaff(db, [P.ADM], { hotsiteId: 14 });
    const dentro = await criarLoteEmDisputa(db, { hotsiteId: 14, fimEmMs: 30 * 60_000 });
    const fora = await criarLoteEmDisputa(db, { hotsiteId: 14, fimEmMs: 5 * 3600_000 });
    const [antes] = await db.select({ fim: lote.dataFim, seq: lote.sequencia }).from(lote).where(eq(lote.id, dentro.loteId));
    const inicio = minutos(-1);
    const fim = minutos(121);
    // The demo catalogue of brand 14 may also have lots closing in these two hours, depending on the time of
    // day the suite runs: every one of them moves, ours among them.
    const noPrazo = await db
      .select({ id: lote.id })
      .from(lote)
      .where(
        and(
          eq(lote.hotsiteId, 14),
          inArray(sql<string>`${lote.situacao}`, [...SITUACOES_EM_DISPUTA]),
          eq(lote.finalizacaoManual, false),
          gte(lote.dataFim, inicio),
          lt(lote.dataFim, fim),
        ),
      );
    expect(noPrazo.map((l) => l.id)).toContain(dentro.loteId);
    expect(noPrazo.map((l) => l.id)).not.toContain(fora.loteId);
    const r = await postar('h14.localhost', '/admin/manutencao-plataforma', adm.cookie, {
      _acao: 'agendar',
      inicio: paraCampoDataHora(inicio),
      fim: paraCampoDataHora(fim),
      mensagem: 'Atualização do sistema de lances',
    });
    expect(r.status).toBe(200);
    expect(r.texto).toContain(`${noPrazo.length} lote(s) tiveram o encerramento adiado`);

    const [depois] = await db.select({ fim: lote.dataFim, seq: lote.sequencia }).from(lote).where(eq(lote.id, dentro.loteId));
    expect(depois!.fim!.getTime()).toBeGreaterThanOrEqual(fim.getTime() - 60_000);
    expect(depois!.seq).toBe(antes!.seq + 1);
    const [intocado] = await db.select({ fim: lote.dataFim }).from(lote).where(eq(lote.id, fora.loteId));
    expect(Math.abs(intocado!.fim!.getTime() - (Date.now() + 5 * 3600_000))).toBeLessThan(120_000);

    const visitante = await t.app.pedir('h14.localhost', '/');
    expect(visitante.status).toBe(503);
    expect(Number(visitante.headers['retry-after'])).toBeGreaterThan(7000);
    expect(visitante.texto).toContain('Atualização do sistema de lances');
    const api = await t.app.pedir('h14.localhost', '/v1/hotsite/public');
    expect(api.status).toBe(503);
    const c = await criarCliente(db, { hotsiteId: 14 });
    expect((await t.app.pedir('h14.localhost', '/cliente/minha-pagina', { headers: { cookie: c.cookie } })).status).toBe(503);
    expect((await t.app.pedir('h14.localhost', '/login-sistema')).status).toBe(200);
    const equipe = await t.app.pedir('h14.localhost', '/admin/manutencao-plataforma', { headers: { cookie: adm.cookie } });
    expect(equipe.status).toBe(200);
    expect(equipe.texto).toContain('Modo de manutenção ativo');
    // Other brands are open.
    expect((await t.app.pedir('h1.localhost', '/')).status).toBe(200);

    // A lot whose end got inside the window anyway does not close while it lasts; it does once it is over.
    const atrasado = await criarLoteEmDisputa(db, { hotsiteId: 14 });
    await vencerLote(db, atrasado.loteId);
    await fecharLotes({ db });
    const situacao = async () => (await db.select({ s: lote.situacao }).from(lote).where(eq(lote.id, atrasado.loteId)))[0]!.s;
    expect(await situacao()).toBe('LIBERADO_LEILAO');
    const { manutencaoPlataforma } = await import('@db/schema');
    const [j] = await db.select({ id: manutencaoPlataforma.id }).from(manutencaoPlataforma).where(eq(manutencaoPlataforma.hotsiteId, 14));
    await postar('h14.localhost', '/admin/manutencao-plataforma', adm.cookie, { _acao: 'cancelar', id: j!.id });
    expect((await t.app.pedir('h14.localhost', '/')).status).toBe(200);
    await fecharLotes({ db });
    expect(await situacao()).toBe('NAO_ARREMATADO');
  });

  it('refuses a window that ends before it starts, and is ADM only', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 20 });
    const r = await postar('h20.localhost', '/admin/manutencao-plataforma', adm.cookie, {
      _acao: 'agendar',
      inicio: paraCampoDataHora(minutos(120)),
      fim: paraCampoDataHora(minutos(60)),
    });
    expect(r.status).toBe(400);
    expect(r.texto).toContain('O fim precisa ser depois do início');
    const sac = await entrarComoStaff(t.banco.db, [P.SAC], { hotsiteId: 20 });
    expect((await t.app.pedir('h20.localhost', '/admin/manutencao-plataforma', { headers: { cookie: sac.cookie } })).status).toBe(403);
  });

  it('a window for every brand shows its banner ahead of time on each of them', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 20 });
    const r = await postar('h20.localhost', '/admin/manutencao-plataforma', adm.cookie, {
      _acao: 'agendar',
      inicio: paraCampoDataHora(minutos(24 * 60)),
      fim: paraCampoDataHora(minutos(24 * 60 + 90)),
      todas: 'on',
    });
    expect(r.status).toBe(200);
    for (const host of ['h1.localhost', 'h2.localhost', 'h20.localhost']) {
      const p = await t.app.pedir(host, '/');
      expect(p.status).toBe(200);
      expect(p.texto).toContain('Manutenção programada: o site ficará indisponível de');
    }
  });
});
