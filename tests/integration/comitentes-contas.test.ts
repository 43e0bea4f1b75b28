import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comitente, contaBancaria, patio, patioRecesso, usuario, usuarioComitente } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/*
 * Issue #13, sellers and bank accounts: the back office's screens (ADM runs them; a seller user sees
 * only their own sellers) and the /v1 reads, each kept to the brand of the request.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';

const formulario = (cookie: string, campos: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  corpo: new URLSearchParams(campos).toString(),
});
const pagina = (cookie: string, caminho: string, host = H) => t.app.pedir(host, caminho, { headers: { cookie } });

const CONTA = {
  _acao: 'salvar',
  banco: 'Banco do Brasil',
  codigoBanco: '001',
  agencia: '1234',
  conta: '56789',
  digito: 'x',
  titular: 'Seguradora Horizonte S.A.',
  cpfCnpj: '11.222.333/0001-81',
  chavePix: 'pix@horizonte.test',
};

async function novoComitente(adm: { cookie: string }, nomeSite: string, extra: Record<string, string> = {}) {
  const r = await t.app.pedir(H, '/admin/comitente', formulario(adm.cookie, { _acao: 'salvar', nomeSite, ativo: 'on', ...extra }));
  expect(r.status, r.texto).toBe(302);
  return Number(/\/admin\/comitente\/(\d+)$/.exec(r.headers.location as string)![1]);
}

describe('sellers (comitentes) in the back office', () => {
  it('ADM creates a seller, finds it in the filtered, paged list, edits it and ties a seller user by e-mail', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const id = await novoComitente(adm, 'Seguradora Horizonte', { cnpj: '11.222.333/0001-81', grupo: 'SEGURADORA' });
    const [linha] = await t.banco.db.select().from(comitente).where(eq(comitente.id, id));
    expect(linha).toMatchObject({
      hotsiteId: 1,
      nomeSite: 'Seguradora Horizonte',
      cnpj: '11.222.333/0001-81',
      grupo: 'SEGURADORA',
      ativo: true,
    });

    const lista = await pagina(adm.cookie, '/admin/comitentes?nome=horizonte&grupo=SEGURADORA');
    expect(lista.status).toBe(200);
    expect(lista.texto).toContain('Seguradora Horizonte');
    const outroGrupo = await pagina(adm.cookie, '/admin/comitentes?nome=horizonte&grupo=BANCO');
    expect(outroGrupo.texto).toContain('Nenhum comitente encontrado.');

    const editado = await t.app.pedir(
      H,
      `/admin/comitente/${id}`,
      formulario(adm.cookie, { _acao: 'salvar', nomeSite: 'Horizonte Seguros' }),
    );
    expect(editado.status).toBe(200);
    expect(editado.texto).toContain('Salvo com sucesso');
    const [depois] = await t.banco.db.select().from(comitente).where(eq(comitente.id, id));
    // The checkbox was not sent: the seller is now inactive.
    expect(depois).toMatchObject({ nomeSite: 'Horizonte Seguros', ativo: false });

    const vendedor = await entrarComoStaff(t.banco.db, [P.COMITENTE], { nome: 'Vendedora Horizonte' });
    const [{ email }] = await t.banco.db.select({ email: usuario.email }).from(usuario).where(eq(usuario.id, vendedor.id));
    const vinculo = await t.app.pedir(
      H,
      `/admin/comitente/${id}`,
      formulario(adm.cookie, { _acao: 'vincular', email: email.toUpperCase() }),
    );
    expect(vinculo.texto).toContain('Usuário vinculado ao comitente');
    const tela = await pagina(adm.cookie, `/admin/comitente/${id}`);
    expect(tela.texto).toContain('Vendedora Horizonte');

    const desvinculo = await t.app.pedir(
      H,
      `/admin/comitente/${id}`,
      formulario(adm.cookie, { _acao: 'desvincular', usuarioId: String(vendedor.id) }),
    );
    expect(desvinculo.texto).toContain('Usuário desvinculado do comitente');
    expect(await t.banco.db.select().from(usuarioComitente).where(eq(usuarioComitente.usuarioId, vendedor.id))).toEqual([]);
  });

  it('a seller user sees only their own sellers, read only; other roles are refused', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const proprio = await novoComitente(adm, 'Frota Própria Ltda');
    const alheio = await novoComitente(adm, 'Frota Alheia Ltda');
    const vendedor = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    await t.banco.db.insert(usuarioComitente).values({ hotsiteId: 1, usuarioId: vendedor.id, comitenteId: proprio });

    const lista = await pagina(vendedor.cookie, '/admin/comitentes?nome=Frota');
    expect(lista.texto).toContain('Frota Própria Ltda');
    expect(lista.texto).not.toContain('Frota Alheia Ltda');
    expect(lista.texto).not.toContain('Novo comitente');
    expect((await pagina(vendedor.cookie, `/admin/comitente/${proprio}`)).status).toBe(200);
    expect((await pagina(vendedor.cookie, `/admin/comitente/${alheio}`)).status).toBe(404);
    const escrita = await t.app.pedir(
      H,
      `/admin/comitente/${proprio}`,
      formulario(vendedor.cookie, { _acao: 'salvar', nomeSite: 'Tomado' }),
    );
    expect(escrita.status).toBe(403);
    expect(escrita.texto).toContain('Somente Interno - ADM altera comitentes');

    const sac = await entrarComoStaff(t.banco.db, [P.SAC]);
    expect((await pagina(sac.cookie, '/admin/comitentes')).status).toBe(403);
  });

  it('bad input is a 4xx with a pt-BR message, and another brand’s seller is a 404', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const r = await t.app.pedir(
      H,
      '/admin/comitente',
      formulario(adm.cookie, { _acao: 'salvar', nomeSite: '', cnpj: '11.222.333/0001-00' }),
    );
    expect(r.status).toBe(400);
    expect(r.texto).toContain('Informe o nome do comitente');
    expect(r.texto).toContain('CNPJ inválido');
    const filtro = await pagina(adm.cookie, '/admin/comitentes?pagina=0');
    expect(filtro.status).toBe(400);

    const id = await novoComitente(adm, 'Banco da Marca Um');
    const outra = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    expect((await pagina(outra.cookie, `/admin/comitente/${id}`, 'h2.localhost')).status).toBe(404);
    const busca = '/v1/comitente/find/qb?nome=Banco%20da%20Marca%20Um';
    expect((await t.app.pedir(H, busca, { headers: adm.bearer })).json()).toEqual([expect.objectContaining({ id })]);
    expect((await t.app.pedir('h2.localhost', busca, { headers: outra.bearer })).json()).toEqual([]);
  });
});

describe('bank accounts', () => {
  it('ADM creates a seller’s account, lists and edits it; the seller form shows it; it is deleted', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const com = await novoComitente(adm, 'Locadora Veloz');
    const criada = await t.app.pedir(H, '/admin/conta-bancaria', formulario(adm.cookie, { ...CONTA, comitenteId: String(com) }));
    expect(criada.status, criada.texto).toBe(302);
    const id = Number(/\/admin\/conta-bancaria\/(\d+)$/.exec(criada.headers.location as string)![1]);
    const [linha] = await t.banco.db.select().from(contaBancaria).where(eq(contaBancaria.id, id));
    expect(linha).toMatchObject({ hotsiteId: 1, comitenteId: com, codigoBanco: '001', digito: 'X', cpfCnpj: '11.222.333/0001-81' });

    const lista = await pagina(adm.cookie, '/admin/contas-bancarias?busca=Veloz');
    expect(lista.texto).toContain('001 - Banco do Brasil');
    expect(lista.texto).toContain('Locadora Veloz');
    expect(lista.texto).not.toContain('11.222.333/0001-81'); // masked in the list
    const daMarca = await pagina(adm.cookie, '/admin/contas-bancarias?busca=Veloz&dono=marca');
    expect(daMarca.texto).toContain('Nenhuma conta bancária encontrada.');
    expect((await pagina(adm.cookie, `/admin/comitente/${com}`)).texto).toContain('56789-X');

    const editada = await t.app.pedir(
      H,
      `/admin/conta-bancaria/${id}`,
      formulario(adm.cookie, { ...CONTA, agencia: '4321', comitenteId: String(com) }),
    );
    expect(editada.texto).toContain('Salvo com sucesso');
    const apagada = await t.app.pedir(H, `/admin/conta-bancaria/${id}`, formulario(adm.cookie, { _acao: 'apagar' }));
    expect(apagada.status).toBe(302);
    expect(await t.banco.db.select().from(contaBancaria).where(eq(contaBancaria.id, id))).toEqual([]);
  });

  it('refuses a bad bank code, digit or CPF/CNPJ in pt-BR, and another brand’s seller', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const r = await t.app.pedir(
      H,
      '/admin/conta-bancaria',
      formulario(adm.cookie, { ...CONTA, codigoBanco: '12', digito: '??', cpfCnpj: '123.456.789-00' }),
    );
    expect(r.status).toBe(400);
    expect(r.texto).toContain('Código do banco inválido');
    expect(r.texto).toContain('Dígito inválido');
    expect(r.texto).toContain('CPF/CNPJ inválido');
    const [deOutraMarca] = await t.banco.db.select({ id: comitente.id }).from(comitente).where(eq(comitente.hotsiteId, 2)).limit(1);
    const alheio = await t.app.pedir(
      H,
      '/admin/conta-bancaria',
      formulario(adm.cookie, { ...CONTA, comitenteId: String(deOutraMarca.id) }),
    );
    expect(alheio.status).toBe(404);
    expect(alheio.texto).toContain('Comitente não encontrado');
  });

  it('is ADM alone: a seller user and SAC get 403 on the screens', async () => {
    for (const papel of [P.COMITENTE, P.SAC]) {
      const s = await entrarComoStaff(t.banco.db, [papel]);
      expect((await pagina(s.cookie, '/admin/contas-bancarias')).status).toBe(403);
      expect((await pagina(s.cookie, '/admin/conta-bancaria')).status).toBe(403);
    }
  });
});

describe('API: /v1/contas-bancarias*, /v1/comitente/find/qb', () => {
  it('lists with the count header, reads one, the sellers’ accounts in the spec’s shape; another brand gets 404', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const com = await novoComitente(adm, 'Cooperativa Trator', { grupo: 'FROTA' });
    const vendedor = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    await t.banco.db.insert(usuarioComitente).values({ hotsiteId: 1, usuarioId: vendedor.id, comitenteId: com });
    const criada = await t.app.pedir(H, '/admin/conta-bancaria', formulario(adm.cookie, { ...CONTA, comitenteId: String(com) }));
    const id = Number(/(\d+)$/.exec(criada.headers.location as string)![1]);

    const lista = await t.app.pedir(H, '/v1/contas-bancarias?dono=comitentes&busca=Trator', { headers: adm.bearer });
    expect(lista.status).toBe(200);
    expect(lista.headers.count).toBe('1');
    expect(lista.json()).toEqual([expect.objectContaining({ id, comitenteId: com, comitenteNome: 'Cooperativa Trator' })]);
    const uma = await t.app.pedir(H, `/v1/contas-bancarias/${id}`, { headers: adm.bearer });
    expect(uma.json()).toMatchObject({ id, agencia: '1234', chavePix: 'pix@horizonte.test' });

    // The seller user: their sellers' accounts, none of the brand's own; the full list is ADM's.
    const deles = await t.app.pedir(H, '/v1/contas-bancarias-comitentes', { headers: vendedor.bearer });
    expect(deles.status).toBe(200);
    expect(deles.json()).toEqual([
      expect.objectContaining({ bcoId: id, comId: com, comitente: { id: com, nomeSite: 'Cooperativa Trator' } }),
    ]);
    expect((await t.app.pedir(H, '/v1/contas-bancarias', { headers: vendedor.bearer })).status).toBe(403);

    const qb = await t.app.pedir(H, '/v1/comitente/find/qb?grupo=FROTA&nome=Trator', { headers: vendedor.bearer });
    expect(qb.headers.count).toBe('1');
    expect(qb.json()).toEqual([expect.objectContaining({ id: com, nomeSite: 'Cooperativa Trator', quantidadeContas: 1 })]);
    const grupos = await t.app.pedir(H, '/v1/comitentes/listar-grupos-comitentes', { headers: adm.bearer });
    expect(grupos.json()).toContain('FROTA');

    const outra = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    const alheia = await t.app.pedir('h2.localhost', `/v1/contas-bancarias/${id}`, { headers: outra.bearer });
    expect(alheia.status).toBe(404);
    expect(alheia.json()).toMatchObject({ message: 'Conta bancária não encontrada', statusCode: 404 });
    expect(
      (await t.app.pedir('h2.localhost', `/v1/contas-bancarias-comitentes/del/${id}`, { method: 'DELETE', headers: outra.bearer })).status,
    ).toBe(404);

    const ruim = await t.app.pedir(H, '/v1/contas-bancarias?porPagina=500', { headers: adm.bearer });
    expect(ruim.status).toBe(400);
    expect(ruim.json<{ message: string }>().message).toMatch(/porPagina deve estar entre 1 e 200|Confira|inválid/);

    const apagada = await t.app.pedir(H, `/v1/contas-bancarias-comitentes/del/${id}`, { method: 'DELETE', headers: adm.bearer });
    expect(apagada.status).toBe(200);
    expect(
      await t.banco.db
        .select()
        .from(contaBancaria)
        .where(and(eq(contaBancaria.id, id))),
    ).toEqual([]);
  });
});

describe('yards: users and recess', () => {
  async function patioDa(hotsiteId: number) {
    const [p] = await t.banco.db.select({ id: patio.id, nome: patio.nome }).from(patio).where(eq(patio.hotsiteId, hotsiteId)).limit(1);
    return p;
  }

  it('ADM ties a yard user by e-mail and unties them; another brand’s yard is a 404; others get 403', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const p = await patioDa(1);
    const operador = await entrarComoStaff(t.banco.db, [P.PATIO], { nome: 'Operador do Pátio' });
    const [{ email }] = await t.banco.db.select({ email: usuario.email }).from(usuario).where(eq(usuario.id, operador.id));
    const r = await t.app.pedir(H, '/admin/patio-usuario', formulario(adm.cookie, { _acao: 'vincular', patioId: String(p.id), email }));
    expect(r.texto).toContain('Usuário vinculado ao pátio');
    const lista = await pagina(adm.cookie, `/admin/patio-usuario?patioId=${p.id}`);
    expect(lista.texto).toContain('Operador do Pátio');

    const outro = await patioDa(2);
    const alheio = await t.app.pedir(
      H,
      '/admin/patio-usuario',
      formulario(adm.cookie, { _acao: 'vincular', patioId: String(outro.id), email }),
    );
    expect(alheio.status).toBe(404);
    expect(alheio.texto).toContain('Pátio não encontrado');
    const semPatio = await t.app.pedir(H, '/admin/patio-usuario', formulario(adm.cookie, { _acao: 'vincular', patioId: '', email }));
    expect(semPatio.status).toBe(400);
    expect(semPatio.texto).toContain('Escolha o pátio');

    const fora = await t.app.pedir(
      H,
      '/admin/patio-usuario',
      formulario(adm.cookie, { _acao: 'desvincular', patioId: String(p.id), usuarioId: String(operador.id) }),
    );
    expect(fora.texto).toContain('Usuário desvinculado do pátio');
    expect((await pagina(adm.cookie, `/admin/patio-usuario?patioId=${p.id}`)).texto).not.toContain('Operador do Pátio');

    expect((await pagina(operador.cookie, '/admin/patio-usuario')).status).toBe(403);
    expect((await pagina(operador.cookie, '/admin/patio-recesso')).status).toBe(403);
  });

  it('ADM adds a closed day, a repeated day is a 409 in pt-BR, a bad day a 400; it is listed and deleted', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const p = await patioDa(1);
    const campos = { patioId: String(p.id), dia: '2026-12-25', descricao: 'Natal' };
    const novo = await t.app.pedir(H, '/admin/patio-recesso-novo', formulario(adm.cookie, campos));
    expect(novo.status, novo.texto).toBe(302);
    const repetido = await t.app.pedir(H, '/admin/patio-recesso-novo', formulario(adm.cookie, campos));
    expect(repetido.status).toBe(409);
    expect(repetido.texto).toContain('Este pátio já tem recesso nesse dia');
    const ruim = await t.app.pedir(H, '/admin/patio-recesso-novo', formulario(adm.cookie, { ...campos, dia: '2026-02-30', descricao: '' }));
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('Dia inválido');
    expect(ruim.texto).toContain('Informe o motivo do recesso');

    const lista = await pagina(adm.cookie, `/admin/patio-recesso?patioId=${p.id}`);
    expect(lista.texto).toContain('25/12/2026');
    expect(lista.texto).toContain('Natal');
    const [{ id }] = await t.banco.db.select({ id: patioRecesso.id }).from(patioRecesso).where(eq(patioRecesso.patioId, p.id));
    const outra = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    const alheio = await t.app.pedir('h2.localhost', '/admin/patio-recesso', formulario(outra.cookie, { _acao: 'apagar', id: String(id) }));
    expect(alheio.status).toBe(404);
    const apagado = await t.app.pedir(H, '/admin/patio-recesso', formulario(adm.cookie, { _acao: 'apagar', id: String(id) }));
    expect(apagado.texto).toContain('Recesso apagado');
    expect(await t.banco.db.select().from(patioRecesso).where(eq(patioRecesso.id, id))).toEqual([]);
  });
});
