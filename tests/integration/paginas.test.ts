import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotsiteAlteracao, usuarioHotsite } from '@db/schema';
import { randomUUID } from 'node:crypto';
import { createMemoryBus, createRedisBus, type Bus } from '~/realtime/bus.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarBancoDeTeste, envDeTeste } from '../db';
import { iniciarInstancia, type Instancia } from '../server';
import { entrarComoStaff } from '../staff';

let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let a: Instancia;
let b: Instancia;
let adm: Awaited<ReturnType<typeof entrarComoStaff>>;
let mkt: Awaited<ReturnType<typeof entrarComoStaff>>;
let sac: Awaited<ReturnType<typeof entrarComoStaff>>;

// Two instances on one bus: Redis (separate connections each) when REDIS_URL is set, else in-process.
let buses: Bus[];
beforeAll(async () => {
  banco = await criarBancoDeTeste();
  const prefixo = `martelo-test-${randomUUID()}:`;
  buses = envDeTeste.REDIS_URL
    ? [await createRedisBus({ url: envDeTeste.REDIS_URL, prefixo }), await createRedisBus({ url: envDeTeste.REDIS_URL, prefixo })]
    : ((m) => [m, m])(createMemoryBus());
  a = await iniciarInstancia({ database: banco, bus: buses[0] });
  b = await iniciarInstancia({ database: banco, bus: buses[1] });
  adm = await entrarComoStaff(banco.db, [P.ADM]);
  mkt = await entrarComoStaff(banco.db, [P.MKT]);
  sac = await entrarComoStaff(banco.db, [P.SAC]);
  await banco.db.insert(usuarioHotsite).values({ usuarioId: mkt.id, hotsiteId: 14 });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await Promise.all([...new Set(buses)].map((x) => x.close()));
  await banco?.descartar();
});

const novaMarca = (n: string) => ({
  tipo: 'leilao',
  modoSite: 'leilao',
  nome: `Marca ${n}`,
  corPrimaria: '#7a1fa2',
  corSecundaria: 'rgb(0, 150, 136)',
  corGradient1: '#7a1fa2',
  corGradient2: '#9c27b0',
  corGradient3: '#009688',
  domain: `www.marca-${n}.com.br`,
  subdomain: `marca-${n}`,
});

