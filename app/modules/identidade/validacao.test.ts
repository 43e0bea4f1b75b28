import { describe, expect, it } from 'vitest';
import { errosPorCampo } from '~/utils/errors';
import { cadastroSchema, enderecoSchema, loginSchema, MENSAGENS, senhaNovaSchema } from './validacao';

const erros = (r: { success: boolean; error?: unknown }) => (r.success ? {} : errosPorCampo(r.error as never));

const endereco = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  numero: '1000',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  estadoSigla: 'SP',
};

describe('login', () => {
  it.each([
    [{ email: 'a@b.com', senha: '123456' }, {}],
    [{ email: 'nao-e-email', senha: '123456' }, { email: [MENSAGENS.emailInvalido] }],
    [{ email: 'a@b.com', senha: '12345' }, { senha: [MENSAGENS.senhaCurta] }],
    [{ email: 'a@b.com', senha: '123456', twoFactorcode: '12345' }, { twoFactorcode: [MENSAGENS.codigo2fa] }],
    [{ email: 'a@b.com', senha: '123456', twoFactorcode: '12a456' }, { twoFactorcode: [MENSAGENS.codigo2fa] }],
    [{ email: 'a@b.com', senha: '123456', twoFactorcode: '' }, {}],
    [{}, { email: [MENSAGENS.emailInvalido], senha: [MENSAGENS.senhaCurta] }],
  ])('%j', (entrada, esperado) => expect(erros(loginSchema.safeParse(entrada))).toEqual(esperado));
});

describe('new passwords', () => {
  it.each([
    ['12345', MENSAGENS.senhaCurta],
    ['123456', MENSAGENS.senhaComum],
    ['Senha123', MENSAGENS.senhaComum],
    ['flamengo', MENSAGENS.senhaComum],
    ['cavalo-azul-77', null],
  ])('%s', (senha, msg) => {
    const r = senhaNovaSchema.safeParse(senha);
    expect(r.success ? null : r.error.issues[0].message).toBe(msg);
  });
});

describe('address (spec 5)', () => {
  it.each([
    [{}, null],
    [{ logradouro: 'Rua' }, { logradouro: [MENSAGENS.logradouro] }],
    [{ bairro: 'Ce' }, { bairro: [MENSAGENS.bairro] }],
    [{ numero: '' }, { numero: [MENSAGENS.numero] }],
    [{ cep: '0131010' }, { cep: [MENSAGENS.cep] }],
    [{ cep: '01310100' }, null],
    [{ cep: '01310 100' }, { cep: [MENSAGENS.cep] }],
  ])('%j', (troca, esperado) => {
    const r = enderecoSchema.safeParse({ ...endereco, ...troca });
    expect(r.success ? null : errosPorCampo(r.error)).toEqual(esperado);
  });
  it('stores an 8-digit CEP as 00000-000', () => expect(enderecoSchema.parse({ ...endereco, cep: '01310100' }).cep).toBe('01310-100'));
});

describe('sign-up', () => {
  const base = {
    email: 'novo@exemplo.com.br',
    senha: 'cavalo-azul-77',
    telefone: '(11) 98765-4321',
    endereco,
    interesses: { carros: 'on' },
    aceiteTermos: 'on',
  };
  it('accepts an individual and keeps digits only', () => {
    const r = cadastroSchema.parse({
      ...base,
      tipoPessoa: 'Fisica',
      nome: 'Ana Beatriz Souza',
      cpf: '529.982.247-25',
      dataNascimento: '1990-04-12',
    });
    expect(r).toMatchObject({ cpf: '52998224725', telefone: '11987654321', interesses: { carros: true, motos: false } });
  });
  it('refuses bad check digits, minors and a company without razão social', () => {
    const pf = cadastroSchema.safeParse({
      ...base,
      tipoPessoa: 'Fisica',
      nome: 'Ana Beatriz Souza',
      cpf: '529.982.247-24',
      dataNascimento: '2020-01-01',
    });
    expect(erros(pf)).toMatchObject({ cpf: [MENSAGENS.cpfInvalido], dataNascimento: [MENSAGENS.menorDeIdade] });
    const pj = cadastroSchema.safeParse({
      ...base,
      tipoPessoa: 'Juridica',
      nome: 'Carlos Mendes',
      cnpj: '11.222.333/0001-81',
      razaoSocial: '',
    });
    expect(erros(pj)).toMatchObject({ razaoSocial: [MENSAGENS.razaoSocial] });
  });
  const pessoa = { ...base, tipoPessoa: 'Fisica', nome: 'Ana Beatriz Souza', cpf: '529.982.247-25', dataNascimento: '1990-04-12' };
  it('signs up with no interest ticked (the form then sends no interesses at all)', () => {
    const { interesses: _nenhum, ...semInteresses } = pessoa;
    const r = cadastroSchema.safeParse(semInteresses);
    expect(erros(r)).toEqual({});
    expect(r.data?.interesses).toEqual({
      carros: false,
      motos: false,
      onibus: false,
      caminhoes: false,
      imoveis: false,
      equipamento: false,
    });
  });
  it("says the passwords differ in the same answer as the other fields' errors", () => {
    const r = cadastroSchema.safeParse({ ...pessoa, cpf: '529.982.247-24', confirmarSenha: 'outra-senha-qualquer' });
    expect(erros(r)).toMatchObject({ cpf: [MENSAGENS.cpfInvalido], confirmarSenha: [MENSAGENS.senhasDiferentes] });
  });
  it.each([
    ['5.000,00', 500_000],
    ['5000,5', 500_050],
    ['R$ 5.000', 500_000],
    ['5000.00', 500_000],
    ['5000', 500_000],
    ['', undefined],
  ])('reads a monthly income of %j as a person types it', (rendaMensal, centavos) =>
    expect(cadastroSchema.parse({ ...pessoa, rendaMensal }).rendaMensal).toBe(centavos),
  );
  it('refuses an income that is not money, or above the limit', () => {
    expect(erros(cadastroSchema.safeParse({ ...pessoa, rendaMensal: 'cinco mil' }))).toEqual({ rendaMensal: [MENSAGENS.rendaMensal] });
    expect(erros(cadastroSchema.safeParse({ ...pessoa, rendaMensal: '20.000.000,00' }))).toEqual({
      rendaMensal: [MENSAGENS.rendaMensalMaxima],
    });
  });
});
