import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usuarioComitente } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { linhas } from '~/utils/linhas.server';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/*
 * Staff mark a vehicle's transfer documents as received on its Documentos tab (decision 200); the seller
 * sees its "documents pending" chart change at once. Only ADM marks; a seller user who may open the vehicle
 * page cannot; another brand's vehicle is not found; a bad value is a pt-BR 400 that changes nothing.
 */
const t = instanciaDeTeste();
const db = () => t.banco.db;
const H = 'h1.localhost';
const um = async <T>(q: ReturnType<typeof sql>) => linhas<T>(await db().execute(q))[0];
const formulario = (cookie: string, campos: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  corpo: new URLSearchParams(campos).toString(),
});

/** A seller of brand 1 with one sold lot (its vehicle's documents not received) in a closed auction. */
async function loteVendido() {
  const { id: comitenteId } = await um<{ id: number }>(
    sql`INSERT INTO comitente (hotsite_id, nome_site) VALUES (1, 'Frota Documentos ' || gen_random_uuid()) RETURNING id`,
  );
  const leilao = await um<{ id: number; uid: string }>(
    sql`INSERT INTO leilao (hotsite_id, nome, situacao, data) VALUES (1, 'Leilão Documentos', 'EXECUTADO', now() - interval '1 day') RETURNING id, uid`,
  );
  const vei = await um<{ id: number; uid: string }>(
    sql`INSERT INTO veiculo (hotsite_id, comitente_id, nome, modelo, veiculo_tipo_id)
        VALUES (1, ${comitenteId}, 'Strada Working', 'Strada', (SELECT min(id) FROM veiculo_tipo)) RETURNING id, uid`,
  );
  await db().execute(sql`
    INSERT INTO lote (hotsite_id, veiculo_id, leilao_id, comitente_id, situacao, nome, numero, categoria, veiculo_tipo_id, minimo, incremento,
                      ultimo_lance_valor, data_fim)
    SELECT 1, v.id, ${leilao.id}, ${comitenteId}, 'PAGO', 'Strada Working', '001', 'Carros', v.veiculo_tipo_id, 2000000, 10000, 2500000,
           now() - interval '1 day' FROM veiculo v WHERE v.id = ${vei.id}`);
  const vendedor = await entrarComoStaff(db(), [P.COMITENTE], { nome: 'Vendedora Documentos' });
  await db().insert(usuarioComitente).values({ hotsiteId: 1, usuarioId: vendedor.id, comitenteId });
  return { leilaoUid: leilao.uid, veiculoUid: vei.uid, veiculoId: vei.id, vendedor };
}

/** The seller's "documents pending" table cell for the auction. */
async function pendentesNaPagina(cookie: string, leilaoUid: string) {
  const r = await t.app.pedir(H, `/comitente/minha-pagina?leilao=${leilaoUid}`, { headers: { cookie } });
  expect(r.status).toBe(200);
  const tabela = r.texto.slice(r.texto.indexOf('data-testid="tabela-documentos"'));
  const m = /<tbody>[\s\S]*?<td[^>]*>(\d+)<\/td>/.exec(tabela.slice(0, tabela.indexOf('</table>')).replace(/<!-- -->/g, ''));
  return Number(m![1]);
}

const recebidosEm = async (veiculoId: number) =>
  (await um<{ em: string | null }>(sql`SELECT documentos_recebidos_em AS em FROM veiculo WHERE id = ${veiculoId}`)).em;

describe('documents received (the vehicle’s Documentos tab)', () => {
  it('ADM marks them and the seller’s pending chart drops at once; undoing brings it back', async () => {
    const x = await loteVendido();
    const adm = await entrarComoStaff(db(), [P.ADM], { nome: 'Administradora Documentos' });
    const aba = `/admin/veiculo/${x.veiculoUid}?aba=documentos`;
    expect(await pendentesNaPagina(x.vendedor.cookie, x.leilaoUid)).toBe(1);
    const antes = await t.app.pedir(H, aba, { headers: { cookie: adm.cookie } });
    expect(antes.texto).toContain('Pendentes: ainda não recebidos');
    expect(antes.texto).toContain('Marcar documentos como recebidos');

    const marcar = await t.app.pedir(H, aba, formulario(adm.cookie, { _acao: 'documentos-recebidos', recebidos: 'sim' }));
    expect(marcar.status).toBe(200);
    expect(marcar.texto).toContain('Documentos marcados como recebidos');
    expect(await recebidosEm(x.veiculoId)).not.toBeNull();
    expect(await pendentesNaPagina(x.vendedor.cookie, x.leilaoUid)).toBe(0);
    expect((await t.app.pedir(H, aba, { headers: { cookie: adm.cookie } })).texto).toMatch(/Recebidos em \d{2}\/\d{2}\/\d{4}/);

    const desfazer = await t.app.pedir(H, aba, formulario(adm.cookie, { _acao: 'documentos-recebidos', recebidos: 'nao' }));
    expect(desfazer.texto).toContain('Documentos marcados como pendentes');
    expect(await recebidosEm(x.veiculoId)).toBeNull();
    expect(await pendentesNaPagina(x.vendedor.cookie, x.leilaoUid)).toBe(1);
  });

  it('a seller user cannot mark, another brand’s vehicle is not found, a bad value is a pt-BR 400; nothing changes', async () => {
    const x = await loteVendido();
    const aba = `/admin/veiculo/${x.veiculoUid}?aba=documentos`;
    // The seller's user may open its vehicle's page, but sees no button and its post is refused.
    const pagina = await t.app.pedir(H, aba, { headers: { cookie: x.vendedor.cookie } });
    expect(pagina.status).toBe(200);
    expect(pagina.texto).not.toContain('Marcar documentos como recebidos');
    const recusa = await t.app.pedir(H, aba, formulario(x.vendedor.cookie, { _acao: 'documentos-recebidos', recebidos: 'sim' }));
    expect(recusa.status).toBe(403);
    const outra = await entrarComoStaff(db(), [P.ADM], { hotsiteId: 2 });
    const alheio = await t.app.pedir('h2.localhost', aba, formulario(outra.cookie, { _acao: 'documentos-recebidos', recebidos: 'sim' }));
    expect(alheio.status).toBe(404);
    const adm = await entrarComoStaff(db(), [P.ADM]);
    const ruim = await t.app.pedir(H, aba, formulario(adm.cookie, { _acao: 'documentos-recebidos', recebidos: 'talvez' }));
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('Escolha se os documentos foram recebidos');
    expect(await recebidosEm(x.veiculoId)).toBeNull();
    expect(await pendentesNaPagina(x.vendedor.cookie, x.leilaoUid)).toBe(1);
  });
});
