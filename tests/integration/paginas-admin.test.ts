import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  banner,
  hotsite,
  hotsiteAlteracao,
  hotsiteArquivo,
  hotsiteSessaoItem,
  mensagemContato,
  newsletterInscricao,
  usuarioHotsite,
} from '@db/schema';
import { conferirImagem, enviarImagem } from '~/modules/hotsites/admin.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarBancoDeTeste } from '../db';
import { iniciarInstancia, type Instancia } from '../server';
import { entrarComoStaff } from '../staff';

let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let app: Instancia;
let adm: Awaited<ReturnType<typeof entrarComoStaff>>;
let mkt: Awaited<ReturnType<typeof entrarComoStaff>>;

beforeAll(async () => {
  banco = await criarBancoDeTeste();
  app = await iniciarInstancia({ database: banco });
  adm = await entrarComoStaff(banco.db, [P.ADM]);
  mkt = await entrarComoStaff(banco.db, [P.MKT], { nome: 'Marketing' });
  await banco.db.insert(usuarioHotsite).values({ usuarioId: mkt.id, hotsiteId: 14 });
});
afterAll(async () => {
  await app?.close();
  await banco?.descartar();
});

const formulario = (campos: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  corpo: new URLSearchParams(campos).toString(),
});
const post = (caminho: string, cookie: string, campos: Record<string, string>) => {
  const f = formulario(campos);
  return app.pedir('h1.localhost', caminho, { method: 'POST', headers: { ...f.headers, cookie }, corpo: f.corpo });
};

// The smallest valid PNG (1×1) and a "PNG" that is really a script.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('brand screens: who may open them', () => {
  it("the builder's preview on another brand's host shows the edited brand's own logo", async () => {
    const sha = 'a'.repeat(64);
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    await banco.db
      .insert(hotsiteArquivo)
      .values({ hotsiteId: 14, sha256: sha, nome: 'logo.png', contentType: 'image/png', tamanho: png.length, conteudo: png })
      .onConflictDoNothing();
    await banco.db
      .update(hotsite)
      .set({ logo: `/marca/arquivo/${sha}.png` })
      .where(eq(hotsite.id, 14));
    const pagina = await app.pedir('h1.localhost', '/admin/hotsite/14?aba=dados', { headers: { cookie: adm.cookie } });
    expect(pagina.status).toBe(200);
    expect(pagina.texto).toContain(`/marca/arquivo/${sha}.png?marca=14`);
    // On h1 the file is brand 14's only when the brand is named; a bad name is the host's (none here).
    expect((await app.pedir('h1.localhost', `/marca/arquivo/${sha}.png?marca=14`)).status).toBe(200);
    expect((await app.pedir('h1.localhost', `/marca/arquivo/${sha}.png`)).status).toBe(404);
    expect((await app.pedir('h1.localhost', `/marca/arquivo/${sha}.png?marca=abc`)).status).toBe(404);
    expect((await app.pedir('h14.localhost', `/marca/arquivo/${sha}.png`)).status).toBe(200);
  });
  it('ADM opens the list and any brand; MKT only assigned brands, with pt-BR refusals', async () => {
    expect((await app.pedir('h1.localhost', '/admin/hotsites', { headers: { cookie: adm.cookie } })).status).toBe(200);
    const lista = await app.pedir('h1.localhost', '/admin/hotsites', { headers: { cookie: mkt.cookie } });
    expect(lista.status).toBe(403);
    expect(lista.texto).toContain('Você não tem a permissão necessária para acessar esta página, papéis: Interno - ADM');

    const propria = await app.pedir('h1.localhost', '/admin/hotsite/14', { headers: { cookie: mkt.cookie } });
    expect(propria.status).toBe(200);
    expect(propria.texto).toContain('Aliança Salvados');
    expect(propria.texto).not.toContain('Dados da marca');
    const alheia = await app.pedir('h1.localhost', '/admin/hotsite/2', { headers: { cookie: mkt.cookie } });
    expect(alheia.status).toBe(403);
    expect(alheia.texto).toContain('Você não tem permissão para editar esta marca');
    const minhas = await app.pedir('h1.localhost', '/admin/hotsite', { headers: { cookie: mkt.cookie } });
    expect(minhas.texto).toContain('/admin/hotsite/14');
    expect(minhas.texto).not.toContain('/admin/hotsite/2"');

    // MKT changes content but not the brand's data.
    const marca = await post('/admin/hotsite/14', mkt.cookie, { _acao: 'salvar-marca', nome: 'x' });
    expect(marca.status).toBe(403);
    expect(marca.texto).toContain('Somente Interno - ADM altera os dados da marca');
  });

  it('an ADM assigns a MKT user, who then edits that brand', async () => {
    expect((await app.pedir('h1.localhost', '/admin/hotsite/20?aba=paginas', { headers: { cookie: mkt.cookie } })).status).toBe(403);
    const r = await post('/admin/hotsite/20?aba=editores', adm.cookie, {
      _acao: 'atribuir-mkt',
      alvo: String(mkt.id),
      usuarioId: String(mkt.id),
      atribuir: 'sim',
    });
    expect(r.status).toBe(200);
    expect((await app.pedir('h1.localhost', '/admin/hotsite/20?aba=paginas', { headers: { cookie: mkt.cookie } })).status).toBe(200);
    const [registro] = await banco.db
      .select()
      .from(hotsiteAlteracao)
      .where(and(eq(hotsiteAlteracao.hotsiteId, 20), eq(hotsiteAlteracao.entidade, 'usuario-hotsite')));
    expect(registro).toMatchObject({ usuarioId: adm.id, acao: 'atribuiu', entidadeId: mkt.id });
  });
});

