import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cliente, consultaCliente, habilitacaoSucata } from '@db/schema';
import { reconsultarClientesPendentes } from '~/modules/consultas/clientes.server';
import { criarProvedores } from '~/modules/consultas/provedores.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarBancoDeTeste } from '../db';
import { criarCliente } from '../lances';
import { iniciarInstancia, type Instancia } from '../server';
import { entrarComoStaff } from '../staff';

/*
 * Issue #31, decision 208: the restricted lists and the state registration of a client, behind their adapters.
 * The providers are third parties mocked with msw on their recorded contracts; staff ask on laudo-procob; a
 * provider down leaves "Consulta indisponível, tentaremos de novo", and the background round asks again.
 */
const H = 'h1.localhost';
const LISTAS = 'https://listas.teste';
const SINTEGRA = 'https://sintegra.teste';
const ENV = {
  LISTA_RESTRITIVA_URL: LISTAS,
  LISTA_RESTRITIVA_TOKEN: 'tok-listas-secreto',
  INSCRICAO_ESTADUAL_URL: SINTEGRA,
  INSCRICAO_ESTADUAL_TOKEN: 'tok-sintegra-secreto',
  CONSULTAS_TIMEOUT_MS: 400,
};

let fora = false;
const pedidos: { url: string; autorizacao: string | null; corpo: unknown }[] = [];
const provedores = setupServer(
  http.post(`${LISTAS}/v1/consulta`, async ({ request }) => {
    const corpo = (await request.json()) as { documento: string };
    pedidos.push({ url: request.url, autorizacao: request.headers.get('authorization'), corpo });
    if (fora) return HttpResponse.json({ erro: 'manutenção' }, { status: 503 });
    return HttpResponse.json({
      fonte: 'Portal da Transparência',
      listas: corpo.documento.startsWith('11') ? ['CEIS', 'CNEP'] : [],
    });
  }),
  http.post(`${SINTEGRA}/v1/inscricoes`, async ({ request }) => {
    const corpo = (await request.json()) as { cnpj: string };
    pedidos.push({ url: request.url, autorizacao: request.headers.get('authorization'), corpo });
    if (fora) return HttpResponse.json({ erro: 'manutenção' }, { status: 503 });
    return HttpResponse.json({
      fonte: 'Sintegra',
      inscricoes: corpo.cnpj.startsWith('11')
        ? [{ uf: 'RJ', numero: '86579112', situacao: 'SUSPENSA' }]
        : [{ uf: 'SP', numero: '110042490114', situacao: 'HABILITADA' }],
    });
  }),
);

let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let app: Instancia;
beforeAll(async () => {
  provedores.listen({ onUnhandledRequest: 'bypass' });
  banco = await criarBancoDeTeste();
  app = await iniciarInstancia({ database: banco, env: ENV });
}, 120_000);
afterAll(async () => {
  provedores.close();
  await app?.close();
  await banco?.descartar();
});
beforeEach(() => {
  fora = false;
  pedidos.length = 0;
});

