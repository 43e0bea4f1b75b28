import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hotsite, mensagemSaida, pedidoVendaVeiculo } from '@db/schema';
import { instanciaDeTeste } from '../server';

/** Issue #33: /vender-seu-carro reaches the brand's staff: kept per brand, e-mailed to its contact address. */
const t = instanciaDeTeste();
const DADOS = `_data=${encodeURIComponent('routes/vender-seu-carro')}`;

const enviar = (host: string, campos: Record<string, string>) =>
  t.app.pedir(host, `/vender-seu-carro?${DADOS}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    corpo: new URLSearchParams(campos).toString(),
  });

const VALIDO = {
  nome: 'Marcos Albuquerque',
  email: 'Marcos@Exemplo.com.br',
  telefone: '(11) 98765-4321',
  marcaModelo: 'Volkswagen Gol 1.0',
  anoModelo: '2019',
  km: '65.432',
  valorPretendido: '42.500,50',
  cidade: 'Campinas',
  uf: 'sp',
  observacao: 'Único dono',
};

interface Resposta {
  ok: boolean;
  mensagem: string;
  erros: Record<string, string[]>;
  valores: Record<string, string>;
}

describe('vender seu carro', () => {
  it('keeps the offer as typed (42.500,50, 65.432 km) for this brand and e-mails its contact address', async () => {
    const r = await enviar('h1.localhost', VALIDO);
    expect(r.status).toBe(200);
    expect(r.json<Resposta>()).toMatchObject({ ok: true, mensagem: 'Recebemos seu pedido. Nossa equipe entrará em contato em breve.' });
    const [p] = await t.banco.db
      .select()
      .from(pedidoVendaVeiculo)
      .where(eq(pedidoVendaVeiculo.hotsiteId, 1))
      .orderBy(desc(pedidoVendaVeiculo.id))
      .limit(1);
    expect(p).toMatchObject({
      email: 'marcos@exemplo.com.br',
      telefone: '11987654321',
      anoModelo: 2019,
      km: 65_432,
      valorPretendido: 42_500_50,
      uf: 'SP',
    });
    const [marca] = await t.banco.db.select({ email: hotsite.emailContato }).from(hotsite).where(eq(hotsite.id, 1));
    const [m] = await t.banco.db
      .select()
      .from(mensagemSaida)
      .where(and(eq(mensagemSaida.hotsiteId, 1), eq(mensagemSaida.assunto, `Vender seu carro: Volkswagen Gol 1.0 (pedido ${p.id})`)));
    expect(m.para).toBe(marca.email);
    expect(m.texto).toContain('Valor pretendido: R$\u00a042.500,50');
    expect(m.texto).toContain('Km: 65.432');
    expect(await t.banco.db.$count(pedidoVendaVeiculo, and(eq(pedidoVendaVeiculo.hotsiteId, 2), eq(pedidoVendaVeiculo.id, p.id)))).toBe(0);
  });

  it('refuses bad fields with pt-BR messages (400), keeps what was typed and stores nothing', async () => {
    const antes = await t.banco.db.$count(pedidoVendaVeiculo);
    const r = await enviar('h2.localhost', {
      ...VALIDO,
      email: 'x',
      telefone: '123',
      anoModelo: '1800',
      valorPretendido: '1.2.3',
      uf: 'XX',
      nome: '',
    });
    expect(r.status).toBe(400);
    const c = r.json<Resposta>();
    expect(c.mensagem).toBe('Confira os campos destacados');
    expect(c.erros).toMatchObject({
      nome: ['Informe seu nome'],
      email: ['Informe um e-mail válido'],
      telefone: ['Telefone inválido. Informe o DDD e o número'],
      valorPretendido: ['Informe o valor em reais, por exemplo 60.000,00'],
      uf: ['Escolha o estado'],
    });
    expect(c.erros.anoModelo?.[0]).toMatch(/^Ano do modelo deve estar entre 1\.950 e \d\.\d{3}$/);
    expect(c.valores.marcaModelo).toBe('Volkswagen Gol 1.0');
    expect(await t.banco.db.$count(pedidoVendaVeiculo)).toBe(antes);
    const pagina = await t.app.pedir('h2.localhost', '/vender-seu-carro', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      corpo: new URLSearchParams({ ...VALIDO, email: 'x' }).toString(),
    });
    expect(pagina.status).toBe(400);
    expect(pagina.texto).toContain('Informe um e-mail válido');
    expect(pagina.texto).toContain('value="Volkswagen Gol 1.0"');
  });
});
