import { describe, expect, it } from 'vitest';
import { hotsiteInputSchema } from './hotsite-input.schema';
import { marcaSchema } from './hotsite.schema';

const base = {
  id: 7,
  uid: '00000000-0000-0000-0000-000000000007',
  chave: 'x',
  tipo: 'leilao',
  modoSite: 'leilao',
  nome: 'Marca X',
  descricao: '',
  telefoneContato: '',
  whatsappContato: null,
  emailContato: null,
  corPrimaria: '#112233',
  corSecundaria: '#445566',
  corGradient1: '#112233',
  corGradient2: '#112233',
  corGradient3: '#445566',
  fonte: null,
  googleAnalytics: 'G-ABC123XYZ',
  logo: '/marca/arquivo/abc.svg',
  favicon: null,
  linkCanonico: 'https://www.x.com.br',
  domain: 'www.x.com.br',
  redesSociais: {},
  rodape: null,
  endereco: null,
  loginObrigatorioVisualizar: false,
  permitirCpf: true,
  permitirCnpj: true,
  dnsCredenciais: { token: 'segredo' },
};

describe('marcaSchema (stored brand data → page)', () => {
  it('keeps valid values and never carries secrets', () => {
    const m = marcaSchema.parse(base);
    expect(m.corPrimaria).toBe('#112233');
    expect(m.googleAnalytics).toBe('G-ABC123XYZ');
    expect(m).not.toHaveProperty('dnsCredenciais');
  });

  it('degrades unsafe stored values instead of rendering them', () => {
    const m = marcaSchema.parse({
      ...base,
      corPrimaria: 'red;}</style><script>alert(1)</script>',
      googleAnalytics: "G-1');alert(1);//",
      logo: 'javascript:alert(1)',
      linkCanonico: 'javascript:alert(1)',
      redesSociais: { instagram: 'http://inseguro' },
    });
    expect(m.corPrimaria).toBe('#1f4e8c');
    expect(m.googleAnalytics).toBeNull();
    expect(m.logo).toBeNull();
    expect(m.linkCanonico).toBeNull();
    expect(m.redesSociais).toEqual({});
  });
});

describe('hotsiteInputSchema (what an operator may save)', () => {
  const entrada = {
    tipo: 'loja',
    modoSite: 'loja',
    nome: 'Loja Y',
    corPrimaria: 'rgb(15,123,74)',
    corSecundaria: '#ffd23f',
    corGradient1: '#0f7b4a',
    corGradient2: '#16a34a',
    corGradient3: '#ffd23f',
  };

  it('normalises colours to hex', () => {
    expect(hotsiteInputSchema.parse(entrada).corPrimaria).toBe('#0f7b4a');
  });

  it('refuses unsafe values with pt-BR messages', () => {
    const r = hotsiteInputSchema.safeParse({
      ...entrada,
      corPrimaria: 'url(javascript:alert(1))',
      linkCanonico: 'javascript:alert(1)',
      domain: 'exemplo..com',
      googleAnalytics: '<script>',
    });
    expect(r.success).toBe(false);
    const porCampo = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(porCampo).toMatchObject({
      corPrimaria: 'Cor inválida: use #RRGGBB, rgb() ou hsl()',
      linkCanonico: 'Endereço inválido: use http(s)://',
      domain: 'Domínio inválido',
      googleAnalytics: 'ID do Google Analytics inválido',
    });
  });
});