async function clienteCom(doc: { cnpj?: string; cpf?: string }, hotsiteId = 1) {
  const c = await criarCliente(banco.db, { hotsiteId });
  const [linha] = await banco.db
    .insert(cliente)
    .values({ hotsiteId, usuarioId: c.id, email: c.email, nome: 'Desmanche Exemplo Ltda', ...doc })
    .returning({ uid: cliente.uid });
  return { ...c, clienteUid: linha.uid };
}
const consultar = (cookie: string, uid: string, host = H) =>
  app.pedir(host, `/laudo-procob/${uid}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    corpo: '_acao=consultar-listas',
  });
const ultimas = (usuarioId: number) =>
  banco.db
    .select()
    .from(consultaCliente)
    .where(eq(consultaCliente.usuarioId, usuarioId))
    .orderBy(desc(consultaCliente.consultadoAt), desc(consultaCliente.id));

describe('restricted lists and state registration', () => {
  it('a clean company is Autorizado on both, with each source; the page shows them by name', async () => {
    const c = await clienteCom({ cnpj: '22333444000181' });
    const sac = await entrarComoStaff(banco.db, [P.SAC]);
    const r = await consultar(sac.cookie, c.clienteUid);
    expect(r.status, r.texto).toBe(200);
    expect(r.texto).toContain('Listas restritivas: Autorizado · Inscrição estadual: Autorizado');
    expect(pedidos.map((p) => [p.autorizacao, p.corpo])).toEqual(
      expect.arrayContaining([
        ['Bearer tok-listas-secreto', { documento: '22333444000181' }],
        ['Bearer tok-sintegra-secreto', { cnpj: '22333444000181' }],
      ]),
    );
    const linhas = await ultimas(c.id);
    expect(linhas.map((l) => [l.tipo, l.situacao, l.fonte, l.resposta]).sort()).toEqual([
      ['CPF_CNPJ_Restritos', 'Autorizado', 'Portal da Transparência', 'Nada consta nas listas restritivas'],
      ['Procob_Inscricao_Estadual', 'Autorizado', 'Sintegra', 'Inscrição estadual 110042490114 (SP) habilitada'],
    ]);
    const tela = await app.pedir(H, `/laudo-procob/${c.clienteUid}`, { headers: { cookie: sac.cookie } });
    expect(tela.texto).toContain('Listas restritivas');
    expect(tela.texto).toContain('Inscrição estadual 110042490114 (SP) habilitada');
    // These checks inform staff; they do not set the scrap habilitation.
    expect(await banco.db.select().from(habilitacaoSucata).where(eq(habilitacaoSucata.usuarioId, c.id))).toEqual([]);
  });

  it('on a list: Divergente with the lists; a suspended registration: Falha; a person has no state registration', async () => {
    const c = await clienteCom({ cnpj: '11444555000149' });
    const adm = await entrarComoStaff(banco.db, [P.ADM]);
    const r = await consultar(adm.cookie, c.clienteUid);
    expect(r.texto).toContain('Listas restritivas: Divergente · Inscrição estadual: Falha');
    const linhas = await ultimas(c.id);
    expect(linhas.find((l) => l.tipo === 'CPF_CNPJ_Restritos')?.resposta).toBe('Consta em: CEIS, CNEP');
    expect(linhas.find((l) => l.tipo === 'Procob_Inscricao_Estadual')?.resposta).toBe(
      'Inscrição estadual sem habilitação: 86579112 (RJ) suspensa',
    );

    const pessoa = await clienteCom({ cpf: '52998224725' });
    expect((await consultar(adm.cookie, pessoa.clienteUid)).texto).toContain('Listas restritivas: Autorizado');
    expect((await ultimas(pessoa.id)).map((l) => l.tipo)).toEqual(['CPF_CNPJ_Restritos']);
    expect(pedidos.filter((p) => p.url.startsWith(SINTEGRA)).map((p) => p.corpo)).toEqual([{ cnpj: '11444555000149' }]);
  });

  it('providers down: "Consulta indisponível, tentaremos de novo", Aguardando; the background round asks again once they are back', async () => {
    const c = await clienteCom({ cnpj: '33444555000172' });
    const sac = await entrarComoStaff(banco.db, [P.SAC]);
    fora = true;
    const r = await consultar(sac.cookie, c.clienteUid);
    expect(r.status).toBe(200);
    expect(r.texto).toContain('Consulta indisponível, tentaremos de novo');
    expect((await ultimas(c.id)).map((l) => [l.tipo, l.situacao, l.resposta]).sort()).toEqual([
      ['CPF_CNPJ_Restritos', 'Aguardando', 'Consulta indisponível, tentaremos de novo'],
      ['Procob_Inscricao_Estadual', 'Aguardando', 'Consulta indisponível, tentaremos de novo'],
    ]);
    const adapters = criarProvedores(ENV);
    // Still down: the round asks and keeps waiting.
    expect(await reconsultarClientesPendentes({ db: banco.db, provedores: adapters, limite: 500 })).toBeGreaterThanOrEqual(1);
    fora = false;
    pedidos.length = 0;
    await reconsultarClientesPendentes({ db: banco.db, provedores: adapters, limite: 500 });
    expect(pedidos.some((p) => (p.corpo as { documento?: string }).documento === '33444555000172')).toBe(true);
    const depois = await ultimas(c.id);
    expect(depois.slice(0, 2).map((l) => l.situacao)).toEqual(['Autorizado', 'Autorizado']);
    // Nothing left waiting: the next round asks nobody about this client.
    pedidos.length = 0;
    await reconsultarClientesPendentes({ db: banco.db, provedores: adapters, limite: 500 });
    expect(pedidos.filter((p) => JSON.stringify(p.corpo).includes('33444555000172'))).toEqual([]);
  });

  it('a client of another brand is not found; a client cannot ask', async () => {
    const c = await clienteCom({ cnpj: '44555666000111' });
    const outra = await entrarComoStaff(banco.db, [P.ADM], { hotsiteId: 14 });
    expect((await consultar(outra.cookie, c.clienteUid, 'h14.localhost')).status).toBe(404);
    expect((await consultar(c.cookie, c.clienteUid)).status).toBe(403);
    expect(
      await banco.db
        .select()
        .from(consultaCliente)
        .where(and(eq(consultaCliente.usuarioId, c.id))),
    ).toEqual([]);
  });
});