describe('brand form without JavaScript', () => {
  const campos = {
    _acao: 'salvar-marca',
    nome: 'Loja Formulário',
    tipo: 'loja',
    modoSite: 'loja',
    corPrimaria: '#224466',
    corSecundaria: '#ffcc00',
    corGradient1: '#224466',
    corGradient2: '#335577',
    corGradient3: '#ffcc00',
    tipoHabilitacao: 'por-hotsite',
    domain: 'www.loja-formulario.com.br',
    scriptCabecalho: 'GTM-ABC1234',
    confirmacoesObrigatorias: 'email',
  };

  it('refuses unsafe values with 400 and shows the pt-BR message on the page', async () => {
    const r = await post('/admin/hotsite', adm.cookie, { ...campos, linkCanonico: 'javascript:alert(1)' });
    expect(r.status).toBe(400);
    expect(r.texto).toContain('Endereço inválido: use http(s)://');
    const s = await post('/admin/hotsite', adm.cookie, { ...campos, scriptCabecalho: '<script>alert(1)</script>' });
    expect(s.status).toBe(400);
    expect(s.texto).toContain('Script do cabeçalho: informe só o ID do Google Tag Manager (GTM-XXXXXXX)');
    expect(s.texto).not.toContain('<script>alert(1)</script>');
  });

  it('creates the brand (redirect to its screen), which answers on its domain with the GTM loader only', async () => {
    const r = await post('/admin/hotsite', adm.cookie, campos);
    expect(r.status).toBe(302);
    const id = Number(r.headers.location!.split('/').pop());
    const site = await app.pedir('www.loja-formulario.com.br', '/');
    expect(site.status).toBe(200);
    expect(site.texto).toContain('Loja Formulário');
    expect(site.texto).toContain('https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234');
    const [linha] = await banco.db.select().from(hotsite).where(eq(hotsite.id, id));
    expect(linha).toMatchObject({ tipoHabilitacao: 'por-hotsite', permitirCpf: false, updatedBy: adm.id });
    expect((await app.pedir('h1.localhost', `/admin/hotsite/${id}`, { headers: { cookie: adm.cookie } })).status).toBe(200);
  });
});

