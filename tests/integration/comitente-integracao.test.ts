import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  comitente,
  comitenteCredencial,
  comitenteCredencialToken,
  comitenteGrupo,
  comitenteIntegracaoLog,
  comitenteIntegracaoTag,
  comitenteIntegracaoVeiculo,
  comitenteIntegracaoVeiculoTag,
  leilao,
  usuarioComitente,
  veiculo,
} from '@db/schema';
import { PAPEIS_INTERNOS as P, PERMISSOES_INTEGRACAO as PI } from '~/modules/dominio/papeis';
import { linhas } from '~/utils/linhas.server';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/*
 * Issue #30, the sellers' integration (decisions 166-170): tags, the classification of vehicles by them, the
 * integration lots and dashboard over the integration log, `GET /comitente-integracao/logs/find/qb`, consignor
 * groups as records, and the sellers' API keys (client-credentials login). Each use case on the seeded brand,
 * with a seller user of brand 1 who sees only their seller, and brand 2 that sees nothing of brand 1.
 */
const t = instanciaDeTeste({ comLog: true });
const H = 'h1.localhost';
const H2 = 'h2.localhost';

const formulario = (cookie: string, campos: Record<string, string | string[]>) => {
  const corpo = new URLSearchParams();
  for (const [k, v] of Object.entries(campos)) for (const x of Array.isArray(v) ? v : [v]) corpo.append(k, x);
  return { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, corpo: corpo.toString() };
};
const pagina = (cookie: string, caminho: string, host = H) => t.app.pedir(host, caminho, { headers: { cookie } });

/** Two sellers of brand 1 with integrated vehicles in the same auction (the seed links them), and the auction. */
async function doisComitentesNoMesmoLeilao() {
  const [r] = linhas<{ leilao_uid: string; a: number; b: number }>(
    await t.banco.db.execute(sql`
      SELECT le.uid AS leilao_uid, min(v.comitente_id) AS a, max(v.comitente_id) AS b
        FROM comitente_integracao_veiculo iv JOIN veiculo v ON v.id = iv.veiculo_id JOIN lote lo ON lo.veiculo_id = v.id
        JOIN leilao le ON le.id = lo.leilao_id
       WHERE iv.hotsite_id = 1 GROUP BY le.uid HAVING count(DISTINCT v.comitente_id) > 1 ORDER BY count(*) DESC LIMIT 1`),
  );
  expect(r, 'the seed links vehicles of two sellers in one auction').toBeDefined();
  return { leilaoUid: r.leilao_uid, proprio: Number(r.a), alheio: Number(r.b) };
}

async function nomeDe(id: number) {
  const [c] = await t.banco.db.select({ nome: comitente.nomeSite }).from(comitente).where(eq(comitente.id, id));
  return c.nome;
}

async function vendedorDe(comitenteId: number) {
  const u = await entrarComoStaff(t.banco.db, [P.COMITENTE], { nome: 'Analista do Comitente' });
  await t.banco.db.insert(usuarioComitente).values({ hotsiteId: 1, usuarioId: u.id, comitenteId });
  return u;
}

