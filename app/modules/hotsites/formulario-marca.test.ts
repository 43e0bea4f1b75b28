import { describe, expect, it } from 'vitest';
import { hotsiteInputSchema } from './hotsite-input.schema';
import { camposDoFormulario, hotsiteDoFormulario } from './formulario-marca';

const base = {
  tipo: 'loja',
  modoSite: 'loja',
  nome: 'Loja Teste',
  corPrimaria: '#112233',
  corSecundaria: '#445566',
  corGradient1: '#112233',
  corGradient2: '#223344',
  corGradient3: '#445566',
  tipoHabilitacao: 'por-hotsite',
};
function form(extra: [string, string][] = []) {
  const f = new FormData();
  for (const [k, v] of Object.entries(base)) f.append(k, v);
  for (const [k, v] of extra) f.append(k, v);
  return hotsiteInputSchema.safeParse(hotsiteDoFormulario(camposDoFormulario(f)));
}

describe('brand form → hotsiteInputSchema', () => {
  it('reads checkboxes, checkbox groups, nested address with coordinates, social links and São Paulo dates', () => {
    const r = form([
      ['permitirCnpj', 'on'],
      ['habilitacaoComAprovacao', 'on'],
      ['confirmacoesObrigatorias', 'email'],
      ['confirmacoesObrigatorias', 'telefone'],
      ['documentosObrigatorios', 'cnh'],
      ['endereco.cidade', 'Belém'],
      ['endereco.estadoSigla', 'PA'],
      ['endereco.latitude', '-1,4558'],
      ['endereco.longitude', '-48.4902'],
      ['redesSociais.instagram', 'https://instagram.com/loja'],
      ['urls.site.producao', 'https://www.loja.com.br'],
      ['cadastroInicio', '2026-12-01T09:30'],
      ['whatsappContato', ''],
    ]);
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({
      permitirCpf: false,
      permitirCnpj: true,
      confirmacoesObrigatorias: ['email', 'telefone'],
      documentosObrigatorios: ['cnh'],
      endereco: { cidade: 'Belém', estadoSigla: 'PA', latitude: -1.4558, longitude: -48.4902 },
      redesSociais: { instagram: 'https://instagram.com/loja' },
      urls: { site: { producao: 'https://www.loja.com.br' } },
      whatsappContato: null,
      tipoHabilitacao: 'por-hotsite',
      habilitacaoComAprovacao: true,
    });
    expect(r.data!.cadastroInicio!.toISOString()).toBe('2026-12-01T12:30:00.000Z');
  });

  it.each([
    ['redesSociais.facebook', 'javascript:alert(1)', 'redesSociais.facebook'],
    ['endereco.latitude', '200', 'endereco.latitude'],
    ['scriptCabecalho', '<script src=//x></script>', 'scriptCabecalho'],
    ['cadastroFim', 'amanhã', 'cadastroFim'],
  ])('refuses %s = %s', (campo, valor, caminho) => {
    const r = form([
      [campo, valor],
      ['endereco.estadoSigla', 'SP'],
    ]);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toContain(caminho);
  });
});
