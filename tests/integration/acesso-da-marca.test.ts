import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hotsite } from '@db/schema';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { criarCliente } from '../lances';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/**
 * A brand's access settings, stored in the hotsite form, are enforced on its pages and its JSON API:
 * login required to view, the viewing window and the sign-up window. Staff always get in.
 */
const t = instanciaDeTeste();
const H = 'h14.localhost';
const hora = 3_600_000;

async function ajustar(valores: Partial<typeof hotsite.$inferInsert>) {
  await t.banco.db
    .update(hotsite)
    .set({
      loginObrigatorioVisualizar: false,
      visualizacaoInicio: null,
      visualizacaoFim: null,
      cadastroInicio: null,
      cadastroFim: null,
      ...valores,
    })
    .where(eq(hotsite.id, 14));
  await t.app.martelo.hotsites.hotsiteAlterado(14);
  // On Redis the event comes back through the subscriber connection.
  await new Promise((r) => setTimeout(r, 50));
}

describe('login required to view', () => {
  it('sends a visitor of the site and its catalogue to the login; a client and staff see it', async () => {
    await ajustar({ loginObrigatorioVisualizar: true });
    for (const caminho of ['/', '/leilao', '/agenda', '/patios']) {
      const r = await t.app.pedir(H, caminho);
      expect(r.status, caminho).toBe(302);
      expect(r.headers.location).toMatch(/^\/login\?redirectTo=/);
      expect(new URL(r.headers.location!, 'http://x').searchParams.get('mensagem')).toBe('Necessário fazer login para acessar esta página');
    }
    const api = await t.app.pedir(H, '/v1/lote/busca-elastic', { method: 'POST', corpo: {} });
    expect(api.status).toBe(401);
    expect(api.json()).toMatchObject({ message: 'Necessário fazer login para acessar esta página' });
    // The way in stays open.
    expect((await t.app.pedir(H, '/login')).status).toBe(200);
    expect((await t.app.pedir(H, '/cadastro')).status).toBe(200);
    expect((await t.app.pedir(H, '/v1/hotsite/public')).status).toBe(200);

    const cliente = await criarCliente(t.banco.db, { hotsiteId: 14 });
    expect((await t.app.pedir(H, '/leilao', { headers: { cookie: cliente.cookie } })).status).toBe(200);
    expect((await t.app.pedir(H, '/v1/lote/busca-elastic', { method: 'POST', corpo: {}, headers: cliente.auth })).status).toBe(200);
    // Another brand is not affected.
    expect((await t.app.pedir('h1.localhost', '/leilao')).status).toBe(200);
  });
});

describe('viewing window', () => {
  it('before it opens, the site says when; after it closes, that it is closed; staff still preview', async () => {
    const inicio = new Date(Date.now() + 48 * hora);
    await ajustar({ visualizacaoInicio: inicio });
    const cliente = await criarCliente(t.banco.db, { hotsiteId: 14 });
    const antes = await t.app.pedir(H, '/leilao', { headers: { cookie: cliente.cookie } });
    expect(antes.status).toBe(403);
    expect(antes.texto).toContain('Este site estará disponível a partir de');
    const api = await t.app.pedir(H, '/v1/leiloes/lista-site');
    expect(api.status).toBe(403);
    expect(api.json<{ message: string }>().message).toMatch(/^Este site estará disponível a partir de \d{2}\/\d{2}\/\d{4}/);

    const staff = await entrarComoStaff(t.banco.db, [PAPEIS_INTERNOS.MKT], { hotsiteId: 14 });
    expect((await t.app.pedir(H, '/leilao', { headers: { cookie: staff.cookie } })).status).toBe(200);

    await ajustar({ visualizacaoFim: new Date(Date.now() - hora) });
    const depois = await t.app.pedir(H, '/', { headers: { cookie: cliente.cookie } });
    expect(depois.status).toBe(403);
    expect(depois.texto).toContain('Este site não está mais disponível para visualização');

    await ajustar({ visualizacaoInicio: new Date(Date.now() - hora), visualizacaoFim: new Date(Date.now() + hora) });
    expect((await t.app.pedir(H, '/leilao')).status).toBe(200);
  });
});

describe('sign-up window', () => {
  const cadastro = {
    tipoPessoa: 'Fisica',
    nome: 'Renata Vasconcelos',
    cpf: '529.982.247-25',
    dataNascimento: '1988-03-14',
    email: `renata-${Date.now()}@exemplo.com.br`,
    telefone: '(11) 98765-4321',
    senha: 'Senha@2026',
    confirmarSenha: 'Senha@2026',
    aceiteTermos: 'on',
  };

  it('refuses sign-up outside the window and says why instead of showing the form', async () => {
    await ajustar({ cadastroInicio: new Date(Date.now() + 24 * hora) });
    const pagina = await t.app.pedir(H, '/cadastro');
    expect(pagina.texto).toContain('O cadastro neste site abre em');
    expect(pagina.texto).not.toContain('name="cpf"');
    const post = await t.app.pedir(H, '/cadastro', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      corpo: new URLSearchParams(cadastro).toString(),
    });
    expect(post.texto).toContain('O cadastro neste site abre em');
    expect(post.headers['set-cookie']).toBeUndefined();

    await ajustar({ cadastroFim: new Date(Date.now() - hora) });
    expect((await t.app.pedir(H, '/cadastro')).texto).toContain('O período de cadastro deste site foi encerrado');

    await ajustar({});
    expect((await t.app.pedir(H, '/cadastro')).texto).toContain('name="cpf"');
  });
});

describe('sitemap.xml', () => {
  const lotesNoMapa = (xml: string) => (xml.match(/<loc>[^<]*\/leilao\/[^<]+<\/loc>/g) ?? []).length;

  it('lists no lot, auction or public page while the brand requires login to view or is outside its viewing window', async () => {
    await ajustar({});
    const aberto = await t.app.pedir(H, '/sitemap.xml');
    expect(aberto.status).toBe(200);
    expect(lotesNoMapa(aberto.texto)).toBeGreaterThan(0);

    const staff = await entrarComoStaff(t.banco.db, [PAPEIS_INTERNOS.ADM], { hotsiteId: 14 });
    for (const regra of [
      { loginObrigatorioVisualizar: true },
      { visualizacaoInicio: new Date(Date.now() + 24 * hora) },
      { visualizacaoFim: new Date(Date.now() - hora) },
    ]) {
      await ajustar(regra);
      // Whoever asks (a crawler, or staff, who see the site itself): the map is for visitors.
      for (const headers of [{}, { cookie: staff.cookie }] as Record<string, string>[]) {
        const r = await t.app.pedir(H, '/sitemap.xml', { headers });
        expect(r.status, JSON.stringify(regra)).toBe(200);
        expect(r.texto).toContain('<urlset');
        expect(r.texto, JSON.stringify(regra)).not.toContain('<url>');
      }
    }
    await ajustar({});
    expect(lotesNoMapa((await t.app.pedir(H, '/sitemap.xml')).texto)).toBeGreaterThan(0);
  });
});
