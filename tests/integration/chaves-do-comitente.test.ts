import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comitente, usuarioComitente } from '@db/schema';
import { PAPEIS_INTERNOS as P, PERMISSOES_INTEGRACAO as PI } from '~/modules/dominio/papeis';
import { linhas } from '~/utils/linhas.server';
import { criarCliente } from '../lances';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/*
 * A seller's own users create, rotate and revoke their sellers' API keys (decision 201) on
 * /comitente/minha-pagina/chaves: the secret shown once (no-store), kept as SHA-256, never logged; another
 * seller's key or seller is not found; clients and staff without the seller role are refused.
 */
const t = instanciaDeTeste();
const db = () => t.banco.db;
const H = 'h1.localhost';
const PAGINA = '/comitente/minha-pagina/chaves';
const formulario = (cookie: string, campos: Record<string, string | string[]>) => {
  const corpo = new URLSearchParams();
  for (const [k, v] of Object.entries(campos)) for (const x of [v].flat()) corpo.append(k, x);
  return { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, corpo: corpo.toString() };
};

async function novoComitente(hotsiteId = 1) {
  const [c] = await db()
    .insert(comitente)
    .values({ hotsiteId, nomeSite: `Locadora Chaves ${randomUUID().slice(0, 6)}` })
    .returning();
  return c.id;
}
async function vendedor(comitentes: number[]) {
  const u = await entrarComoStaff(db(), [P.COMITENTE], { nome: 'Gestora de Integração' });
  for (const comitenteId of comitentes) await db().insert(usuarioComitente).values({ hotsiteId: 1, usuarioId: u.id, comitenteId });
  return u;
}
const segredoDe = (html: string) => ({
  clientId: /<code>(cmt_[0-9a-f]{24})<\/code>/.exec(html)?.[1],
  segredo: /client_secret<\/dt><dd><code>([\w-]{43})<\/code>/.exec(html)?.[1],
});
const entrar = (clientId: string, segredo: string) =>
  t.app.pedir(H, '/v1/comitente-integracao/token', {
    corpo: { grant_type: 'client_credentials', client_id: clientId, client_secret: segredo },
  });
const uidDaChave = async (clientId: string) =>
  linhas<{ uid: string; segredo_hash: string }>(
    await db().execute(sql`SELECT uid, segredo_hash FROM comitente_credencial WHERE client_id = ${clientId}`),
  )[0];

describe('/comitente/minha-pagina/chaves', () => {
  it('a seller user creates a key for its seller, sees the secret once, rotates it and revokes it', async () => {
    const meu = await novoComitente();
    const u = await vendedor([meu]);
    const criar = await t.app.pedir(
      H,
      PAGINA,
      formulario(u.cookie, {
        _acao: 'criar',
        comitenteId: String(meu),
        descricao: 'ERP da locadora',
        permissoes: [PI.LOTE, PI.HEALTH_CHECK],
      }),
    );
    expect(criar.status, criar.texto).toBe(200);
    expect(criar.headers['cache-control']).toContain('no-store');
    const { clientId, segredo } = segredoDe(criar.texto);
    expect(clientId && segredo).toBeTruthy();
    const k = await uidDaChave(clientId!);
    expect(k.segredo_hash).toBe(createHash('sha256').update(segredo!).digest('hex'));
    // Listed afterwards without the secret.
    const lista = await t.app.pedir(H, PAGINA, { headers: { cookie: u.cookie } });
    expect(lista.status).toBe(200);
    expect(lista.texto).toContain(clientId);
    expect(lista.texto).toContain('ERP da locadora');
    expect(lista.texto).not.toContain(segredo);
    expect((await entrar(clientId!, segredo!)).status).toBe(200);

    const trocar = await t.app.pedir(H, PAGINA, formulario(u.cookie, { _acao: 'rotacionar', uid: k.uid }));
    expect(trocar.status).toBe(200);
    const novo = segredoDe(trocar.texto).segredo!;
    expect(novo).not.toBe(segredo);
    expect((await entrar(clientId!, segredo!)).status).toBe(401);
    expect((await entrar(clientId!, novo)).status).toBe(200);

    const revogar = await t.app.pedir(H, PAGINA, formulario(u.cookie, { _acao: 'revogar', uid: k.uid }));
    expect(revogar.texto).toContain('Chave revogada');
    expect((await entrar(clientId!, novo)).status).toBe(401);
    expect(t.log).not.toContain(segredo);
    expect(t.log).not.toContain(novo);
  });

  it('another seller’s key and seller are not found; bad input is a pt-BR 400; clients and other staff are refused', async () => {
    const meu = await novoComitente();
    const alheio = await novoComitente();
    const u = await vendedor([meu]);
    const adm = await entrarComoStaff(db(), [P.ADM]);
    const criada = await t.app.pedir(
      H,
      '/admin/comitente-integracao-chaves',
      formulario(adm.cookie, { _acao: 'criar', comitenteId: String(alheio), descricao: 'Sistema vizinho', permissoes: [PI.LOTE] }),
    );
    const dela = segredoDe(criada.texto);
    const k = await uidDaChave(dela.clientId!);

    const lista = await t.app.pedir(H, PAGINA, { headers: { cookie: u.cookie } });
    expect(lista.texto).not.toContain(dela.clientId);
    expect(lista.texto).not.toContain('Sistema vizinho');
    for (const acao of ['rotacionar', 'revogar']) {
      const r = await t.app.pedir(H, PAGINA, formulario(u.cookie, { _acao: acao, uid: k.uid }));
      expect(r.status).toBe(404);
      expect(r.texto).toContain('Chave de API não encontrada');
    }
    expect((await entrar(dela.clientId!, dela.segredo!)).status).toBe(200);
    const paraOutro = await t.app.pedir(
      H,
      PAGINA,
      formulario(u.cookie, { _acao: 'criar', comitenteId: String(alheio), descricao: 'Tentativa', permissoes: [PI.LOTE] }),
    );
    expect(paraOutro.status).toBe(404);
    expect(segredoDe(paraOutro.texto).segredo).toBeUndefined();

    const semPermissao = await t.app.pedir(H, PAGINA, formulario(u.cookie, { _acao: 'criar', comitenteId: String(meu), descricao: 'ERP' }));
    expect(semPermissao.status).toBe(400);
    expect(semPermissao.texto).toContain('Escolha ao menos uma permissão');

    const cliente = await criarCliente(db(), { hotsiteId: 1 });
    expect((await t.app.pedir(H, PAGINA, { headers: cliente.auth })).status).toBe(403);
    const mkt = await entrarComoStaff(db(), [P.MKT]);
    expect((await t.app.pedir(H, PAGINA, { headers: { cookie: mkt.cookie } })).status).toBe(403);
    expect(
      (
        await t.app.pedir(
          H,
          PAGINA,
          formulario(mkt.cookie, { _acao: 'criar', comitenteId: String(meu), descricao: 'ERP', permissoes: [PI.LOTE] }),
        )
      ).status,
    ).toBe(403);
  });
});