describe('integration tags', () => {
  it('ADM creates, renames and deletes a tag; a repeated chave is refused; a tag in use is kept', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const criada = await t.app.pedir(
      H,
      '/admin/comitente-integracao-tag',
      formulario(adm.cookie, { nome: 'Enchente', chave: 'ENCH-01', integradora: 'Mapfre' }),
    );
    expect(criada.status, criada.texto).toBe(302);
    const id = Number(/\/admin\/comitente-integracao-tag\/(\d+)$/.exec(criada.headers.location as string)![1]);
    const [tag] = await t.banco.db.select().from(comitenteIntegracaoTag).where(eq(comitenteIntegracaoTag.id, id));
    expect(tag).toMatchObject({ hotsiteId: 1, nome: 'Enchente', chave: 'ENCH-01', integradora: 'Mapfre' });

    const repetida = await t.app.pedir(
      H,
      '/admin/comitente-integracao-tag',
      formulario(adm.cookie, { nome: 'Outra', chave: 'ENCH-01', integradora: 'Mapfre' }),
    );
    expect(repetida.status).toBe(409);
    expect(repetida.texto).toContain('Já existe uma tag com esta chave para a integradora');
    // The same chave of another integrator is another tag.
    const outraIntegradora = await t.app.pedir(
      H,
      '/admin/comitente-integracao-tag',
      formulario(adm.cookie, { nome: 'Enchente Pan', chave: 'ENCH-01', integradora: 'Pan' }),
    );
    expect(outraIntegradora.status).toBe(302);
    const ruim = await t.app.pedir(
      H,
      `/admin/comitente-integracao-tag/${id}`,
      formulario(adm.cookie, { nome: 'X', chave: 'a b', integradora: 'Itaú' }),
    );
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('Informe o nome da tag');
    expect(ruim.texto).toContain('Chave inválida');
    expect(ruim.texto).toContain('Integradora inválida');

    const renomeada = await t.app.pedir(
      H,
      `/admin/comitente-integracao-tag/${id}`,
      formulario(adm.cookie, { nome: 'Alagamento', chave: 'ENCH-01', integradora: 'Mapfre' }),
    );
    expect(renomeada.status).toBe(200);
    const lista = await pagina(adm.cookie, '/admin/comitente-integracao-tags?integradora=Mapfre');
    expect(lista.texto).toContain('Alagamento');
    expect(lista.texto).toContain('Perda total'); // seeded
    expect(lista.texto).not.toContain('Enchente Pan');

    // In use: refused until the vehicle is unclassified.
    const [v] = await t.banco.db.select({ id: veiculo.id }).from(veiculo).where(eq(veiculo.hotsiteId, 1)).limit(1);
    await t.banco.db.insert(comitenteIntegracaoVeiculoTag).values({ hotsiteId: 1, veiculoId: v.id, tagId: id });
    const emUso = await t.app.pedir(H, `/admin/comitente-integracao-tag/${id}`, formulario(adm.cookie, { _acao: 'apagar' }));
    expect(emUso.status).toBe(409);
    expect(emUso.texto).toContain('A tag classifica 1 veículo:');
    await t.banco.db.delete(comitenteIntegracaoVeiculoTag).where(eq(comitenteIntegracaoVeiculoTag.tagId, id));
    const apagada = await t.app.pedir(H, `/admin/comitente-integracao-tag/${id}`, formulario(adm.cookie, { _acao: 'apagar' }));
    expect(apagada.status).toBe(302);
    expect(await t.banco.db.select().from(comitenteIntegracaoTag).where(eq(comitenteIntegracaoTag.id, id))).toEqual([]);
  });

  it('is ADM only, and another brand never opens this brand’s tag', async () => {
    const [tag] = await t.banco.db.select().from(comitenteIntegracaoTag).where(eq(comitenteIntegracaoTag.hotsiteId, 1)).limit(1);
    const vendedor = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    expect((await pagina(vendedor.cookie, '/admin/comitente-integracao-tags')).status).toBe(403);
    expect((await pagina(vendedor.cookie, `/admin/comitente-integracao-tag/${tag.id}`)).status).toBe(403);
    const adm2 = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    expect((await pagina(adm2.cookie, `/admin/comitente-integracao-tag/${tag.id}`, H2)).status).toBe(404);
    const alterar = await t.app.pedir(
      H2,
      `/admin/comitente-integracao-tag/${tag.id}`,
      formulario(adm2.cookie, { nome: 'Sequestro', chave: 'SEQ', integradora: 'Pan' }),
    );
    expect(alterar.status).toBe(404);
    const [igual] = await t.banco.db.select().from(comitenteIntegracaoTag).where(eq(comitenteIntegracaoTag.id, tag.id));
    expect(igual.nome).toBe(tag.nome);
  });
});