describe('brand images: real type and size', () => {
  it('accepts a real PNG and refuses a script named .png, an SVG and an oversized file', async () => {
    await expect(conferirImagem(PNG, 'logo')).resolves.toBe('image/png');
    await expect(conferirImagem(Buffer.from('<script>alert(1)</script>'), 'logo')).rejects.toMatchObject({
      status: 415,
      mensagem: 'Formato de imagem não aceito: envie PNG, JPEG, WebP ou ICO',
    });
    await expect(
      conferirImagem(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'favicon'),
    ).rejects.toMatchObject({ status: 415 });
    await expect(conferirImagem(Buffer.concat([PNG, Buffer.alloc(300_000)]), 'favicon')).rejects.toMatchObject({ status: 413 });
    const caminho = await enviarImagem({ db: banco.db, hotsiteId: 14, tipo: 'logo', nome: 'logo.png', conteudo: PNG, usuarioId: adm.id });
    const servido = await app.pedir('h14.localhost', caminho);
    expect(servido.status).toBe(200);
    expect(servido.headers['content-type']).toBe('image/png');
    expect((await app.pedir('h14.localhost', '/')).texto).toContain(caminho);
  });
});

describe('page builder through the page', () => {
  it('duplicates and deletes an item with the spec toasts (no JavaScript: the toast is in the page)', async () => {
    const [item] = await banco.db
      .select()
      .from(hotsiteSessaoItem)
      .where(and(eq(hotsiteSessaoItem.hotsiteId, 14), isNotNull(hotsiteSessaoItem.titulo)))
      .limit(1);
    const dup = await post('/admin/hotsite/14?aba=paginas', mkt.cookie, { _acao: 'duplicar-item', alvo: item.uid });
    expect(dup.status).toBe(200);
    expect(dup.texto).toContain('Item duplicado com sucesso');
    const copias = await banco.db
      .select()
      .from(hotsiteSessaoItem)
      .where(and(eq(hotsiteSessaoItem.sessaoId, item.sessaoId), eq(hotsiteSessaoItem.titulo, item.titulo!)));
    expect(copias).toHaveLength(2);
    const copia = copias.find((c) => c.uid !== item.uid)!;
    expect(copia).toMatchObject({ texto: item.texto, link: item.link, prioridade: item.prioridade + 1, updatedBy: mkt.id });
    const apagar = await post('/admin/hotsite/14?aba=paginas', mkt.cookie, { _acao: 'apagar-item', alvo: copia.uid });
    expect(apagar.texto).toContain('Item apagado com sucesso');
    expect(await banco.db.select().from(hotsiteSessaoItem).where(eq(hotsiteSessaoItem.uid, copia.uid))).toHaveLength(0);
    const alheio = await post('/admin/hotsite/14?aba=paginas', mkt.cookie, {
      _acao: 'apagar-item',
      alvo: (await banco.db.select().from(hotsiteSessaoItem).where(eq(hotsiteSessaoItem.hotsiteId, 2)).limit(1))[0].uid,
    });
    expect(alheio.status).toBe(403);
  });
});

describe('banners', () => {
  it('creates a banner in one of the four positions, linked to an auction, shown by the public call in its window', async () => {
    const leiUid = '0b6f4a1e-2c7d-4e8f-9a10-b2c3d4e5f607';
    const r = await post('/admin/hotsite/14?aba=banners', mkt.cookie, {
      _acao: 'salvar-banner',
      nome: 'Feirão',
      posicaoBanner: 'entre-leiloes',
      leiUid,
      imagem: 'https://cdn.exemplo.com.br/feirao.jpg',
      urlDestino: '/leilao',
      ativo: 'on',
      dataInicio: '2020-01-01T00:00',
    });
    expect(r.status).toBe(200);
    expect(r.texto).toContain('Salvo com sucesso');
    const ativos = (await app.pedir('h14.localhost', `/v1/banners/ativo?posicaoBannerUid=entre-leiloes&leiUid=${leiUid}`)).json<
      { nome: string }[]
    >();
    expect(ativos.map((b) => b.nome)).toEqual(['Feirão']);
    const ruim = await post('/admin/hotsite/14?aba=banners', mkt.cookie, {
      _acao: 'salvar-banner',
      nome: 'X',
      posicaoBanner: 'rodape',
      imagem: 'javascript:x',
    });
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('Posição do banner inválida');
    expect((await app.pedir('h14.localhost', '/v1/banners/ativo?posicaoBannerUid=rodape')).status).toBe(400);
  });
});

