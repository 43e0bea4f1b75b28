import { describe, expect, it } from 'vitest';
import { lerPosicoes, MENSAGENS_MODELO, POSICOES_MAXIMO, posicoesFaltando } from './modelo-fotos';

describe('lerPosicoes', () => {
  it.each([
    ['uma por linha, na ordem digitada', 'Frente\nTraseira\r\nPainel', ['Frente', 'Traseira', 'Painel']],
    ['separadas por ponto e vírgula', 'Frente; Traseira;Painel', ['Frente', 'Traseira', 'Painel']],
    ['linhas em branco e espaços a mais somem', '\n  Lateral   esquerda \n\n', ['Lateral esquerda']],
    ['vazio: modelo sem fotos obrigatórias', '   ', []],
  ])('%s', (_n, texto, esperado) => {
    expect(lerPosicoes(texto)).toEqual({ ok: true, posicoes: esperado });
  });

  it.each([
    ['repetida sem acento ou caixa', 'Câmbio\ncambio', MENSAGENS_MODELO.repetida('cambio')],
    ['mais que o máximo', Array.from({ length: POSICOES_MAXIMO + 1 }, (_, i) => `Foto ${i}`).join('\n'), MENSAGENS_MODELO.demais],
    ['nome longo demais', 'x'.repeat(61), MENSAGENS_MODELO.longa],
    ['caractere nulo', 'Frente\u0000', MENSAGENS_MODELO.invalida],
  ])('recusa: %s', (_n, texto, mensagem) => {
    expect(lerPosicoes(texto)).toEqual({ ok: false, mensagem });
  });
});

describe('posicoesFaltando', () => {
  const modelo = ['Frente', 'Traseira', 'Lateral esquerda', 'Painel'];
  it.each([
    ['sem fotos: todas faltam', [], modelo],
    ['fotos sem nome não contam', [null, null, ''], modelo],
    ['nome sem acento, caixa ou espaços iguais conta', ['FRENTE', ' lateral  esquerda', null], ['Traseira', 'Painel']],
    ['fotos que não estão no modelo não atrapalham', ['Motor', 'Frente', 'Traseira', 'Painel', 'Lateral esquerda'], []],
  ])('%s', (_n, descricoes, esperado) => {
    expect(posicoesFaltando(modelo, descricoes)).toEqual(esperado);
  });
});
