import { describe, expect, it } from 'vitest';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { assinado, solicitacao } from '@scripts/seguradora/eventos';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/*
 * Issue #31, decision 206: ADM sets each insurer's address and secret on /admin/seguradoras. The secret is
 * shown once, in the answer to the action that made it; it is never in the page after, nor in the log, and
 * the webhook takes it at once (the rotated one stops at once).
 */
const t = instanciaDeTeste({ comLog: true });
const H = 'h2.localhost';
const PAGINA = '/admin/seguradoras';

const postar = (cookie: string, campos: Record<string, string>) =>
  t.app.pedir(H, PAGINA, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    corpo: new URLSearchParams(campos).toString(),
  });
const segredoDa = (html: string) => /data-testid="segredo-da-seguradora"><code>([^<]+)<\/code>/.exec(html)?.[1];
const evento = (segredo: string, processId: string) => {
  const a = assinado(segredo, solicitacao('Pan', processId));
  return t.app.pedir(H, '/v1/integracao/pan/remocoes', { method: 'POST', headers: a.headers, corpo: a.corpo });
};

describe('the insurers screen', () => {
  it('ADM configures Pan: the secret is shown once, signs the webhook, and a rotation stops the old one at once', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    const antes = await t.app.pedir(H, PAGINA, { headers: { cookie: adm.cookie } });
    expect(antes.status).toBe(200);
    expect(antes.texto).toContain('Integração não configurada');

    const ruim = await postar(adm.cookie, { integradora: 'Pan', urlStatus: 'ftp://pan.example/status', ativo: 'on' });
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('Informe um endereço https://');

    const criada = await postar(adm.cookie, { integradora: 'Pan', urlStatus: 'https://pan.example/status', ativo: 'on' });
    expect(criada.status).toBe(200);
    expect(criada.headers['cache-control']).toBe('no-store');
    const primeiro = segredoDa(criada.texto)!;
    expect(primeiro).toMatch(/^[\w-]{43}$/);

    const depois = await t.app.pedir(H, PAGINA, { headers: { cookie: adm.cookie } });
    expect(depois.texto).not.toContain(primeiro);
    expect(depois.texto).toContain('Ativa · segredo definido em');
    expect((await evento(primeiro, 'PAN-SEGREDO-1')).status).toBe(200);

    // Saving the address again keeps the secret and shows none.
    const salva = await postar(adm.cookie, { integradora: 'Pan', urlStatus: 'https://pan.example/v2/status', ativo: 'on' });
    expect(salva.texto).toContain('Integração salva');
    expect(segredoDa(salva.texto)).toBeUndefined();

    const trocada = await postar(adm.cookie, { _acao: 'rotacionar', integradora: 'Pan' });
    const segundo = segredoDa(trocada.texto)!;
    expect(segundo).toBeDefined();
    expect(segundo).not.toBe(primeiro);
    expect((await evento(primeiro, 'PAN-SEGREDO-2')).status).toBe(401);
    expect((await evento(segundo, 'PAN-SEGREDO-3')).status).toBe(200);

    expect(t.log).not.toContain(primeiro);
    expect(t.log).not.toContain(segundo);
  });

  it("a Remoção user and another brand's ADM cannot open it nor set a secret", async () => {
    const remocao = await entrarComoStaff(t.banco.db, [P.REMOCAO], { hotsiteId: 2 });
    expect((await t.app.pedir(H, PAGINA, { headers: { cookie: remocao.cookie } })).status).toBe(403);
    expect((await postar(remocao.cookie, { _acao: 'rotacionar', integradora: 'Pan' })).status).toBe(403);
    // Another brand's ADM is not signed in here: sent to the login.
    const outraMarca = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 1 });
    const r = await postar(outraMarca.cookie, { _acao: 'rotacionar', integradora: 'Pan' });
    expect(r.status).toBe(302);
    expect(r.texto).not.toContain('segredo-da-seguradora');
  });

  it('rotating an insurer not configured is 404 with its message', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    const r = await postar(adm.cookie, { _acao: 'rotacionar', integradora: 'Bradesco' });
    expect(r.status).toBe(404);
    expect(r.texto).toContain('Integração com esta seguradora não configurada para esta marca');
  });
});