describe('classification of vehicles', () => {
  it('adds a tag to the checked vehicles and removes it; another brand’s vehicle makes the whole change refused', async () => {
    const staff = await entrarComoStaff(t.banco.db, [P.LEILAO]);
    const [tag] = await t.banco.db
      .select()
      .from(comitenteIntegracaoTag)
      .where(and(eq(comitenteIntegracaoTag.hotsiteId, 1), eq(comitenteIntegracaoTag.chave, 'DEV-AMG')));
    const meus = await t.banco.db
      .select({ id: veiculo.id })
      .from(veiculo)
      .where(
        and(
          eq(veiculo.hotsiteId, 1),
          sql`NOT EXISTS (SELECT 1 FROM comitente_integracao_veiculo_tag vt WHERE vt.veiculo_id = ${veiculo.id})`,
        ),
      )
      .orderBy(veiculo.id)
      .limit(3);
    const [alheio] = await t.banco.db.select({ id: veiculo.id }).from(veiculo).where(eq(veiculo.hotsiteId, 2)).limit(1);
    const ids = meus.map((v) => String(v.id));

    const misturado = await t.app.pedir(
      H,
      '/admin/veiculos-classificacao',
      formulario(staff.cookie, { operacao: 'adicionar', tagId: String(tag.id), veiculoIds: [...ids, String(alheio.id)] }),
    );
    expect(misturado.status).toBe(404);
    expect(misturado.texto).toContain('Veículo não encontrado');
    const comATag = () => t.banco.db.select().from(comitenteIntegracaoVeiculoTag).where(eq(comitenteIntegracaoVeiculoTag.tagId, tag.id));
    const antes = (await comATag()).length;

    const ok = await t.app.pedir(
      H,
      '/admin/veiculos-classificacao',
      formulario(staff.cookie, { operacao: 'adicionar', tagId: String(tag.id), veiculoIds: ids }),
    );
    expect(ok.status).toBe(200);
    expect(ok.texto).toContain('Tag aplicada a 3 veículos');
    expect((await comATag()).filter((r) => meus.some((v) => v.id === r.veiculoId))).toHaveLength(3);
    const filtrada = await pagina(staff.cookie, `/admin/veiculos-classificacao?tagId=${tag.id}`);
    expect(filtrada.texto).toContain('Devolução amigável');

    const nada = await t.app.pedir(
      H,
      '/admin/veiculos-classificacao',
      formulario(staff.cookie, { operacao: 'adicionar', tagId: String(tag.id) }),
    );
    expect(nada.status).toBe(400);
    expect(nada.texto).toContain('Selecione ao menos um veículo');

    const tirada = await t.app.pedir(
      H,
      '/admin/veiculos-classificacao',
      formulario(staff.cookie, { operacao: 'remover', tagId: String(tag.id), veiculoIds: ids }),
    );
    expect(tirada.texto).toContain('Tag retirada de 3 veículos');
    expect((await comATag()).length).toBe(antes);
    expect((await comATag()).some((r) => meus.some((v) => v.id === r.veiculoId))).toBe(false);

    const vendedor = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    expect((await pagina(vendedor.cookie, '/admin/veiculos-classificacao')).status).toBe(403);
  });
});

