import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { motorista, patio, remocao, transportadora, veiculo } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/*
 * Issue #31, the removal form picks its carrier and driver from the registers (decision 270): the brand's active
 * carriers, the chosen carrier's active drivers; the server refuses a carrier of another brand, an inactive one,
 * a driver of another carrier or a driver without a carrier, and keeps the names with the ids.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';

const formulario = (cookie: string, campos: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  corpo: new URLSearchParams(campos).toString(),
});

async function cadastros() {
  const db = t.banco.db;
  const [serra] = await db.insert(transportadora).values({ hotsiteId: 1, nome: 'Reboques Serra Verde' }).returning();
  const [vale] = await db.insert(transportadora).values({ hotsiteId: 1, nome: 'Guinchos do Vale Azul' }).returning();
  const [parada] = await db.insert(transportadora).values({ hotsiteId: 1, nome: 'Transportes Parados', ativo: false }).returning();
  const [alheia] = await db.insert(transportadora).values({ hotsiteId: 14, nome: 'Guincho de Outra Marca' }).returning();
  const [joao] = await db.insert(motorista).values({ hotsiteId: 1, nome: 'João da Serra', transportadoraId: serra.id }).returning();
  const [rui] = await db.insert(motorista).values({ hotsiteId: 1, nome: 'Rui do Vale', transportadoraId: vale.id }).returning();
  const [afastado] = await db
    .insert(motorista)
    .values({ hotsiteId: 1, nome: 'Caio Afastado', transportadoraId: serra.id, ativo: false })
    .returning();
  const [avulso] = await db.insert(motorista).values({ hotsiteId: 1, nome: 'Avulso Sem Empresa' }).returning();
  return { serra, vale, parada, alheia, joao, rui, afastado, avulso };
}

async function novaRemocao(cookie: string) {
  const [v] = await t.banco.db
    .select({ placa: veiculo.placa })
    .from(veiculo)
    .where(and(eq(veiculo.hotsiteId, 1), eq(veiculo.bloquearRemocao, false)))
    .orderBy(veiculo.id)
    .limit(1)
    .offset(55);
  const r = await t.app.pedir(H, '/admin/remocao', formulario(cookie, { veiculo: v.placa!, localRemocao: 'Pátio da oficina, Rua 7, 100' }));
  expect(r.status, r.texto).toBe(302);
  return String(r.headers.location);
}

describe('the removal form and the registers', () => {
  it('offers the brand active carriers and their drivers, saves a matching pair with its names, refuses every other pair', async () => {
    const c = await cadastros();
    const staff = await entrarComoStaff(t.banco.db, [P.REMOCAO]);
    const caminho = await novaRemocao(staff.cookie);
    const uid = caminho.split('/').pop()!;

    const tela = await t.app.pedir(H, caminho, { headers: { cookie: staff.cookie } });
    expect(tela.status).toBe(200);
    expect(tela.texto).toContain(`<option value="${c.serra.id}">Reboques Serra Verde</option>`);
    expect(tela.texto).toContain(`<option value="${c.vale.id}">Guinchos do Vale Azul</option>`);
    expect(tela.texto).not.toContain('Transportes Parados');
    expect(tela.texto).not.toContain('Guincho de Outra Marca');
    // Each driver under their carrier; the inactive and the carrier-less are not offered.
    expect(tela.texto).toContain(`<optgroup label="Reboques Serra Verde"><option value="${c.joao.id}">João da Serra</option></optgroup>`);
    expect(tela.texto).not.toContain('Caio Afastado');
    expect(tela.texto).not.toContain('Avulso Sem Empresa');
    // The old free-text fields are gone from the form.
    expect(tela.texto).not.toContain('name="transportadora"');
    expect(tela.texto).not.toContain('name="motorista"');

    const base = { _acao: 'salvar', localRemocao: 'Pátio da oficina, Rua 7, 100', diaInicioPrevisto: '2026-12-10' };
    const salvar = (campos: Record<string, string>) => t.app.pedir(H, caminho, formulario(staff.cookie, { ...base, ...campos }));
    const recusas: [Record<string, string>, string][] = [
      [{ transportadoraId: String(c.serra.id), motoristaId: String(c.rui.id) }, 'O motorista escolhido não é da transportadora escolhida'],
      [{ transportadoraId: String(c.alheia.id) }, 'Transportadora não encontrada nesta marca'],
      [{ transportadoraId: String(c.parada.id) }, 'Esta transportadora está inativa: escolha outra'],
      [{ transportadoraId: '', motoristaId: String(c.joao.id) }, 'Escolha a transportadora do motorista'],
      [{ transportadoraId: String(c.serra.id), motoristaId: String(c.afastado.id) }, 'Este motorista está inativo: escolha outro'],
      [
        { transportadoraId: String(c.serra.id), motoristaId: String(c.avulso.id) },
        'O motorista escolhido não é da transportadora escolhida',
      ],
      [{ transportadoraId: 'abc' }, 'Transportadora inválida'],
    ];
    for (const [campos, mensagem] of recusas) {
      const r = await salvar(campos);
      expect(r.status, mensagem).toBe(400);
      expect(r.texto).toContain(mensagem);
    }
    const [intacta] = await t.banco.db.select().from(remocao).where(eq(remocao.uid, uid));
    expect(intacta).toMatchObject({ transportadoraId: null, motoristaId: null, transportadora: null, diaInicioPrevisto: null });

    const salvo = await salvar({ transportadoraId: String(c.serra.id), motoristaId: String(c.joao.id) });
    expect(salvo.status, salvo.texto).toBe(200);
    expect(salvo.texto).toContain('Salvo com sucesso');
    const [depois] = await t.banco.db.select().from(remocao).where(eq(remocao.uid, uid));
    expect(depois).toMatchObject({
      transportadoraId: c.serra.id,
      motoristaId: c.joao.id,
      transportadora: 'Reboques Serra Verde',
      motorista: 'João da Serra',
    });
    // The carrier from the register is what scheduling asks for.
    const [p] = await t.banco.db.select({ id: patio.id }).from(patio).where(eq(patio.hotsiteId, 1)).limit(1);
    await salvar({ transportadoraId: String(c.serra.id), motoristaId: String(c.joao.id), patioId: String(p.id) });
    const agendada = await t.app.pedir(H, caminho, formulario(staff.cookie, { _acao: 'situacao', situacao: 'AGENDADA' }));
    expect(agendada.texto).toContain('Remoção agendada');

    // Deactivated later, the removal's own carrier and driver stay offered to it and it still saves.
    await t.banco.db.update(transportadora).set({ ativo: false }).where(eq(transportadora.id, c.serra.id));
    await t.banco.db.update(motorista).set({ ativo: false }).where(eq(motorista.id, c.joao.id));
    const antiga = await t.app.pedir(H, caminho, { headers: { cookie: staff.cookie } });
    expect(antiga.texto).toContain(`<option value="${c.serra.id}" selected="">Reboques Serra Verde (inativa)</option>`);
    expect(antiga.texto).toContain('João da Serra (inativo)');
    const deNovo = await salvar({ transportadoraId: String(c.serra.id), motoristaId: String(c.joao.id), patioId: String(p.id) });
    expect(deNovo.status, deNovo.texto).toBe(200);
    // Another removal cannot pick the deactivated carrier.
    const outra = await novaRemocao(staff.cookie).then((cam) =>
      t.app.pedir(H, cam, formulario(staff.cookie, { ...base, transportadoraId: String(c.serra.id) })),
    );
    expect(outra.status).toBe(400);
    expect(outra.texto).toContain('Esta transportadora está inativa: escolha outra');
  });

  it('the API takes the same ids and the same checks', async () => {
    const db = t.banco.db;
    const [a] = await db.insert(transportadora).values({ hotsiteId: 1, nome: 'Remoções Litoral' }).returning();
    const [b] = await db.insert(transportadora).values({ hotsiteId: 1, nome: 'Remoções Planalto' }).returning();
    const [m] = await db.insert(motorista).values({ hotsiteId: 1, nome: 'Davi do Litoral', transportadoraId: a.id }).returning();
    const staff = await entrarComoStaff(db, [P.ADM]);
    const uid = (await novaRemocao(staff.cookie)).split('/').pop()!;
    const put = (corpo: Record<string, unknown>) =>
      t.app.pedir(H, `/v1/remocoes/${uid}`, { method: 'PUT', headers: staff.bearer, corpo: { localRemocao: 'Rua do Porto, 9', ...corpo } });
    const errada = await put({ transportadoraId: b.id, motoristaId: m.id });
    expect(errada.status).toBe(400);
    expect(errada.texto).toContain('O motorista escolhido não é da transportadora escolhida');
    const certa = await put({ transportadoraId: a.id, motoristaId: m.id });
    expect(certa.status, certa.texto).toBeLessThan(300);
    const [r] = await db.select().from(remocao).where(eq(remocao.uid, uid));
    expect(r).toMatchObject({
      transportadora: 'Remoções Litoral',
      motorista: 'Davi do Litoral',
      transportadoraId: a.id,
      motoristaId: m.id,
    });
  });
});

describe("the vehicle tab's removal request (decision 279)", () => {
  it('picks the carrier and driver from the same registers, refuses a mismatched pair and keeps the names with the ids', async () => {
    const db = t.banco.db;
    const [norte] = await db.insert(transportadora).values({ hotsiteId: 1, nome: 'Guinchos Rota Norte' }).returning();
    const [sul] = await db.insert(transportadora).values({ hotsiteId: 1, nome: 'Guinchos Rota Sul' }).returning();
    const [parada] = await db.insert(transportadora).values({ hotsiteId: 1, nome: 'Guinchos Parados Aba', ativo: false }).returning();
    const [lia] = await db.insert(motorista).values({ hotsiteId: 1, nome: 'Lia da Rota Norte', transportadoraId: norte.id }).returning();
    const [tom] = await db.insert(motorista).values({ hotsiteId: 1, nome: 'Tom da Rota Sul', transportadoraId: sul.id }).returning();
    const [v] = await db
      .select({ uid: veiculo.uid, id: veiculo.id })
      .from(veiculo)
      .where(and(eq(veiculo.hotsiteId, 1), eq(veiculo.bloquearRemocao, false)))
      .orderBy(veiculo.id)
      .limit(1)
      .offset(61);
    const staff = await entrarComoStaff(db, [P.REMOCAO]);
    const caminho = `/admin/veiculo/${v.uid}?aba=remocoes`;

    const tela = await t.app.pedir(H, caminho, { headers: { cookie: staff.cookie } });
    expect(tela.status).toBe(200);
    expect(tela.texto).toContain(`<option value="${norte.id}">Guinchos Rota Norte</option>`);
    expect(tela.texto).toContain(`<optgroup label="Guinchos Rota Sul"><option value="${tom.id}">Tom da Rota Sul</option></optgroup>`);
    expect(tela.texto).not.toContain('Guinchos Parados Aba');
    expect(tela.texto).not.toContain('name="transportadora"');
    expect(tela.texto).not.toContain('name="motorista"');

    const pedir = (campos: Record<string, string>) =>
      t.app.pedir(H, caminho, formulario(staff.cookie, { _acao: 'remocao-nova', localRemocao: 'Rua da Aba, 5', ...campos }));
    for (const [campos, mensagem] of [
      [{ transportadoraId: String(norte.id), motoristaId: String(tom.id) }, 'O motorista escolhido não é da transportadora escolhida'],
      [{ transportadoraId: String(parada.id) }, 'Esta transportadora está inativa: escolha outra'],
      [{ transportadoraId: '', motoristaId: String(lia.id) }, 'Escolha a transportadora do motorista'],
    ] as const) {
      const r = await pedir(campos);
      expect(r.status, mensagem).toBe(400);
      expect(r.texto).toContain(mensagem);
    }
    expect(await db.select().from(remocao).where(eq(remocao.veiculoId, v.id))).toEqual([]);

    const feita = await pedir({ transportadoraId: String(norte.id), motoristaId: String(lia.id) });
    expect(feita.texto).toContain('Remoção solicitada');
    const [r] = await db.select().from(remocao).where(eq(remocao.veiculoId, v.id));
    expect(r).toMatchObject({
      transportadoraId: norte.id,
      motoristaId: lia.id,
      transportadora: 'Guinchos Rota Norte',
      motorista: 'Lia da Rota Norte',
    });
    expect((await t.app.pedir(H, caminho, { headers: { cookie: staff.cookie } })).texto).toContain(
      'Guinchos Rota Norte · Lia da Rota Norte',
    );
  });
});