describe('banners on the lot list', () => {
  it('a banner saved for the list shows on the next list page, and is gone from it once deleted (kept banners dropped on every edit)', async () => {
    expect((await app.pedir('h14.localhost', '/leilao')).texto).not.toContain('Saldão de Pesados');
    const r = await post('/admin/hotsite/14?aba=banners', mkt.cookie, {
      _acao: 'salvar-banner',
      nome: 'Saldão de Pesados',
      posicaoBanner: 'lista-lotes',
      imagem: 'https://cdn.exemplo.com.br/saldao.jpg',
      urlDestino: '/leilao',
      ativo: 'on',
    });
    expect(r.status).toBe(200);
    expect((await app.pedir('h14.localhost', '/leilao')).texto).toContain('Saldão de Pesados');
    const [b] = await banco.db
      .select()
      .from(banner)
      .where(and(eq(banner.hotsiteId, 14), eq(banner.nome, 'Saldão de Pesados')));
    const apagar = await post('/admin/hotsite/14?aba=banners', mkt.cookie, { _acao: 'apagar-banner', alvo: String(b.id) });
    expect(apagar.status).toBe(200);
    expect((await app.pedir('h14.localhost', '/leilao')).texto).not.toContain('Saldão de Pesados');
  });
});

describe('contact form and newsletter blocks', () => {
  it('stores a message per brand and sends the visitor back with the confirmation', async () => {
    const pagina = await app.pedir('h2.localhost', '/fale-conosco');
    expect(pagina.status).toBe(200);
    expect(pagina.texto).toContain('action="/formulario/contato"');
    const f = formulario({ nome: 'Ana', email: 'ana@exemplo.com.br', mensagem: 'Quero saber do lote 12', voltar: '/fale-conosco' });
    const r = await app.pedir('h2.localhost', '/formulario/contato', { method: 'POST', ...f });
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('/fale-conosco?contato=enviado#contato');
    expect((await app.pedir('h2.localhost', '/fale-conosco?contato=enviado')).texto).toContain(
      'Mensagem enviada com sucesso. Em breve entraremos em contato.',
    );
    const [m] = await banco.db.select().from(mensagemContato).where(eq(mensagemContato.hotsiteId, 2));
    expect(m).toMatchObject({ nome: 'Ana', email: 'ana@exemplo.com.br' });
    const ruim = await app.pedir('h2.localhost', '/formulario/contato', {
      method: 'POST',
      ...formulario({ nome: 'A', email: 'x', mensagem: '', voltar: '//evil.com' }),
    });
    expect(ruim.headers.location).toBe('/fale-conosco?contato=invalido#contato');
  });

  it('signs an e-mail up once per brand', async () => {
    for (const _ of [1, 2]) {
      const r = await app.pedir('h1.localhost', '/formulario/newsletter', {
        method: 'POST',
        ...formulario({ email: 'Leitor@Exemplo.com', voltar: '/' }),
      });
      expect(r.headers.location).toBe('/?newsletter=inscrito#newsletter');
    }
    await app.pedir('h2.localhost', '/formulario/newsletter', { method: 'POST', ...formulario({ email: 'leitor@exemplo.com' }) });
    const linhas = await banco.db.select().from(newsletterInscricao).where(eq(newsletterInscricao.email, 'leitor@exemplo.com'));
    expect(linhas.map((l) => l.hotsiteId).sort()).toEqual([1, 2]);
  });
});