describe('integration lots and dashboard', () => {
  it('ADM sees every seller’s integrated lots; a seller user only their own, and no auction without them', async () => {
    const { leilaoUid, proprio, alheio } = await doisComitentesNoMesmoLeilao();
    const [nomeProprio, nomeAlheio] = [await nomeDe(proprio), await nomeDe(alheio)];
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const vendedor = await vendedorDe(proprio);

    const todos = await pagina(adm.cookie, `/admin/integracao/lotes/${leilaoUid}`);
    expect(todos.status).toBe(200);
    expect(todos.texto).toContain(nomeProprio);
    expect(todos.texto).toContain(nomeAlheio);

    const seus = await pagina(vendedor.cookie, `/admin/integracao/lotes/${leilaoUid}`);
    expect(seus.status).toBe(200);
    expect(seus.texto).toContain(nomeProprio);
    expect(seus.texto).not.toContain(nomeAlheio);

    // By API, with the external ids: the seller user gets their seller's lots only.
    const api = await t.app.pedir(H, `/v1/integracao/lotes/${leilaoUid}`, { headers: vendedor.bearer });
    expect(api.status).toBe(200);
    const lotes = api.json<{ comitente: { id: number }; externoVeiculoId: string }[]>();
    expect(lotes.length).toBeGreaterThan(0);
    expect(new Set(lotes.map((l) => l.comitente.id))).toEqual(new Set([proprio]));
    const externos = await t.banco.db
      .select({ externo: comitenteIntegracaoVeiculo.externoVeiculoId })
      .from(comitenteIntegracaoVeiculo)
      .innerJoin(veiculo, eq(veiculo.id, comitenteIntegracaoVeiculo.veiculoId))
      .where(eq(veiculo.comitenteId, proprio));
    for (const l of lotes) expect(externos.map((e) => e.externo)).toContain(l.externoVeiculoId);

    // An auction holding none of their lots is not found for them; another brand's auction for everyone.
    const [semOsDele] = await t.banco.db
      .select({ uid: leilao.uid })
      .from(leilao)
      .where(
        and(
          eq(leilao.hotsiteId, 1),
          sql`NOT EXISTS (SELECT 1 FROM lote lo JOIN veiculo v ON v.id = lo.veiculo_id
        WHERE lo.leilao_id = ${leilao.id} AND v.comitente_id = ${proprio})`,
        ),
      )
      .limit(1);
    expect((await pagina(vendedor.cookie, `/admin/integracao/lotes/${semOsDele.uid}`)).status).toBe(404);
    const adm2 = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    expect((await pagina(adm2.cookie, `/admin/integracao/lotes/${leilaoUid}`, H2)).status).toBe(404);
    expect((await t.app.pedir(H2, `/v1/integracao/lotes/${leilaoUid}`, { headers: adm2.bearer })).status).toBe(404);
    expect((await pagina(adm.cookie, '/admin/integracao/lotes/nao-e-uid')).status).toBe(404);
  });

  it('the dashboard counts events and errors per seller as the log summarises them; a seller user sees only theirs', async () => {
    const { proprio, alheio } = await doisComitentesNoMesmoLeilao();
    const [nomeProprio, nomeAlheio] = [await nomeDe(proprio), await nomeDe(alheio)];
    const [v] = await t.banco.db.select({ id: veiculo.id }).from(veiculo).where(eq(veiculo.comitenteId, proprio)).limit(1);
    // Two fresh exchanges of the seller: one refused by Mapfre (EST03, no error text), one answered.
    await t.banco.db.insert(comitenteIntegracaoLog).values([
      {
        hotsiteId: 1,
        integradora: 'Mapfre',
        tipo: 'api',
        url: 'https://api.mapfre.test/eventos',
        body: { businessData: { type: 'status_update' } },
        response: { status: 'EST03', errors: ['Placa divergente do sinistro'] },
        veiculoId: v.id,
      },
      { hotsiteId: 1, integradora: 'Mapfre', tipo: 'webhook', url: 'https://api.mapfre.test/eventos', veiculoId: v.id, tempoResposta: 120 },
    ]);
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const vendedor = await vendedorDe(proprio);

    // The API's error filter and the dashboard's count agree (one rule: the summary's).
    const de = new Date(Date.now() - 90 * 24 * 3600 * 1000).toISOString();
    const erros = await t.app.pedir(H, `/v1/comitente-integracao/logs/find/qb?comErro=true&comitenteId=${proprio}&porPagina=200&de=${de}`, {
      headers: adm.bearer,
    });
    expect(erros.status).toBe(200);
    const lista = erros.json<{ resumo: string; comErro: boolean; comitente: { id: number } }[]>();
    expect(lista.every((l) => l.comErro && l.comitente.id === proprio)).toBe(true);
    expect(lista.map((l) => l.resumo)).toContain('Erro Mapfre: Placa divergente do sinistro');
    expect(Number(erros.headers.count)).toBe(lista.length);
    const [{ n }] = linhas<{ n: number }>(
      await t.banco.db.execute(sql`SELECT count(*)::int AS n FROM comitente_integracao_log l
        LEFT JOIN remocao r ON r.id = l.remocao_id JOIN veiculo v ON v.id = coalesce(l.veiculo_id, r.veiculo_id)
        WHERE l.hotsite_id = 1 AND v.comitente_id = ${proprio} AND l.created_at > now() - interval '90 days'`),
    );

    const painel = await pagina(
      adm.cookie,
      `/admin/dashboard-comitente-integracao?dias=90&_data=routes/admin.dashboard-comitente-integracao`,
    );
    expect(painel.status).toBe(200);
    const dados = painel.json<{
      painel: { porComitente: { comitenteId: number; eventos: number; erros: number; ultimoEvento: { resumo: string } }[] };
    }>();
    const linha = dados.painel.porComitente.find((c) => c.comitenteId === proprio)!;
    expect(linha.eventos).toBe(Number(n));
    expect(linha.erros).toBe(lista.length);
    expect(dados.painel.porComitente.some((c) => c.comitenteId === alheio)).toBe(true);

    const dele = await pagina(vendedor.cookie, '/admin/dashboard-comitente-integracao?dias=90');
    expect(dele.status).toBe(200);
    expect(dele.texto).toContain(nomeProprio);
    expect(dele.texto).not.toContain(nomeAlheio);
    expect(dele.texto).toContain('Erro Mapfre: Placa divergente do sinistro');
    const logsDele = await t.app.pedir(H, '/v1/comitente-integracao/logs/find/qb?porPagina=200', { headers: vendedor.bearer });
    expect(logsDele.json<{ comitente: { id: number } | null }[]>().every((l) => l.comitente?.id === proprio)).toBe(true);

    // Bad filters are the caller's fault, in pt-BR.
    const ruim = await t.app.pedir(H, '/v1/comitente-integracao/logs/find/qb?de=2026-02-01&ate=2026-01-01', { headers: adm.bearer });
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('A data inicial deve ser anterior à final');
    expect((await pagina(adm.cookie, '/admin/dashboard-comitente-integracao?dias=2')).status).toBe(400);
    // Brand 2 sees none of brand 1's exchanges.
    const adm2 = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    const deOutra = await t.app.pedir(H2, `/v1/comitente-integracao/logs/find/qb?comitenteId=${proprio}`, { headers: adm2.bearer });
    expect(deOutra.json()).toEqual([]);
    // Other staff roles are refused.
    const sac = await entrarComoStaff(t.banco.db, [P.LEILAO]);
    expect((await t.app.pedir(H, '/v1/comitente-integracao/logs/find/qb', { headers: sac.bearer })).status).toBe(403);
    expect((await pagina(sac.cookie, '/admin/dashboard-comitente-integracao')).status).toBe(403);
  });
});

