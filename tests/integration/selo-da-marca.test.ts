import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { venda, vendaItem } from '@db/schema';
import { seloConfere, type SeloAssinado } from '~/modules/confianca/selo.server';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { instanciaDeTeste } from '../server';

/**
 * The brand seal (issue #34, decision 197): each brand's signed document and the platform's verification
 * page on the platform's own host; every payment instruction built only from the accounts the seal lists,
 * so an account written into a sale by anyone else is never rendered.
 */
const t = instanciaDeTeste();
const H2 = 'h2.localhost';
const PLATAFORMA = 'localhost';
const MARCA_2 = { nome: 'Repasse Auto Comércio de Veículos S.A.', pix: '45723174000110', agencia: '2290' };
const GOLPE = {
  banco: 'Banco Golpe',
  codigoBanco: '999',
  agencia: '6666',
  conta: '1234567',
  digito: '0',
  titular: 'Golpe Intermediações Ltda',
  cpfCnpj: '11.111.111/0001-11',
  chavePix: 'pague-aqui@golpe.example',
};

describe('the signed seal', () => {
  it('each brand publishes its domains, auctioneers and accounts signed by the platform; a changed byte fails the signature', async () => {
    const r = await t.app.pedir(H2, '/.well-known/martelo-selo.json');
    expect(r.status).toBe(200);
    const selo = r.json<SeloAssinado>();
    expect(selo.documento.marca).toMatchObject({ id: 2, nome: expect.stringContaining('Repasse') });
    expect(selo.documento.dominios).toContain(`h2.localhost:${t.app.port}`);
    expect(selo.documento.contas.map((c) => c.chavePix)).toContain(MARCA_2.pix);
    expect(selo.verificacao).toBe(`http://localhost:${t.app.port}/verificar/2`);

    // The public key comes from the platform's host, not from the brand's.
    const chave = await t.app.pedir(PLATAFORMA, '/verificar/chave-publica.pem');
    expect(chave.status).toBe(200);
    expect(chave.texto).toContain('BEGIN PUBLIC KEY');
    expect(seloConfere(selo, chave.texto)).toBe(true);
    // A look-alike listing its own account under the brand's seal: the signature no longer matches.
    const falso = structuredClone(selo);
    falso.documento.contas[0] = { ...falso.documento.contas[0], conta: GOLPE.conta, chavePix: GOLPE.chavePix };
    expect(seloConfere(falso, chave.texto)).toBe(false);
    expect(seloConfere({ ...selo, documento: { ...selo.documento, dominios: ['repasse-auto.golpe.example'] } }, chave.texto)).toBe(false);

    // The platform's page of brand 2, on the platform's host only.
    const pagina = await t.app.pedir(PLATAFORMA, '/verificar/2');
    expect(pagina.status).toBe(200);
    expect(pagina.texto).toContain('Assinatura Ed25519 válida');
    expect(pagina.texto).toContain(MARCA_2.pix);
    expect(pagina.texto).toContain('é golpe');
    const json = await t.app.pedir(PLATAFORMA, '/verificar/2.json');
    expect(seloConfere(json.json<SeloAssinado>(), chave.texto)).toBe(true);
    expect((await t.app.pedir(PLATAFORMA, '/verificar/999999')).status).toBe(404);
    // A brand's host never answers the platform's page (a copied footer cannot bring it along).
    expect((await t.app.pedir(H2, '/verificar/2')).texto).not.toContain('Assinatura Ed25519 válida');

    // Every brand page carries the seal, pointing at the platform.
    const inicio = await t.app.pedir(H2, '/');
    expect(inicio.texto).toMatch(new RegExp(`href="http://localhost:${t.app.port}/verificar/2"[^>]*data-testid="selo-rodape"`));
  });
});

describe('payment instructions only from the listed accounts', () => {
  it('a sale whose stored account is not in the seal shows no TED, boleto or PIX of it; a swapped PIX key is dropped', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 2, compreJa: 45_000_00 });
    const cliente = await criarCliente(t.banco.db, { hotsiteId: 2, nome: 'Marina Lopes', leilaoId });
    const compra = await t.app.pedir(H2, `/v1/lote/${loteId}/compre-ja`, { method: 'POST', headers: cliente.auth, corpo: {} });
    expect(compra.status).toBeLessThan(300);
    const [item] = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));
    const [v] = await t.banco.db.select().from(venda).where(eq(venda.id, item.vendaId));
    const paginas = async () => {
      const compraPagina = await t.app.pedir(H2, `/cliente/compras/${v.id}`, { headers: { cookie: cliente.cookie } });
      const extrato = await t.app.pedir(H2, `/extrato/${v.hashQrcode}`, { headers: { cookie: cliente.cookie } });
      expect(compraPagina.status).toBe(200);
      expect(extrato.status).toBe(200);
      return compraPagina.texto + extrato.texto;
    };

    // As opened: the listed account, its PIX payload, and the seal beside them.
    const antes = await paginas();
    expect(antes).toContain(`Agência ${MARCA_2.agencia}`);
    expect(antes).toContain('data-testid="pix"');
    expect(antes).toContain('data-testid="selo-pagamento"');

    // Someone writes another account into the sale: nothing of it is rendered, and no payment data at all.
    await t.banco.db.execute(
      sql`UPDATE venda SET cabecalho = jsonb_set(cabecalho, '{conta}', ${JSON.stringify({ ...GOLPE, permiteBoleto: true, carteira: '09' })}::jsonb) WHERE id = ${v.id}`,
    );
    const golpe = await paginas();
    for (const trecho of [
      GOLPE.titular,
      GOLPE.chavePix,
      `Agência ${GOLPE.agencia}`,
      GOLPE.conta,
      'data-testid="pix"',
      'data-testid="linha-digitavel"',
    ])
      expect(golpe).not.toContain(trecho);
    expect(golpe).toContain('Os dados para pagamento serão enviados por e-mail.');

    // The brand's own account with a PIX key that is not its own: the account stays, the key and its payload go.
    const [original] = (await t.banco.db.execute(sql`SELECT cabecalho FROM venda WHERE id = ${v.id}`)).rows as { cabecalho: unknown }[];
    expect(original).toBeTruthy();
    await t.banco.db.execute(sql`
      UPDATE venda SET cabecalho = jsonb_set(cabecalho, '{conta}', (
        SELECT jsonb_build_object('banco', banco, 'codigoBanco', codigo_banco, 'agencia', agencia, 'conta', conta, 'digito', digito,
                                  'titular', titular, 'cpfCnpj', cpf_cnpj, 'chavePix', ${GOLPE.chavePix}::text, 'carteira', carteira, 'permiteBoleto', permite_boleto)
          FROM conta_bancaria WHERE hotsite_id = 2 AND recebe_lote AND chave_pix = ${MARCA_2.pix} LIMIT 1)) WHERE id = ${v.id}`);
    const pixTrocado = await paginas();
    expect(pixTrocado).toContain(`Agência ${MARCA_2.agencia}`);
    expect(pixTrocado).not.toContain(GOLPE.chavePix);
    expect(pixTrocado).not.toContain('data-testid="pix"');
  });
});