describe('the staff shell and its home', () => {
  /** The count a home card shows, or null when this user is not shown that card. */
  const contagem = (html: string, chave: string) => {
    const m = new RegExp(`data-testid="pendencia-${chave}"[^>]*><span[^>]*>([\\d.]+)</span>`).exec(html);
    return m ? Number(m[1].replace(/\./g, '')) : null;
  };
  const home = async (cookie: string) => {
    const r = await app.pedir('h1.localhost', '/admin', { headers: { cookie } });
    expect(r.status).toBe(200);
    return r.texto;
  };

  it('has its own header (brand, user, Sair, menu) without the public header and footer', async () => {
    const html = await home(adm.cookie);
    expect(html).toContain('data-testid="topo-admin"');
    expect(html).toContain('Área administrativa');
    expect(html).toContain('data-testid="botao-sair"');
    expect(html).toContain('href="/admin/leiloes"');
    expect(html).not.toContain('data-testid="cabecalho"');
    expect(html).not.toContain('data-testid="rodape"');
    // The public site keeps its own.
    expect((await app.pedir('h1.localhost', '/')).texto).toContain('data-testid="rodape"');
  });

  it('counts what needs staff today for this brand, each card only for roles that open its screen', async () => {
    const { criarCliente, criarLoteEmDisputa } = await import('../lances');
    const { habilitacao, loteFoto } = await import('@db/schema');
    const antes = await home(adm.cookie);
    const habilitacoesAntes = contagem(antes, 'habilitacoes')!;
    const encerramAntes = contagem(antes, 'encerram-hoje')!;
    expect(habilitacoesAntes).not.toBeNull();

    // A pending habilitation and a lot closing today on brand 1; the same on brand 2 must not count here.
    for (const hotsiteId of [1, 2]) {
      const c = await criarCliente(banco.db, { hotsiteId, nome: `Pendente ${hotsiteId}` });
      await banco.db.insert(habilitacao).values({ hotsiteId, usuarioId: c.id, leilaoId: null, situacao: 'Pendente' });
      // Closing in a minute: today in Brasília (but in the day's last minute).
      const { loteId } = await criarLoteEmDisputa(banco.db, { hotsiteId, fimEmMs: 60_000 });
      await banco.db.insert(loteFoto).values({ hotsiteId, loteId, ordem: 9, url: '/catalogo/foto/carro.svg', aprovada: false });
    }
    const depois = await home(adm.cookie);
    expect(contagem(depois, 'habilitacoes')).toBe(habilitacoesAntes + 1);
    expect(contagem(depois, 'encerram-hoje')).toBe(encerramAntes + 1);
    expect(depois).toContain('href="/admin/habilitacoes?situacao=Pendente"');
    // ADM does not approve photos (Dev does): no card pointing at a 403.
    expect(contagem(depois, 'fotos')).toBeNull();

    // The card's list agrees with its count.
    const lista = await app.pedir('h1.localhost', '/admin/lotes?encerra=hoje', { headers: { cookie: adm.cookie } });
    expect(lista.status).toBe(200);
    expect(lista.texto).toContain('Lotes que encerram hoje');
    expect((lista.texto.match(/href="\/admin\/lotes\/\d+"/g) ?? []).length).toBe(Math.min(50, encerramAntes + 1));
    const ruim = await app.pedir('h1.localhost', '/admin/lotes?encerra=amanha', { headers: { cookie: adm.cookie } });
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('Encerramento inválido');

    const sac = await entrarComoStaff(banco.db, [P.SAC], { nome: 'Atendimento' });
    const doSac = await home(sac.cookie);
    expect(contagem(doSac, 'habilitacoes')).toBe(habilitacoesAntes + 1);
    expect(contagem(doSac, 'encerram-hoje')).toBeNull();
    const dev = await entrarComoStaff(banco.db, [P.DEV], { nome: 'Dev' });
    const doDev = await home(dev.cookie);
    expect(contagem(doDev, 'fotos')).toBeGreaterThanOrEqual(1);
    expect(contagem(doDev, 'habilitacoes')).toBeNull();
  });
});