describe('consignor groups as records', () => {
  it('ADM names a group; changing its sigla carries the sellers along; the API answers records', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const [seg] = await t.banco.db
      .select()
      .from(comitenteGrupo)
      .where(and(eq(comitenteGrupo.hotsiteId, 1), eq(comitenteGrupo.cogSigla, 'SEGURADORA')));
    expect(seg.nome).toBe('Seguradoras');
    const membros = (
      await t.banco.db
        .select()
        .from(comitente)
        .where(and(eq(comitente.hotsiteId, 1), eq(comitente.grupo, 'SEGURADORA')))
    ).length;
    expect(membros).toBeGreaterThan(0);

    const ok = await t.app.pedir(
      H,
      `/admin/comitente-grupos/${seg.id}`,
      formulario(adm.cookie, { cogSigla: 'seguros', nome: 'Seguradoras parceiras' }),
    );
    expect(ok.status).toBe(200);
    expect(
      (
        await t.banco.db
          .select()
          .from(comitente)
          .where(and(eq(comitente.hotsiteId, 1), eq(comitente.grupo, 'SEGUROS')))
      ).length,
    ).toBe(membros);
    // Brand 2's sellers of the old sigla are not touched.
    expect(
      (
        await t.banco.db
          .select()
          .from(comitente)
          .where(and(eq(comitente.hotsiteId, 2), eq(comitente.grupo, 'SEGUROS')))
      ).length,
    ).toBe(0);

    const repetida = await t.app.pedir(H, '/admin/comitente-grupos', formulario(adm.cookie, { cogSigla: 'SEGUROS', nome: 'Outra' }));
    expect(repetida.status).toBe(409);
    expect(repetida.texto).toContain('Já existe um grupo com esta sigla');

    const api = await t.app.pedir(H, '/v1/comitentes/grupos-comitentes', { headers: adm.bearer });
    expect(api.json()).toContainEqual(
      expect.objectContaining({
        id: seg.id,
        uid: seg.uid,
        cogSigla: 'SEGUROS',
        nome: 'Seguradoras parceiras',
        quantidadeComitentes: membros,
      }),
    );
    const vendedor = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    expect((await pagina(vendedor.cookie, '/admin/comitente-grupos')).status).toBe(403);
    // Put it back for the other tests.
    await t.app.pedir(H, `/admin/comitente-grupos/${seg.id}`, formulario(adm.cookie, { cogSigla: 'SEGURADORA', nome: 'Seguradoras' }));
  });
});

