import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usuario } from '@db/schema';
import { resultadosDoComitente } from '~/modules/area-comitente/resultados.server';
import { comitentesDoUsuario } from '~/modules/comitentes/usuarios-comitente.server';
import { criarSessao } from '~/modules/identidade/sessions.server';
import { cookieDeLogin } from '~/utils/cookie-de-sessao.server';
import { linhas } from '~/utils/linhas.server';
import { EMAIL_COMITENTE_DEMO } from '@scripts/seed/usuarios-comitente';
import { instanciaDeTeste } from '../server';

/*
 * The demo seller's history (#30, decision 202): on a freshly seeded demo, comitente@martelo.test opens its
 * page and reads real figures: closed auctions with sold and unsold lots, money received, days to pickup,
 * and a suggested minimum for the model it sells most, in auction and in shop wording. Nobody is told of that
 * past: its sales queue no notice and no e-mail (they once delayed a password-reset e-mail behind them).
 */
const t = instanciaDeTeste();
const db = () => t.banco.db;

async function paginaDoComitenteDemo(hotsiteId: number, busca = '') {
  const [u] = await db()
    .select({ id: usuario.id })
    .from(usuario)
    .where(and(eq(usuario.email, EMAIL_COMITENTE_DEMO), isNull(usuario.hotsiteId)));
  const { token, expiraEm } = await criarSessao({ db: db(), usuarioId: u.id, hotsiteId });
  const cookie = (await cookieDeLogin(token, expiraEm, false)).split(';')[0];
  const r = await t.app.pedir(`h${hotsiteId}.localhost`, `/comitente/minha-pagina${busca}`, { headers: { cookie } });
  expect(r.status, r.texto.slice(0, 300)).toBe(200);
  return { usuarioId: u.id, html: r.texto };
}

describe('the demo seller’s page on a freshly seeded demo', () => {
  it('charts five closed auctions of its own with sold and unsold lots, money received and days to pickup', async () => {
    const { usuarioId } = await paginaDoComitenteDemo(1);
    const comitentes = await comitentesDoUsuario({ db: db(), hotsiteId: 1, usuario: { id: usuarioId, papeis: [] } });
    // The period before the catalogue's own auctions (the newest of them closed 30 days ago).
    const ate = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const historico = await resultadosDoComitente({ db: db(), hotsiteId: 1, comitentes, consulta: { agrupar: 'leilao', ate } });
    expect(historico.map((r) => r.rotulo.replace(/ — .*/, ''))).toEqual([
      'Leilão Retomadas Bancárias',
      'Leilão Frota Corporativa',
      'Leilão Retomadas Bancárias',
      'Leilão Frota Corporativa',
      'Leilão Retomadas Bancárias',
    ]);
    for (const r of historico) {
      expect(r.vendidos).toBeGreaterThan(0);
      expect(r.vendidos).toBeLessThan(r.ofertados);
      expect(r.arremateSobreFipe).toBeGreaterThan(4000);
    }
    expect(historico.filter((r) => r.diasAteRetirada != null && r.diasAteRetirada > 0).length).toBeGreaterThanOrEqual(4);
    expect(historico.every((r) => r.recebido > 0)).toBe(true);
    expect(historico.at(-1)!.aReceber).toBeGreaterThan(0);
  });

  it.each([
    [1, 'lotes'],
    [2, 'anúncios'],
  ])(
    'brand %i: the suggested minimum for its most sold model shows a value, its sample and sell-through (%s)',
    async (hotsiteId, palavra) => {
      const { html } = await paginaDoComitenteDemo(hotsiteId, '?modelo=Onix&ano=2022&fipe=60.000,00');
      const aviso = /data-testid="minimo-sugerido"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
      expect(aviso).toMatch(new RegExp(`Sugestão: R\\$\\s[\\d.]+,00 \\(\\d+% da FIPE\\), com [\\d,]+% de venda em \\d+ ${palavra}\\.`));
    },
  );

  it('tells nobody of the history: no notice of its lots or to its buyers, nothing for them in the outbox', async () => {
    const conta = async (q: ReturnType<typeof sql>) => Number(linhas<{ n: number }>(await db().execute(q))[0].n);
    // The history is there on every brand (the checks below would pass on an empty one).
    const vendidos = await conta(sql`
      SELECT count(DISTINCT e.hotsite_id)::int AS n FROM lote_encerramento e JOIN usuario u ON u.id = e.usuario_id
       WHERE u.email LIKE 'arrematante%' AND e.situacao IN ('PAGO', 'RETIRADO')`);
    expect(vendidos).toBe(5);
    expect(
      await conta(sql`
        SELECT count(*)::int AS n FROM notificacao n
         WHERE n.usuario_id IN (SELECT id FROM usuario WHERE email LIKE 'arrematante%')
            OR n.lote_id IN (SELECT e.lote_id FROM lote_encerramento e JOIN usuario u ON u.id = e.usuario_id WHERE u.email LIKE 'arrematante%')`),
    ).toBe(0);
    expect(await conta(sql`SELECT count(*)::int AS n FROM mensagem_saida WHERE para LIKE 'arrematante%'`)).toBe(0);
  });
});