describe('onboarding through the API', () => {
  it('creates a brand that answers at once on its new domain, on both instances, with the template pages', async () => {
    const r = await a.pedir('h1.localhost', '/v1/hotsite/admin', { headers: adm.bearer, corpo: novaMarca('api') });
    expect(r.status).toBe(201);
    const criada = r.json<{ id: number; corPrimaria: string; corSecundaria: string; dnsCredenciais?: unknown }>();
    expect(criada.id).toBeGreaterThanOrEqual(5000);
    expect(criada.corSecundaria).toBe('#009688');
    expect(criada).not.toHaveProperty('dnsCredenciais');

    for (const inst of [a, b]) {
      const site = await inst.pedir('www.marca-api.com.br', '/');
      expect(site.status).toBe(200);
      expect(site.texto).toContain('Marca api');
      expect(site.texto).toContain('#7a1fa2');
      expect((await inst.pedir(`h${criada.id}.localhost`, '/v1/hotsite/public')).json()).toMatchObject({ nome: 'Marca api' });
    }
    const inicio = await b.pedir('marca-api.martelo.app.br', '/v1/hotsite/conteudo-pagina/?uri=pagina-inicial');
    expect(inicio.status).toBe(200);
    expect(inicio.json<{ sessoes: unknown[] }>().sessoes.length).toBeGreaterThan(0);
    const login = await b.pedir('marca-api.martelo.app.br', `/v1/hotsite/${criada.id}/conteudo-pagina-login`);
    expect(login.status).toBe(200);
  });

  it('an update through A is served by B at once (bus invalidation after commit)', async () => {
    const lista = (await a.pedir('h1.localhost', '/v1/hotsite/admin', { headers: adm.bearer })).json<{ id: number; nome: string }[]>();
    const alvo = lista.find((h) => h.nome === 'Marca api')!;
    expect((await b.pedir('www.marca-api.com.br', '/')).texto).toContain('#7a1fa2');
    const r = await a.pedir('h1.localhost', `/v1/hotsite/admin/${alvo.id}`, {
      method: 'PUT',
      headers: adm.bearer,
      corpo: { ...novaMarca('api'), nome: 'Marca Renovada', corPrimaria: '#123456' },
    });
    expect(r.status).toBe(200);
    // Redis delivers the event to B asynchronously: B serves the change within moments, not after a TTL.
    const inicio = Date.now();
    await expect
      .poll(async () => (await b.pedir('www.marca-api.com.br', '/')).texto, { timeout: 2_000, interval: 20 })
      .toContain('Marca Renovada');
    expect(Date.now() - inicio).toBeLessThan(2_000);
    expect((await b.pedir('www.marca-api.com.br', '/')).texto).toContain('#123456');
    const [alteracao] = await banco.db.select().from(hotsiteAlteracao).where(eq(hotsiteAlteracao.hotsiteId, alvo.id));
    expect(alteracao).toMatchObject({ usuarioId: adm.id, entidade: 'hotsite' });
  });

  it('refuses unsafe values with 400 and pt-BR messages', async () => {
    const casos: [Record<string, unknown>, string, string][] = [
      [{ corPrimaria: 'red;background:url(x)' }, 'corPrimaria', 'Cor inválida: use #RRGGBB, rgb() ou hsl()'],
      [{ linkCanonico: 'javascript:alert(1)' }, 'linkCanonico', 'Endereço inválido: use http(s)://'],
      [
        { scriptCabecalho: '<script>alert(1)</script>' },
        'scriptCabecalho',
        'Script do cabeçalho: informe só o ID do Google Tag Manager (GTM-XXXXXXX)',
      ],
      [{ googleAnalytics: "G-1');alert(1)//" }, 'googleAnalytics', 'ID do Google Analytics inválido'],
      [{ domain: 'evil.com/<x>' }, 'domain', 'Domínio inválido'],
      [{ tipo: 'cassino' }, 'tipo', 'Tipo deve ser leilao ou loja'],
      // Zod's own messages read pt-BR too.
      [{ endereco: { estadoSigla: 'SP', latitude: 200 } }, 'endereco.latitude', 'Grande demais: esperava que o número fosse <= 90'],
    ];
    for (const [extra, campo, mensagem] of casos) {
      const r = await a.pedir('h1.localhost', '/v1/hotsite/admin', { headers: adm.bearer, corpo: { ...novaMarca('x'), ...extra } });
      expect(r.status, campo).toBe(400);
      expect(r.json<{ erros: Record<string, string[]> }>().erros[campo]).toContain(mensagem);
    }
    const repetido = await a.pedir('h1.localhost', '/v1/hotsite/admin', {
      headers: adm.bearer,
      corpo: { ...novaMarca('y'), domain: 'www.brasilleiloes.com.br' },
    });
    expect(repetido.status).toBe(409);
    expect(repetido.json()).toMatchObject({ message: 'Domínio já usado por outra marca' });
  });

  it('refuses wrong roles with the spec texts and never leaks DNS credentials', async () => {
    const semLogin = await a.pedir('h1.localhost', '/v1/hotsite/admin', { corpo: novaMarca('z') });
    expect(semLogin.status).toBe(401);
    expect(semLogin.json()).toMatchObject({ message: 'Efetuar login para acessar esta página', statusCode: 401 });
    const semPapel = await a.pedir('h1.localhost', '/v1/hotsite/admin', { headers: sac.bearer, corpo: novaMarca('z') });
    expect(semPapel.status).toBe(403);
    expect(semPapel.json()).toMatchObject({
      message: 'Você não tem a permissão necessária para acessar esta página, papéis: Interno - ADM',
      statusCode: 403,
    });
    // MKT edits content but does not create or change brands.
    const mktCria = await a.pedir('h1.localhost', '/v1/hotsite/admin', { headers: mkt.bearer, corpo: novaMarca('z') });
    expect(mktCria.status).toBe(403);
    const um = await a.pedir('h1.localhost', '/v1/hotsite/admin/1', { headers: adm.bearer });
    expect(um.status).toBe(200);
    expect(um.texto).not.toContain('dnsCredenciais');
  });
});

