import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leilao, leilaoConvidado, lote, mensagemSaida, usuario, usuarioPapel } from '@db/schema';
import { PAPEIS_INTERNOS as P, PAPEL_CLIENTE } from '~/modules/dominio/papeis';
import { podeVerLeilao } from '~/modules/eventos/convidados.server';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';
import { conectarWs } from '../ws';

/**
 * Exclusive events (issue #32, decision 186): a private auction is seen and bid in only by its accepted
 * guests: lists, lot page, search, API, bids and the socket rooms all refuse anyone else, as if it did
 * not exist. Staff (Dev) invite by e-mail or CPF; the invitee answers through the e-mailed hash.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const postar = (host: string, caminho: string, rota: string, cookie: string, campos: Record<string, string>) =>
  t.app.pedir(host, `${caminho}?_data=${encodeURIComponent(rota)}`, {
    method: 'POST',
    headers: { ...FORM, cookie },
    corpo: new URLSearchParams(campos).toString(),
  });
const convidar = (cookie: string, leilaoId: number, destino: string, host = H) =>
  postar(host, '/eventos/convidados', 'routes/eventos.convidados', cookie, { _acao: 'convidar', leilaoId: String(leilaoId), destino });
const tornarPrivado = (cookie: string, leilaoId: number, privado: boolean) =>
  postar(H, '/eventos/convidados', 'routes/eventos.convidados', cookie, {
    _acao: 'privado',
    leilaoId: String(leilaoId),
    privado: String(privado),
  });
const responder = (hash: string, cookie: string, resposta: 'Aceito' | 'Recusado', host = H) =>
  postar(host, `/eventos/convite/${hash}`, 'routes/eventos_.convite.$hash', cookie, { resposta });
const hashDoEmail = async (para: string) => {
  const [m] = await t.banco.db.select().from(mensagemSaida).where(eq(mensagemSaida.para, para)).orderBy(desc(mensagemSaida.id));
  return /\/eventos\/convite\/([A-Za-z0-9_-]+)/.exec(m?.texto ?? '')?.[1] ?? null;
};

/** A private auction with one lot in dispute, its e-mail guest invited by Dev, and a non-guest. */
async function eventoExclusivo() {
  const { leilaoId, loteId, veiUid } = await criarLoteEmDisputa(t.banco.db, { minimo: 20_000_00, incremento: 500_00 });
  const dev = await entrarComoStaff(t.banco.db, [P.DEV]);
  expect((await tornarPrivado(dev.cookie, leilaoId, true)).json()).toMatchObject({ ok: true });
  // Habilitated for the auction (brand 1 asks per auction): only the invitation is missing.
  const convidado = await criarCliente(t.banco.db, { nome: 'Helena Prado', leilaoId });
  const estranho = await criarCliente(t.banco.db, { nome: 'Otávio Reis', leilaoId });
  const r = await convidar(dev.cookie, leilaoId, convidado.email.toUpperCase());
  expect(r.json()).toMatchObject({ ok: true, mensagem: 'Convite enviado' });
  const hash = (await hashDoEmail(convidado.email))!;
  expect(hash).toBeTruthy();
  return { leilaoId, loteId, veiUid, dev, convidado, estranho, hash };
}

const lista = (leilaoId: number, cookie?: string) => t.app.pedir(H, `/leilao?leilao=${leilaoId}`, { headers: cookie ? { cookie } : {} });
const paginaDoLote = (loteId: number, cookie?: string) =>
  t.app.pedir(H, `/leilao/sao-paulo-sp/carros/vw/gol/ano.2015/${loteId}`, { headers: cookie ? { cookie } : {} });
const lance = (auth: Record<string, string>, loteId: number, valor: number) =>
  t.app.pedir(H, '/v1/lances', { headers: auth, corpo: { loteId, valor } });
const buscaApi = (auth: Record<string, string>, leilaoId: number) =>
  t.app.pedir(H, '/v1/lote/busca-elastic', {
    headers: auth,
    corpo: { requisicoesBusca: [{ campo: 'leilao', valores: [String(leilaoId)] }], from: 0, size: 30 },
  });

