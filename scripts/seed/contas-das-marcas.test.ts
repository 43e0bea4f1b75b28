import { describe, expect, it } from 'vitest';
import { lerPastaDaMarca, pastasDemo } from '@tenants/brand-folder.server';
import { contaBancariaSchema } from '~/modules/comitentes/contas-bancarias.server';
import { CONTAS_DAS_MARCAS } from './contas-das-marcas';

describe("each demo brand's own account", () => {
  const marcas = pastasDemo().map((p) => lerPastaDaMarca(p).dados);

  it.each(marcas.map((m) => [m.nome, m] as const))('%s: the company and CNPJ its footer names, a valid account', (_nome, m) => {
    const c = CONTAS_DAS_MARCAS[Number(m.id)];
    expect(c).toBeDefined();
    expect(m.rodape).toContain(c.titular.replace(/\.$/, ''));
    expect(m.rodape).toContain(`CNPJ ${c.cpfCnpj}`);
    // The back office's own rules (bank code, agency, account, digit, CNPJ check digits).
    expect(contaBancariaSchema.safeParse({ ...c, recebeLote: true, recebeReembolso: false }).success).toBe(true);
  });

  it('no two brands share a payee, an account or a PIX key', () => {
    const contas = Object.values(CONTAS_DAS_MARCAS);
    for (const campo of ['titular', 'cpfCnpj', 'chavePix'] as const) expect(new Set(contas.map((c) => c[campo])).size).toBe(contas.length);
    expect(new Set(contas.map((c) => `${c.codigoBanco}/${c.agencia}/${c.conta}`)).size).toBe(contas.length);
  });
});
