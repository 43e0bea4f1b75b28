import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comitenteIntegracaoLog, patio, remocao, veiculo } from '@db/schema';
import { PAPEIS_INTERNOS as P, PAPEL_CLIENTE } from '~/modules/dominio/papeis';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/*
 * Issue #13, the removal screen `/admin/remocao/{uid?}` (decision 081): asked for by plate, scheduled,
 * concluded (the vehicle's yard becomes the destination and the vehicle's tab links the removal), the
 * insurer log read-only, Remoção and ADM only, another brand's removal not found.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';

const formulario = (cookie: string, campos: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  corpo: new URLSearchParams(campos).toString(),
});
const pagina = (cookie: string, caminho: string, host = H) => t.app.pedir(host, caminho, { headers: { cookie } });

async function veiculoNumPatio(hotsiteId: number) {
  const [v] = await t.banco.db
    .select({ id: veiculo.id, uid: veiculo.uid, placa: veiculo.placa, patioId: veiculo.patioId })
    .from(veiculo)
    .where(and(eq(veiculo.hotsiteId, hotsiteId), eq(veiculo.bloquearRemocao, false)))
    .orderBy(veiculo.id)
    .limit(1)
    .offset(40);
  const [destino] = await t.banco.db
    .select({ id: patio.id, nome: patio.nome })
    .from(patio)
    .where(eq(patio.hotsiteId, hotsiteId))
    .orderBy(patio.id);
  const outro =
    destino.id === v.patioId
      ? (await t.banco.db.select({ id: patio.id, nome: patio.nome }).from(patio).where(eq(patio.hotsiteId, hotsiteId)).orderBy(patio.id))[1]
      : destino;
  return { v, destino: outro };
}

describe('removal screen', () => {
  it('create by plate → schedule → conclude moves the vehicle to the destination yard; the vehicle tab links it', async () => {
    const staff = await entrarComoStaff(t.banco.db, [P.REMOCAO]);
    const { v, destino } = await veiculoNumPatio(1);
    expect(v.placa).toBeTruthy();
    expect(v.patioId).not.toBe(destino.id);

    const ruim = await t.app.pedir(H, '/admin/remocao', formulario(staff.cookie, { veiculo: 'ZZZ0Z00', localRemocao: 'Rua A, 10' }));
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('Veículo não encontrado');

    const criada = await t.app.pedir(
      H,
      '/admin/remocao',
      formulario(staff.cookie, {
        veiculo: v.placa!.toLowerCase(),
        localRemocao: 'Oficina Boa Vista — Rua das Palmeiras, 45, Campinas/SP',
        patioId: String(destino.id),
        valorSugerido: '520,00',
        integradora: 'Mapfre',
        protocolo: 'MAP-TESTE-1',
      }),
    );
    expect(criada.status, criada.texto).toBe(302);
    const uid = /\/admin\/remocao\/([0-9a-f-]{36})$/.exec(criada.headers.location as string)![1];
    const [r] = await t.banco.db.select().from(remocao).where(eq(remocao.uid, uid));
    expect(r).toMatchObject({ situacao: 'SOLICITADA', valorSugerido: 52_000, patioId: destino.id, integradora: 'Mapfre', hotsiteId: 1 });

    const caminho = `/admin/remocao/${uid}`;
    // Scheduling without the planned start and the carrier is refused with the field's message.
    const cedo = await t.app.pedir(H, caminho, formulario(staff.cookie, { _acao: 'situacao', situacao: 'AGENDADA' }));
    expect(cedo.status).toBe(400);
    expect(cedo.texto).toContain('Informe o início previsto para agendar a remoção');
    const salvo = await t.app.pedir(
      H,
      caminho,
      formulario(staff.cookie, {
        _acao: 'salvar',
        localRemocao: 'Oficina Boa Vista — Rua das Palmeiras, 45, Campinas/SP',
        patioId: String(destino.id),
        diaInicioPrevisto: '2026-12-02',
        diaFimPrevisto: '2026-12-03',
        transportadora: 'Guincho Rápido Transportes',
        motorista: 'Márcio Antunes',
        valorSugerido: '520,00',
      }),
    );
    expect(salvo.texto).toContain('Salvo com sucesso');
    const pulo = await t.app.pedir(H, caminho, formulario(staff.cookie, { _acao: 'situacao', situacao: 'EM_TRANSITO' }));
    expect(pulo.status).toBe(409);
    expect(pulo.texto).toContain('Uma remoção Solicitada não pode passar a Em trânsito');
    const agendada = await t.app.pedir(H, caminho, formulario(staff.cookie, { _acao: 'situacao', situacao: 'AGENDADA' }));
    expect(agendada.texto).toContain('Remoção agendada');
    const concluida = await t.app.pedir(H, caminho, formulario(staff.cookie, { _acao: 'situacao', situacao: 'CONCLUIDA' }));
    expect(concluida.status, concluida.texto).toBe(200);

    const [depois] = await t.banco.db.select({ patioId: veiculo.patioId }).from(veiculo).where(eq(veiculo.id, v.id));
    expect(depois.patioId).toBe(destino.id);
    const [rr] = await t.banco.db.select().from(remocao).where(eq(remocao.uid, uid));
    expect(rr.situacao).toBe('CONCLUIDA');
    expect(rr.diaFimReal).toBeTruthy();
    const tela = await pagina(staff.cookie, caminho);
    expect(tela.texto).toContain('Concluída');
    // Final: no more situation buttons, edits refused.
    expect(tela.texto).not.toContain('data-testid="acoes-remocao"');
    const tarde = await t.app.pedir(H, caminho, formulario(staff.cookie, { _acao: 'salvar', localRemocao: 'Rua B, 2' }));
    expect(tarde.status).toBe(409);

    const lista = await pagina(staff.cookie, `/admin/remocao?situacao=CONCLUIDA&busca=${v.placa}`);
    expect(lista.status).toBe(200);
    expect(lista.texto).toContain(`/admin/remocao/${uid}`);
    const outras = await pagina(staff.cookie, `/admin/remocao?situacao=CANCELADA&busca=${v.placa}`);
    expect(outras.texto).not.toContain(`/admin/remocao/${uid}`);

    const aba = await pagina(staff.cookie, `/admin/veiculo/${v.uid}?aba=remocoes`);
    expect(aba.texto).toContain(`/admin/remocao/${uid}`);
  });

  it('shows a seeded insurer removal with its integration log, read-only, with the spec summary texts', async () => {
    const staff = await entrarComoStaff(t.banco.db, [P.ADM]);
    const [r] = await t.banco.db
      .select({ uid: remocao.uid, id: remocao.id })
      .from(remocao)
      .where(and(eq(remocao.hotsiteId, 1), eq(remocao.situacao, 'EM_TRANSITO'), eq(remocao.integradora, 'Mapfre')));
    expect(r).toBeTruthy();
    const logs = await t.banco.db.select().from(comitenteIntegracaoLog).where(eq(comitenteIntegracaoLog.remocaoId, r.id));
    expect(logs.length).toBeGreaterThanOrEqual(3);
    const tela = await pagina(staff.cookie, `/admin/remocao/${r.uid}`);
    expect(tela.status).toBe(200);
    expect(tela.texto).toContain('Log de integração');
    expect(tela.texto).toContain('Recebido');
    expect(tela.texto).toContain('Erro Mapfre: Data de retirada anterior à data de agendamento, Motorista não informado');
    expect(tela.texto).toContain('Evento processado com sucesso');
    const menu = await pagina(staff.cookie, '/admin/remocao');
    expect(menu.texto).toContain('Em trânsito');
  });

  it('a Pátio-only user, a client and a Leilão user get 403; another brand’s removal is not found', async () => {
    const [r] = await t.banco.db.select({ uid: remocao.uid }).from(remocao).where(eq(remocao.hotsiteId, 1)).limit(1);
    for (const papeis of [[P.PATIO], [PAPEL_CLIENTE], [P.LEILAO]]) {
      const u = await entrarComoStaff(t.banco.db, papeis);
      expect((await pagina(u.cookie, '/admin/remocao')).status).toBe(403);
      expect((await pagina(u.cookie, `/admin/remocao/${r.uid}`)).status).toBe(403);
      const post = await t.app.pedir(
        H,
        `/admin/remocao/${r.uid}`,
        formulario(u.cookie, { _acao: 'situacao', situacao: 'CANCELADA', motivo: 'x' }),
      );
      expect(post.status).toBe(403);
    }
    const noutra = await entrarComoStaff(t.banco.db, [P.REMOCAO], { hotsiteId: 14 });
    expect((await pagina(noutra.cookie, `/admin/remocao/${r.uid}`, 'h14.localhost')).status).toBe(404);
    const mudar = await t.app.pedir(
      'h14.localhost',
      `/admin/remocao/${r.uid}`,
      formulario(noutra.cookie, { _acao: 'situacao', situacao: 'CANCELADA', motivo: 'Teste' }),
    );
    expect(mudar.status).toBe(404);
    expect((await pagina(noutra.cookie, '/admin/remocao/nao-e-uid', 'h14.localhost')).status).toBe(404);
  });
});