describe('a private auction refuses everyone but its accepted guests', () => {
  it('before accepting, the guest is a stranger too; a forwarded link answers nobody else; accepted, everything opens', async () => {
    const { leilaoId, loteId, veiUid, convidado, estranho, hash } = await eventoExclusivo();

    for (const quem of [estranho, convidado, null]) {
      // Lists, lot page, API, search: as if it did not exist.
      expect((await lista(leilaoId, quem?.cookie)).texto).not.toContain('VW Gol 1.0 2015');
      expect((await paginaDoLote(loteId, quem?.cookie)).status).toBe(404);
      expect((await t.app.pedir(H, `/v1/lote/by-id/${loteId}`, { headers: quem?.auth ?? {} })).status).toBe(404);
      expect((await t.app.pedir(H, `/lances/${veiUid}`, { headers: quem ? { cookie: quem.cookie } : {} })).status).toBe(404);
      expect((await t.app.pedir(H, `/v1/lances/lote/${veiUid}`, { headers: quem?.auth ?? {} })).status).toBe(404);
      expect((await buscaApi(quem?.auth ?? {}, leilaoId)).json<{ id: number }[]>().map((l) => l.id)).not.toContain(loteId);
      const site = (await t.app.pedir(H, '/v1/leiloes/lista-site', { headers: quem?.auth ?? {} })).json() as { id: number }[];
      expect(site.map((l) => l.id)).not.toContain(leilaoId);
    }
    const recusado = await lance(estranho.auth, loteId, 20_000_00);
    expect(recusado.status).toBe(404);
    expect(recusado.json<{ message: string }>().message).toBe('Lote não encontrado');

    // The link forwarded to someone else: refused, and the invitation still waits for its guest.
    const outro = await responder(hash, estranho.cookie, 'Aceito');
    expect(outro.status).toBe(403);
    expect(outro.json<{ mensagem: string }>().mensagem).toBe('Este convite foi enviado para outra pessoa');

    const aceito = await responder(hash, convidado.cookie, 'Aceito');
    expect(aceito.json()).toMatchObject({ ok: true, resposta: 'Aceito' });
    expect((await responder(hash, convidado.cookie, 'Recusado')).status).toBe(409);

    expect((await lista(leilaoId, convidado.cookie)).texto).toContain('VW Gol 1.0 2015');
    expect((await paginaDoLote(loteId, convidado.cookie)).status).toBe(301);
    expect((await t.app.pedir(H, `/v1/lote/by-id/${loteId}`, { headers: convidado.auth })).status).toBe(200);
    expect((await t.app.pedir(H, `/lances/${veiUid}`, { headers: { cookie: convidado.cookie } })).status).toBe(200);
    expect((await t.app.pedir(H, `/v1/lances/lote/${veiUid}`, { headers: convidado.auth })).status).toBe(200);
    expect((await buscaApi(convidado.auth, leilaoId)).json<{ id: number }[]>().map((l) => l.id)).toContain(loteId);
    expect(
      ((await t.app.pedir(H, '/v1/leiloes/lista-site', { headers: convidado.auth })).json() as { id: number }[]).map((l) => l.id),
    ).toContain(leilaoId);
    expect((await lance(convidado.auth, loteId, 20_000_00)).status).toBe(201);
    // Still nothing for the stranger, after the guest's bid filled the caches.
    expect((await lista(leilaoId, estranho.cookie)).texto).not.toContain('VW Gol 1.0 2015');
    expect((await lance(estranho.auth, loteId, 21_000_00)).status).toBe(404);

    // The active event lookup: the guest's event; null for anyone else (the spec's caller swallows errors).
    expect((await t.app.pedir(H, '/v1/hotsite/busca-evento/ativo', { headers: convidado.auth })).json()).toMatchObject({
      evento: { nome: expect.stringContaining('Leilão de teste') },
    });
    expect((await t.app.pedir(H, '/v1/hotsite/busca-evento/ativo', { headers: estranho.auth })).json()).toEqual({ evento: null });
    expect((await t.app.pedir(H, '/v1/hotsite/busca-evento/ativo')).json()).toEqual({ evento: null });
  });

  it('the socket rooms: a stranger cannot join the lot, the auditorium or the private room; the guest can', async () => {
    const { veiUid, leilaoId, convidado, estranho, hash } = await eventoExclusivo();
    await responder(hash, convidado.cookie, 'Aceito');
    const [{ uid: leilaoUid }] = await t.banco.db.select({ uid: leilao.uid }).from(leilao).where(eq(leilao.id, leilaoId));
    // The auditorium is for the brand's clients (000 §6): both have the role; only the invitation differs.
    await t.banco.db.insert(usuarioPapel).values([estranho, convidado].map((c) => ({ usuarioId: c.id, papel: PAPEL_CLIENTE })));

    const fora = await conectarWs(t.app.port, H, { token: estranho.token });
    const visitante = await conectarWs(t.app.port, H);
    const dentro = await conectarWs(t.app.port, H, { token: convidado.token });
    try {
      for (const ws of [fora, visitante]) {
        ws.enviar({ event: 'conectar-lances-lote', data: { veiUid } });
        expect((await ws.esperar('erro', (d) => d.sala === `lote:${veiUid}`)).data.mensagem).toBe('Sala não encontrada');
        ws.enviar({ event: 'conectar-leilao', data: { leilaoUid } });
        expect((await ws.esperar('erro', (d) => d.sala === `leilao:${leilaoUid}`)).data.mensagem).toBe('Sala não encontrada');
      }
      // Its chat takes no message of a stranger; its auditorium's reads answer as for an unknown auction.
      fora.enviar({ event: 'chat-mensagem', data: { leilaoUid, texto: 'Olá' } });
      expect((await fora.esperar('erro', (d) => d.sala === `leilao:${leilaoUid}`)).data.mensagem).toBe('Sala não encontrada');
      expect((await t.app.pedir(H, `/v1/leiloes/auditorio/${leilaoUid}`, { headers: estranho.auth })).status).toBe(404);
      expect((await t.app.pedir(H, `/v1/lote/anuncios-auditorio?leilaoUid=${leilaoUid}`, { headers: estranho.auth })).status).toBe(404);
      expect((await t.app.pedir(H, `/auditorio/${leilaoUid}`, { headers: { cookie: estranho.cookie } })).status).toBe(404);
      expect((await t.app.pedir(H, `/v1/leiloes/auditorio/${leilaoUid}`, { headers: convidado.auth })).status).toBe(200);
      expect((await t.app.pedir(H, `/auditorio/${leilaoUid}`, { headers: { cookie: convidado.cookie } })).status).toBe(200);
      fora.enviar({ event: 'conectar-leilao-privado', data: { leilaoUid } });
      expect((await fora.esperar('erro', (d) => d.sala === `leilao-privado:${leilaoUid}`)).data.mensagem).toBe('Sala não encontrada');
      visitante.enviar({ event: 'conectar-leilao-privado', data: { leilaoUid } });
      expect((await visitante.esperar('erro', (d) => d.sala === `leilao-privado:${leilaoUid}`)).data.mensagem).toBe(
        'Necessário fazer login para acessar esta página',
      );

      dentro.enviar({ event: 'conectar-lances-lote', data: { veiUid } });
      await dentro.esperar('sala-conectada', (d) => d.sala === `lote:${veiUid}`);
      dentro.enviar({ event: 'conectar-leilao-privado', data: { leilaoUid } });
      await dentro.esperar('sala-conectada', (d) => d.sala === `leilao-privado:${leilaoUid}`);

      // The guest's bid reaches the guest's lot room; never the stranger, who is in no room of it.
      expect((await lance(convidado.auth, (await loteDe(leilaoId))!, 20_000_00)).status).toBe(201);
      await dentro.esperar('on-elastic-response', (d) => d.veiUid === veiUid);

      // A change to the exclusive event reaches its guests' room only.
      fora.enviar({ event: 'conectar-site', data: {} });
      await fora.esperar('sala-conectada', (d) => d.sala === 'site');
      const dev = await entrarComoStaff(t.banco.db, [P.DEV]);
      await convidar(dev.cookie, leilaoId, 'mais.um@exemplo.com.br');
      await tornarPrivado(dev.cookie, leilaoId, true);
      await dentro.esperar('leiloes-site-atualizados', (d) => d.leilaoUid === leilaoUid);
      expect(fora.recebidas.filter((m) => m.event === 'on-elastic-response' || m.event === 'leiloes-site-atualizados')).toEqual([]);
      dentro.enviar({ event: 'desconectar-leilao-privado', data: { leilaoUid } });
    } finally {
      fora.fechar();
      visitante.fechar();
      dentro.fechar();
    }
  });

  it('opened to everyone again, the lists take it back and the site room is told', async () => {
    const { leilaoId, dev, estranho } = await eventoExclusivo();
    const site = await conectarWs(t.app.port, H);
    try {
      site.enviar({ event: 'conectar-site', data: {} });
      await site.esperar('sala-conectada', (d) => d.sala === 'site');
      expect((await tornarPrivado(dev.cookie, leilaoId, false)).json()).toMatchObject({ ok: true });
      await site.esperar('leiloes-site-atualizados', (d) => d.motivo === 'privado');
      expect((await lista(leilaoId, estranho.cookie)).texto).toContain('VW Gol 1.0 2015');
    } finally {
      site.fechar();
    }
  });
});