describe('sellers’ API keys', () => {
  async function criarChave(cookie: string, comitenteId: number, permissoes: string[], host = H) {
    const r = await t.app.pedir(
      host,
      '/admin/comitente-integracao-chaves',
      formulario(cookie, { _acao: 'criar', comitenteId: String(comitenteId), descricao: 'Sistema de sinistros', permissoes }),
    );
    expect(r.status, r.texto).toBe(200);
    expect(r.headers['cache-control']).toContain('no-store');
    const clientId = /<code>(cmt_[0-9a-f]{24})<\/code>/.exec(r.texto)![1];
    const segredo = /client_secret<\/dt><dd><code>([\w-]{43})<\/code>/.exec(r.texto)![1];
    return { clientId, segredo };
  }
  const entrar = (clientId: string, segredo: string, host = H) =>
    t.app.pedir(host, '/v1/comitente-integracao/token', {
      corpo: { grant_type: 'client_credentials', client_id: clientId, client_secret: segredo },
    });

  it('shows the secret once, stores digests only, and a key reads only its seller’s data', async () => {
    const { leilaoUid, proprio, alheio } = await doisComitentesNoMesmoLeilao();
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const { clientId, segredo } = await criarChave(adm.cookie, proprio, [PI.WEBHOOK, PI.LOTE, PI.HEALTH_CHECK]);

    // Shown once: the list never shows it again, and the database holds only its digest.
    const lista = await pagina(adm.cookie, '/admin/comitente-integracao-chaves');
    expect(lista.texto).toContain(clientId);
    expect(lista.texto).not.toContain(segredo);
    const [k] = await t.banco.db.select().from(comitenteCredencial).where(eq(comitenteCredencial.clientId, clientId));
    expect(JSON.stringify(k)).not.toContain(segredo);
    expect(k.segredoHash).toMatch(/^[0-9a-f]{64}$/);

    const login = await entrar(clientId, segredo);
    expect(login.status, login.texto).toBe(200);
    const { access_token: token, expires_in, token_type } = login.json<{ access_token: string; expires_in: number; token_type: string }>();
    expect({ expires_in, token_type }).toEqual({ expires_in: 3600, token_type: 'Bearer' });
    const [guardado] = await t.banco.db.select().from(comitenteCredencialToken).where(eq(comitenteCredencialToken.credencialId, k.id));
    expect(guardado.tokenHash).not.toBe(token);
    const bearer = { authorization: `Bearer ${token}` };

    const saude = await t.app.pedir(H, '/v1/comitente-integracao/health', { headers: bearer });
    expect(saude.json()).toMatchObject({ ok: true, comitente: { id: proprio } });
    const logs = await t.app.pedir(H, '/v1/comitente-integracao/logs/find/qb?porPagina=200', { headers: bearer });
    expect(logs.status).toBe(200);
    const itens = logs.json<{ comitente: { id: number } | null }[]>();
    expect(itens.length).toBeGreaterThan(0);
    expect(itens.every((l) => l.comitente?.id === proprio)).toBe(true);
    const pedidoAlheio = await t.app.pedir(H, `/v1/comitente-integracao/logs/find/qb?comitenteId=${alheio}`, { headers: bearer });
    expect(pedidoAlheio.json()).toEqual([]);
    const lotes = await t.app.pedir(H, `/v1/integracao/lotes/${leilaoUid}`, { headers: bearer });
    expect(new Set(lotes.json<{ comitente: { id: number } }[]>().map((l) => l.comitente.id))).toEqual(new Set([proprio]));

    // Without the permission: 403 with its name. Any other call, page or brand: not logged in.
    const tags = await t.app.pedir(H, '/v1/comitente-integracao/tags', { headers: bearer });
    expect(tags.status).toBe(403);
    expect(tags.texto).toContain('Integração - Tag');
    expect((await t.app.pedir(H, '/v1/comitente/find/qb', { headers: bearer })).status).toBe(401);
    expect((await t.app.pedir(H, '/v1/usuario/rotas', { headers: bearer })).status).toBe(401);
    expect((await t.app.pedir(H, '/admin/dashboard-comitente-integracao', { headers: bearer })).status).not.toBe(200);
    expect((await t.app.pedir(H2, '/v1/comitente-integracao/logs/find/qb', { headers: bearer })).status).toBe(401);
    expect((await entrar(clientId, segredo, H2)).status).toBe(401);

    // A wrong secret, an unknown id and a malformed body: 401, 401, 400, in pt-BR.
    const errado = await entrar(clientId, `${segredo.slice(0, -1)}x`);
    expect(errado.status).toBe(401);
    expect(errado.texto).toContain('Credenciais inválidas');
    expect((await entrar('cmt_000000000000000000000000', segredo)).status).toBe(401);
    const curto = await t.app.pedir(H, '/v1/comitente-integracao/token', {
      corpo: { client_id: clientId, client_secret: '123', twoFactorCode: '12' },
    });
    expect(curto.status).toBe(400);
    expect(curto.texto).toContain('O segredo deve ter no mínimo 6 caracteres');

    // The secret and the token never reach the server log.
    await new Promise((r) => setTimeout(r, 50));
    expect(t.log).toContain('/v1/comitente-integracao/token');
    expect(t.log).not.toContain(segredo);
    expect(t.log).not.toContain(token);
  });

  it('rotating refuses the old secret and its tokens at once; revoking refuses the key', async () => {
    const { proprio } = await doisComitentesNoMesmoLeilao();
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const { clientId, segredo } = await criarChave(adm.cookie, proprio, [PI.TAG]);
    const token = (await entrar(clientId, segredo)).json<{ access_token: string }>().access_token;
    const tags = () => t.app.pedir(H, '/v1/comitente-integracao/tags', { headers: { authorization: `Bearer ${token}` } });
    expect((await tags()).status).toBe(200);

    const [k] = await t.banco.db.select().from(comitenteCredencial).where(eq(comitenteCredencial.clientId, clientId));
    // Brand 2's ADM cannot rotate brand 1's key.
    const adm2 = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    const alheia = await t.app.pedir(
      H2,
      '/admin/comitente-integracao-chaves',
      formulario(adm2.cookie, { _acao: 'rotacionar', uid: k.uid }),
    );
    expect(alheia.status).toBe(404);

    const rot = await t.app.pedir(H, '/admin/comitente-integracao-chaves', formulario(adm.cookie, { _acao: 'rotacionar', uid: k.uid }));
    expect(rot.status).toBe(200);
    expect(rot.texto).toContain('Segredo trocado');
    const novo = /client_secret<\/dt><dd><code>([\w-]{43})<\/code>/.exec(rot.texto)![1];
    expect(novo).not.toBe(segredo);
    expect(rot.texto).toContain(clientId);

    expect((await entrar(clientId, segredo)).status).toBe(401);
    expect((await tags()).status).toBe(401);
    const tokenNovo = (await entrar(clientId, novo)).json<{ access_token: string }>().access_token;
    expect((await t.app.pedir(H, '/v1/comitente-integracao/tags', { headers: { authorization: `Bearer ${tokenNovo}` } })).status).toBe(200);

    const rev = await t.app.pedir(H, '/admin/comitente-integracao-chaves', formulario(adm.cookie, { _acao: 'revogar', uid: k.uid }));
    expect(rev.texto).toContain('Chave revogada');
    expect((await t.app.pedir(H, '/v1/comitente-integracao/tags', { headers: { authorization: `Bearer ${tokenNovo}` } })).status).toBe(401);
    expect((await entrar(clientId, novo)).status).toBe(401);
    const [revogada] = await t.banco.db
      .select()
      .from(comitenteCredencial)
      .where(and(eq(comitenteCredencial.id, k.id), isNotNull(comitenteCredencial.revogadaEm)));
    expect(revogada).toBeDefined();

    // A seller user may not manage keys.
    const vendedor = await vendedorDe(proprio);
    expect((await pagina(vendedor.cookie, '/admin/comitente-integracao-chaves')).status).toBe(403);
    const tentativa = await t.app.pedir(
      H,
      '/admin/comitente-integracao-chaves',
      formulario(vendedor.cookie, { _acao: 'criar', comitenteId: String(proprio), descricao: 'Minha', permissoes: [PI.TAG] }),
    );
    expect(tentativa.status).toBe(403);
    // A key for another brand's seller is refused.
    const [c2] = await t.banco.db.select({ id: comitente.id }).from(comitente).where(eq(comitente.hotsiteId, 2)).limit(1);
    const cruzada = await t.app.pedir(
      H,
      '/admin/comitente-integracao-chaves',
      formulario(adm.cookie, { _acao: 'criar', comitenteId: String(c2.id), descricao: 'Cruzada', permissoes: [PI.TAG] }),
    );
    expect(cruzada.status).toBe(404);
    expect(cruzada.texto).toContain('Comitente não encontrado');
  });
});