describe('page builder API', () => {
  type Config = {
    uid: string;
    sessoes: { uid: string; nome: string; prioridade: number; itens: { uid: string; titulo: string | null }[] }[];
  };
  const config = async (inst: Instancia, hotsiteId: number, uri = 'pagina-inicial') => {
    const r = await inst.pedir('h1.localhost', `/v1/hotsite/paginas/configuracao/?uri=${uri}&hotsiteId=${hotsiteId}`, {
      headers: adm.bearer,
    });
    expect(r.status).toBe(200);
    return r.json<Config>();
  };

  it('MKT edits only assigned brands', async () => {
    const propria = await a.pedir('h1.localhost', '/v1/hotsite/paginas/configuracao/?uri=pagina-inicial&hotsiteId=14', {
      headers: mkt.bearer,
    });
    expect(propria.status).toBe(200);
    const alheia = await a.pedir('h1.localhost', '/v1/hotsite/paginas/configuracao/?uri=pagina-inicial&hotsiteId=2', {
      headers: mkt.bearer,
    });
    expect(alheia.status).toBe(403);
    expect(alheia.json()).toMatchObject({ message: 'Você não tem permissão para editar esta marca' });
    const sessao2 = (await config(a, 2)).sessoes[0];
    const put = await a.pedir('h1.localhost', `/v1/hotsite/paginas/sessao/${sessao2.uid}`, {
      method: 'PUT',
      headers: mkt.bearer,
      corpo: { nome: 'invadido' },
    });
    expect(put.status).toBe(403);
    const lista = (await a.pedir('h1.localhost', '/v1/hotsite/admin', { headers: mkt.bearer })).json<{ id: number }[]>();
    expect(lista.map((h) => h.id)).toEqual([14]);
    const cliente = await a.pedir('h1.localhost', '/v1/hotsite/paginas/configuracao/?uri=pagina-inicial&hotsiteId=14', {
      headers: sac.bearer,
    });
    expect(cliente.status).toBe(403);
  });

  it('creates a section, changes its priority with aumentar/diminuir, and refuses unknown kinds and values', async () => {
    const pagina = await config(a, 14);
    const nova = await a.pedir('h1.localhost', '/v1/hotsite/paginas/sessao/', {
      headers: mkt.bearer,
      corpo: { paginaUid: pagina.uid, elemento: 'texto', nome: 'Sessão nova', tamanhoColuna: 'metade', margemCabecalho: 'zero' },
    });
    expect(nova.status).toBe(201);
    const { uid } = nova.json<{ uid: string }>();
    let ordem = (await config(a, 14)).sessoes.map((s) => s.uid);
    expect(ordem.at(-1)).toBe(uid);

    const subir = await a.pedir('h1.localhost', `/v1/hotsite/paginas/sessao/prioridade/${uid}/`, {
      method: 'PUT',
      headers: mkt.bearer,
      corpo: { prioridade: 'aumentar' },
    });
    expect(subir.status).toBe(200);
    const depois = (await config(a, 14)).sessoes.map((s) => s.uid);
    expect(depois.at(-2)).toBe(uid);
    expect(depois.slice(0, -2)).toEqual(ordem.slice(0, -2));
    await a.pedir('h1.localhost', `/v1/hotsite/paginas/sessao/prioridade/${uid}/`, {
      method: 'PUT',
      headers: mkt.bearer,
      corpo: { prioridade: 'diminuir' },
    });
    ordem = (await config(a, 14)).sessoes.map((s) => s.uid);
    expect(ordem.at(-1)).toBe(uid);
    // Down from the bottom changes nothing.
    await a.pedir('h1.localhost', `/v1/hotsite/paginas/sessao/prioridade/${uid}/`, {
      method: 'PUT',
      headers: mkt.bearer,
      corpo: { prioridade: 'diminuir' },
    });
    expect((await config(a, 14)).sessoes.map((s) => s.uid)).toEqual(ordem);

    const ruins: [string, string, unknown, string][] = [
      ['POST', '/v1/hotsite/paginas/sessao/', { paginaUid: pagina.uid, elemento: 'iframe-livre', nome: 'x' }, 'Elemento inválido'],
      ['PUT', `/v1/hotsite/paginas/sessao/${uid}`, { tamanhoColuna: 'terço' }, 'Tamanho de coluna inválido'],
      ['PUT', `/v1/hotsite/paginas/sessao/${uid}`, { margemRodape: 'enorme' }, 'Margem inválida'],
      ['PUT', `/v1/hotsite/paginas/sessao/prioridade/${uid}/`, { prioridade: 'subir' }, "Prioridade deve ser 'aumentar' ou 'diminuir'"],
    ];
    for (const [method, caminho, corpo, mensagem] of ruins) {
      const r = await a.pedir('h1.localhost', caminho, { method, headers: mkt.bearer, corpo });
      expect(r.status, caminho).toBe(400);
      expect(r.json()).toMatchObject({ message: mensagem });
    }
  });

  it('creates, updates, duplicates and deletes items; links need no TLD and empty links are null', async () => {
    const pagina = await config(a, 14);
    const sessao = pagina.sessoes.find((s) => s.nome === 'Sessão nova')!;
    const criado = await a.pedir('h1.localhost', '/v1/hotsite/paginas/sessao/itens', {
      headers: mkt.bearer,
      corpo: { sessaoUid: sessao.uid, titulo: 'Olá', texto: 'Primeiro texto', link: 'http://intranet/pagina', corFundo: 'rgb(255,0,0)' },
    });
    expect(criado.status).toBe(201);
    const { uid } = criado.json<{ uid: string }>();
    const atualizado = await a.pedir('h1.localhost', `/v1/hotsite/paginas/sessao/itens/${uid}`, {
      method: 'PUT',
      headers: mkt.bearer,
      corpo: { titulo: 'Olá de novo', texto: 'Texto visível na outra instância', link: '', corFundo: '#FF0000' },
    });
    expect(atualizado.status).toBe(200);
    // Served at once by the other instance.
    const publico = (await b.pedir('h14.localhost', '/v1/hotsite/conteudo-pagina/?uri=pagina-inicial')).json<Config>();
    const item = publico.sessoes.flatMap((s) => s.itens).find((i) => i.uid === uid) as unknown as { titulo: string; link: string | null };
    expect(item).toMatchObject({ titulo: 'Olá de novo', link: null });
    const home = (await b.pedir('h14.localhost', '/')).texto;
    expect(home).toContain('Texto visível na outra instância');
    // The item is drawn in its own background colour (validated, stored as hex).
    expect(home).toMatch(/style="background:#ff0000">(?:(?!<\/div>).)*Texto visível na outra instância/s);

    const ruins: [unknown, string][] = [
      [{ sessaoUid: sessao.uid, link: 'javascript:alert(1)' }, 'Link inválido'],
      [{ sessaoUid: sessao.uid, corTexto: 'expression(alert(1))' }, 'Cor inválida: use #RRGGBB, rgb() ou hsl()'],
      [{ sessaoUid: sessao.uid, imagem: 'javascript:alert(1)' }, 'Imagem inválida: use um arquivo enviado ou um endereço https'],
      [{ titulo: 'sem sessão' }, 'sessaoUid obrigatório'],
    ];
    for (const [corpo, mensagem] of ruins) {
      const r = await a.pedir('h1.localhost', '/v1/hotsite/paginas/sessao/itens', { headers: mkt.bearer, corpo });
      expect(r.status).toBe(400);
      expect(r.json()).toMatchObject({ message: mensagem });
    }

    // Duplicate = post a copy; delete answers the spec's toast text.
    const copia = await a.pedir('h1.localhost', '/v1/hotsite/paginas/sessao/itens', {
      headers: mkt.bearer,
      corpo: { sessaoUid: sessao.uid, titulo: 'Olá de novo', texto: 'copia' },
    });
    expect(copia.status).toBe(201);
    expect((await config(a, 14)).sessoes.find((s) => s.uid === sessao.uid)!.itens).toHaveLength(2);
    const apagar = await a.pedir('h1.localhost', `/v1/hotsite/paginas/sessao/itens/${copia.json<{ uid: string }>().uid}`, {
      method: 'DELETE',
      headers: mkt.bearer,
    });
    expect(apagar.json()).toMatchObject({ mensagem: 'Item apagado com sucesso' });
    expect((await config(a, 14)).sessoes.find((s) => s.uid === sessao.uid)!.itens).toHaveLength(1);
    const outraVez = await a.pedir('h1.localhost', `/v1/hotsite/paginas/sessao/itens/${copia.json<{ uid: string }>().uid}`, {
      method: 'DELETE',
      headers: mkt.bearer,
    });
    expect(outraVez.status).toBe(404);

    const sessaoApagada = await a.pedir('h1.localhost', `/v1/hotsite/paginas/sessao/${sessao.uid}`, {
      method: 'DELETE',
      headers: mkt.bearer,
    });
    expect(sessaoApagada.status).toBe(200);
    expect((await config(a, 14)).sessoes.some((s) => s.uid === sessao.uid)).toBe(false);
  });

  it('creates and updates a page; a page needs uri, titulo and descricao', async () => {
    const r = await a.pedir('h1.localhost', '/v1/hotsite/paginas/', {
      headers: adm.bearer,
      corpo: { hotsiteId: 2, uri: 'politica-de-cookies', titulo: 'Política de cookies', descricao: 'Como usamos cookies' },
    });
    expect(r.status).toBe(201);
    const { uid } = r.json<{ uid: string }>();
    const put = await a.pedir('h1.localhost', `/v1/hotsite/paginas/${uid}`, {
      method: 'PUT',
      headers: adm.bearer,
      corpo: { uri: 'politica-de-cookies', titulo: 'Cookies', descricao: '' },
    });
    expect(put.status).toBe(400);
    expect(put.json()).toMatchObject({ message: 'Informe a descrição' });
    const dup = await a.pedir('h1.localhost', '/v1/hotsite/paginas/', {
      headers: adm.bearer,
      corpo: { hotsiteId: 2, uri: 'politica-de-cookies', titulo: 'P', descricao: 'P' },
    });
    expect(dup.status).toBe(409);
  });
});