async function loteDe(leilaoId: number) {
  const r = await t.banco.db.execute(`SELECT id FROM lote WHERE leilao_id = ${Number(leilaoId)}` as never);
  return (r as unknown as { rows: { id: number }[] }).rows[0]?.id;
}

describe('invitations: by CPF, by role, by brand', () => {
  it('a CPF invitation reaches the client registered with it; only that client may answer', async () => {
    const { leilaoId } = await criarLoteEmDisputa(t.banco.db);
    const dev = await entrarComoStaff(t.banco.db, [P.DEV]);
    const c = await criarCliente(t.banco.db, { nome: 'Beatriz Campos' });
    await t.banco.db.execute(
      `INSERT INTO cliente (hotsite_id, usuario_id, nome, email, cpf) VALUES (1, ${c.id}, 'Beatriz Campos', '${c.email}', '390.533.447-05')` as never,
    );
    expect((await convidar(dev.cookie, leilaoId, '39053344705')).json()).toMatchObject({ ok: true });
    const again = await convidar(dev.cookie, leilaoId, '390.533.447-05');
    expect(again.status).toBe(409);
    expect(again.json<{ mensagem: string }>().mensagem).toBe('Este convidado já foi convidado para este leilão');
    const invalido = await convidar(dev.cookie, leilaoId, '123.456.789-00');
    expect(invalido.status).toBe(400);
    expect(invalido.json<{ mensagem: string }>().mensagem).toBe('Informe um e-mail ou CPF válido');
    const hash = (await hashDoEmail(c.email))!;
    expect((await responder(hash, c.cookie, 'Recusado')).json()).toMatchObject({ ok: true, resposta: 'Recusado' });
    const pagina = await t.app.pedir(H, '/eventos/convidados?leilao=' + leilaoId, { headers: { cookie: dev.cookie } });
    expect(pagina.texto).toContain('390.533.447-05');
    expect(pagina.texto).toContain('Recusado');
    expect(pagina.texto).toContain('Operador');
  });

  it('guests and report: Dev only; the dashboard: SAC and ADM; each brand sees only its own', async () => {
    const { leilaoId, convidado, hash } = await eventoExclusivo();
    await responder(hash, convidado.cookie, 'Aceito');
    await lance(convidado.auth, (await loteDe(leilaoId))!, 20_000_00);
    const [{ uid, nome }] = await t.banco.db.select({ uid: leilao.uid, nome: leilao.nome }).from(leilao).where(eq(leilao.id, leilaoId));
    const sac = await entrarComoStaff(t.banco.db, [P.SAC]);
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const dev = await entrarComoStaff(t.banco.db, [P.DEV]);
    const abrir = (caminho: string, cookie: string, host = H) => t.app.pedir(host, caminho, { headers: { cookie } });

    expect((await abrir('/eventos/convidados', sac.cookie)).status).toBe(403);
    expect((await abrir('/eventos/relatorio', adm.cookie)).status).toBe(403);
    expect((await abrir(`/eventos/dashboard/${uid}`, dev.cookie)).status).toBe(403);
    expect((await abrir('/eventos/convidados', convidado.cookie)).status).toBe(403);

    const painel = await abrir(`/eventos/dashboard/${uid}`, sac.cookie);
    expect(painel.status).toBe(200);
    expect(painel.texto).toContain('Helena Prado');
    expect(painel.texto).toContain('VW Gol 1.0 2015');
    expect(painel.texto).toMatch(/R\$\s20\.000,00/);
    const relatorio = await abrir('/eventos/relatorio', dev.cookie);
    expect(relatorio.status).toBe(200);
    expect(relatorio.texto).toContain(nome);

    // Brand 2's Dev neither lists brand 1's guests nor invites to its auction; brand 1's hash is unknown there.
    const dev2 = await entrarComoStaff(t.banco.db, [P.DEV], { hotsiteId: 2 });
    expect((await abrir(`/eventos/convidados?leilao=${leilaoId}`, dev2.cookie, 'h2.localhost')).texto).not.toContain(convidado.email);
    expect((await convidar(dev2.cookie, leilaoId, 'alguem@exemplo.com.br', 'h2.localhost')).status).toBe(404);
    expect(
      (await abrir(`/eventos/dashboard/${uid}`, (await entrarComoStaff(t.banco.db, [P.SAC], { hotsiteId: 2 })).cookie, 'h2.localhost'))
        .status,
    ).toBe(404);
    const c2 = await criarCliente(t.banco.db, { hotsiteId: 2 });
    expect((await t.app.pedir('h2.localhost', `/eventos/convite/${hash}`, { headers: { cookie: c2.cookie } })).status).toBe(404);
    const guardados = await t.banco.db.select().from(leilaoConvidado).where(eq(leilaoConvidado.leilaoId, leilaoId));
    expect(guardados.every((g) => g.hotsiteId === 1)).toBe(true);
    expect((await t.banco.db.select({ id: usuario.id }).from(usuario).where(eq(usuario.id, convidado.id))).length).toBe(1);
  });
});

