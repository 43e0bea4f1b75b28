import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { localRemocao, motorista, transportadora } from '@db/schema';
import { PAPEIS_INTERNOS as P, PAPEL_CLIENTE } from '~/modules/dominio/papeis';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/*
 * Issue #31, the removal registers' staff screens (decision 207): /admin/transportadoras, /admin/motoristas and
 * /admin/locais-remocao list, create and edit with pt-BR errors, for Remoção and ADM only, within the brand; the
 * API's PUT on the same use cases.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';

const formulario = (cookie: string, campos: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  corpo: new URLSearchParams(campos).toString(),
});
const pagina = (cookie: string, caminho: string, host = H) => t.app.pedir(host, caminho, { headers: { cookie } });

describe('carriers', () => {
  it('created on the screen, listed, refused when blank or a repeated name, edited by uid', async () => {
    const staff = await entrarComoStaff(t.banco.db, [P.REMOCAO]);
    const vazio = await t.app.pedir(H, '/admin/transportadoras', formulario(staff.cookie, { nome: ' ', telefone: '11 4000-1000' }));
    expect(vazio.status).toBe(400);
    expect(vazio.texto).toContain('Informe o nome da transportadora');
    // What was typed comes back in the form.
    expect(vazio.texto).toContain('11 4000-1000');

    const cnpjRuim = await t.app.pedir(
      H,
      '/admin/transportadoras',
      formulario(staff.cookie, { nome: 'Reboque Serra Azul', cnpj: '12.ABC.345/01DE-36' }),
    );
    expect(cnpjRuim.status).toBe(400);
    expect(cnpjRuim.texto).toContain('CNPJ inválido');

    const criada = await t.app.pedir(
      H,
      '/admin/transportadoras',
      formulario(staff.cookie, { nome: 'Reboque Serra Azul', cnpj: '12abc34501de35', telefone: '(19) 3333-2222', email: '' }),
    );
    expect(criada.status, criada.texto).toBe(302);
    expect(criada.headers.location).toBe('/admin/transportadoras');
    const [linha] = await t.banco.db
      .select()
      .from(transportadora)
      .where(and(eq(transportadora.hotsiteId, 1), eq(transportadora.nome, 'Reboque Serra Azul')));
    expect(linha).toMatchObject({ cnpj: '12.ABC.345/01DE-35', telefone: '(19) 3333-2222', email: null });

    const lista = await pagina(staff.cookie, '/admin/transportadoras?busca=serra');
    expect(lista.status).toBe(200);
    expect(lista.texto).toContain(`/admin/transportadoras/${linha.uid}`);
    expect((await pagina(staff.cookie, '/admin/transportadoras?busca=nada-assim')).texto).not.toContain('Reboque Serra Azul');

    const repetida = await t.app.pedir(H, '/admin/transportadoras', formulario(staff.cookie, { nome: 'Reboque Serra Azul' }));
    expect(repetida.status).toBe(409);
    expect(repetida.texto).toContain('Já existe uma transportadora com este nome');

    const outra = await t.app.pedir(H, '/admin/transportadoras', formulario(staff.cookie, { nome: 'Guinchos do Vale' }));
    expect(outra.status).toBe(302);
    const caminho = `/admin/transportadoras/${linha.uid}`;
    const tela = await pagina(staff.cookie, caminho);
    expect(tela.texto).toContain('Editar transportadora');
    expect(tela.texto).toContain('(19) 3333-2222');
    // Renaming onto another carrier's name is the same 409; the row is unchanged.
    const tomada = await t.app.pedir(H, caminho, formulario(staff.cookie, { nome: 'Guinchos do Vale' }));
    expect(tomada.status).toBe(409);
    const email = await t.app.pedir(H, caminho, formulario(staff.cookie, { nome: 'Reboque Serra Azul', email: 'nao-e-email' }));
    expect(email.status).toBe(400);
    expect(email.texto).toContain('E-mail inválido');
    const editada = await t.app.pedir(
      H,
      caminho,
      formulario(staff.cookie, { nome: 'Reboque Serra Azul Ltda', telefone: '(19) 3333-4444', email: 'contato@serraazul.com.br' }),
    );
    expect(editada.status, editada.texto).toBe(302);
    const [depois] = await t.banco.db.select().from(transportadora).where(eq(transportadora.id, linha.id));
    expect(depois).toMatchObject({
      nome: 'Reboque Serra Azul Ltda',
      telefone: '(19) 3333-4444',
      email: 'contato@serraazul.com.br',
      cnpj: null,
    });

    // The API edits through the same use case.
    const api = await t.app.pedir(H, `/v1/remocoes/consulta/transportadoras/${linha.uid}`, {
      method: 'PUT',
      headers: staff.bearer,
      corpo: { nome: 'Reboque Serra Azul S.A.' },
    });
    expect(api.status, api.texto).toBe(204);
    const nomes = (await t.app.pedir(H, '/v1/remocoes/consulta/transportadoras?busca=serra', { headers: staff.bearer })).json<
      { nome: string }[]
    >();
    expect(nomes.map((x) => x.nome)).toEqual(['Reboque Serra Azul S.A.']);
    const nada = await t.app.pedir(H, '/v1/remocoes/consulta/transportadoras/00000000-0000-4000-8000-000000000000', {
      method: 'PUT',
      headers: staff.bearer,
      corpo: { nome: 'Qualquer' },
    });
    expect(nada.status).toBe(404);
    expect(nada.texto).toContain('Transportadora não encontrada');
  });
});

describe('drivers and removal locations', () => {
  it('a driver tied to a carrier of the brand, and a location with its address, contact and coordinates typed the Brazilian way', async () => {
    const staff = await entrarComoStaff(t.banco.db, [P.ADM]);
    const [t1] = await t.banco.db.select().from(transportadora).where(eq(transportadora.hotsiteId, 1)).limit(1);
    const [t14] = await t.banco.db.select().from(transportadora).where(eq(transportadora.hotsiteId, 14)).limit(1);
    const tela = await pagina(staff.cookie, '/admin/motoristas');
    // Only this brand's carriers are offered (the seed's names repeat across brands: compare the ids).
    expect(tela.texto).toContain(`<option value="${t1.id}">${t1.nome}</option>`);
    expect(tela.texto).not.toContain(`<option value="${t14.id}">`);
    const alheia = await t.app.pedir(
      H,
      '/admin/motoristas',
      formulario(staff.cookie, { nome: 'Joel Prado', transportadoraId: String(t14.id) }),
    );
    expect(alheia.status).toBe(400);
    expect(alheia.texto).toContain('Transportadora não encontrada');
    const cpfRuim = await t.app.pedir(H, '/admin/motoristas', formulario(staff.cookie, { nome: 'Joel Prado', cpf: '529.982.247-24' }));
    expect(cpfRuim.status).toBe(400);
    expect(cpfRuim.texto).toContain('CPF inválido');
    const criado = await t.app.pedir(
      H,
      '/admin/motoristas',
      formulario(staff.cookie, { nome: 'Joel Prado', cpf: '52998224725', telefone: '(11) 98888-7777', transportadoraId: String(t1.id) }),
    );
    expect(criado.status, criado.texto).toBe(302);
    const [m] = await t.banco.db
      .select()
      .from(motorista)
      .where(and(eq(motorista.hotsiteId, 1), eq(motorista.nome, 'Joel Prado')));
    expect(m).toMatchObject({ transportadoraId: t1.id, cpf: '529.982.247-25' });
    const semTransportadora = await t.app.pedir(
      H,
      `/admin/motoristas/${m.uid}`,
      formulario(staff.cookie, { nome: 'Joel Prado', transportadoraId: '' }),
    );
    expect(semTransportadora.status).toBe(302);
    expect((await t.banco.db.select().from(motorista).where(eq(motorista.id, m.id)))[0].transportadoraId).toBeNull();

    const local = {
      nome: 'Oficina Boa Vista',
      'endereco.logradouro': 'Rua das Palmeiras',
      'endereco.numero': '45',
      'endereco.cidade': 'Campinas',
      'endereco.estadoSigla': 'sp',
      'endereco.cep': '13015-000',
      contatoNome: 'Sr. Aldo',
      contatoTelefone: '(19) 3232-1010',
    };
    const grauRuim = await t.app.pedir(H, '/admin/locais-remocao', formulario(staff.cookie, { ...local, latitude: '-23,5x' }));
    expect(grauRuim.status).toBe(400);
    expect(grauRuim.texto).toContain('Latitude inválida: use graus decimais, como -23,5505');
    const foraDoMundo = await t.app.pedir(H, '/admin/locais-remocao', formulario(staff.cookie, { ...local, latitude: '123,5' }));
    expect(foraDoMundo.status).toBe(400);
    const criado2 = await t.app.pedir(
      H,
      '/admin/locais-remocao',
      formulario(staff.cookie, { ...local, latitude: '-22,9056', longitude: '-47.0608' }),
    );
    expect(criado2.status, criado2.texto).toBe(302);
    const [l] = await t.banco.db
      .select()
      .from(localRemocao)
      .where(and(eq(localRemocao.hotsiteId, 1), eq(localRemocao.nome, 'Oficina Boa Vista')));
    expect(l).toMatchObject({ latitude: -22.9056, longitude: -47.0608, contatoNome: 'Sr. Aldo' });
    expect(l.endereco).toMatchObject({ logradouro: 'Rua das Palmeiras', cidade: 'Campinas', estadoSigla: 'SP', cep: '13015-000' });
    const lista = await pagina(staff.cookie, '/admin/locais-remocao');
    expect(lista.texto).toContain('Campinas/SP');
    const edicao = await pagina(staff.cookie, `/admin/locais-remocao/${l.uid}`);
    expect(edicao.texto).toContain('-22,9056');
  });
});

describe('access', () => {
  it('Pátio, Leilão and clients get 403; another brand’s entry and a bad uid are not found', async () => {
    const [tr] = await t.banco.db.select().from(transportadora).where(eq(transportadora.hotsiteId, 1)).limit(1);
    for (const papeis of [[P.PATIO], [PAPEL_CLIENTE], [P.LEILAO]]) {
      const u = await entrarComoStaff(t.banco.db, papeis);
      for (const c of ['/admin/transportadoras', '/admin/motoristas', '/admin/locais-remocao'])
        expect((await pagina(u.cookie, c)).status, `${papeis} ${c}`).toBe(403);
      const post = await t.app.pedir(H, `/admin/transportadoras/${tr.uid}`, formulario(u.cookie, { nome: 'Tomada' }));
      expect(post.status).toBe(403);
    }
    const noutra = await entrarComoStaff(t.banco.db, [P.REMOCAO], { hotsiteId: 14 });
    expect((await pagina(noutra.cookie, `/admin/transportadoras/${tr.uid}`, 'h14.localhost')).status).toBe(404);
    const mudar = await t.app.pedir('h14.localhost', `/admin/transportadoras/${tr.uid}`, formulario(noutra.cookie, { nome: 'Tomada' }));
    expect(mudar.status).toBe(404);
    expect((await t.banco.db.select().from(transportadora).where(eq(transportadora.id, tr.id)))[0].nome).toBe(tr.nome);
    expect((await pagina(noutra.cookie, '/admin/motoristas/nao-e-uid', 'h14.localhost')).status).toBe(404);
  });
});