describe('a room of an auction or lot the brand does not have', () => {
  it('is not found (fails closed): an unknown auction or lot, another brand’s; a lot with no auction is public', async () => {
    const db = t.banco.db;
    const publico = await criarLoteEmDisputa(db);
    const deOutraMarca = await criarLoteEmDisputa(db, { hotsiteId: 2 });
    const vendaDireta = await criarLoteEmDisputa(db);
    await db.update(lote).set({ leilaoId: null }).where(eq(lote.id, vendaDireta.loteId));
    const pode = (leilao: Parameters<typeof podeVerLeilao>[0]['leilao']) => podeVerLeilao({ db, hotsiteId: 1, usuarioId: null, leilao });
    expect(await pode({ uid: randomUUID() })).toBe(false);
    expect(await pode({ id: 2_000_000_000 })).toBe(false);
    expect(await pode({ veiUid: randomUUID() })).toBe(false);
    expect(await pode({ uid: deOutraMarca.leilaoUid })).toBe(false);
    expect(await pode({ id: deOutraMarca.leilaoId })).toBe(false);
    expect(await pode({ veiUid: deOutraMarca.veiUid })).toBe(false);
    expect(await pode({ uid: publico.leilaoUid })).toBe(true);
    expect(await pode({ veiUid: publico.veiUid })).toBe(true);
    expect(await pode({ veiUid: vendaDireta.veiUid })).toBe(true);

    // On the socket: the unknown auction's room and the other brand's lot answer "not found", never joined.
    const ws = await conectarWs(t.app.port, H);
    try {
      const inventado = randomUUID();
      ws.enviar({ event: 'conectar-leilao', data: { leilaoUid: inventado } });
      expect((await ws.esperar('erro', (d) => d.sala === `leilao:${inventado}`)).data.mensagem).toBe('Sala não encontrada');
      ws.enviar({ event: 'conectar-lances-lote', data: { veiUid: deOutraMarca.veiUid } });
      expect((await ws.esperar('erro', (d) => d.sala === `lote:${deOutraMarca.veiUid}`)).data.mensagem).toBe('Sala não encontrada');
      ws.enviar({ event: 'conectar-lances-lote', data: { veiUid: vendaDireta.veiUid } });
      await ws.esperar('sala-conectada', (d) => d.sala === `lote:${vendaDireta.veiUid}`);
      expect(ws.recebidas.filter((m) => m.event === 'sala-conectada').map((m) => m.data.sala)).toEqual([`lote:${vendaDireta.veiUid}`]);
    } finally {
      ws.fechar();
    }
  });
});
