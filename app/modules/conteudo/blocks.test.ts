import { describe, expect, it } from 'vitest';
import { itemNoAr, itemInputSchema, sessaoInputSchema, sessoesVisiveis, type ItemSessao, type Sessao } from './blocks';
import { ELEMENTO_IDS } from './elementos';

const agora = new Date('2026-11-21T15:00:00Z');
const item = (uid: string, prioridade: number, janela: Partial<ItemSessao> = {}): ItemSessao => ({
  uid,
  prioridade,
  titulo: uid,
  subtitulo: null,
  texto: null,
  textoBotao: null,
  imagem: null,
  imagemMobile: null,
  icone: null,
  modelo: null,
  link: null,
  corTexto: null,
  corFundo: null,
  dataInicio: null,
  dataFim: null,
  ...janela,
});
const sessao = (uid: string, prioridade: number, itens: ItemSessao[], extra: Partial<Sessao> = {}): Sessao => ({
  uid,
  elemento: 'texto',
  nome: uid,
  ativo: true,
  tamanhoColuna: 'inteira',
  margemCabecalho: 'media',
  margemRodape: 'media',
  container: null,
  prioridade,
  itens,
  ...extra,
});

describe('itemNoAr', () => {
  it.each([
    [null, null, true],
    ['2026-11-21T14:00:00Z', null, true],
    ['2026-11-21T16:00:00Z', null, false],
    [null, '2026-11-21T15:00:00Z', true],
    [null, '2026-11-21T14:59:59Z', false],
    ['2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z', true],
  ])('início %s, fim %s → %s', (dataInicio, dataFim, esperado) => {
    expect(itemNoAr({ dataInicio, dataFim }, agora)).toBe(esperado);
  });
});

describe('sessoesVisiveis', () => {
  it('orders by priority, drops inactive sections and out-of-window items', () => {
    const visiveis = sessoesVisiveis(
      [
        sessao('c', 3, [item('c1', 1)]),
        sessao('a', 1, [item('a2', 2), item('a1', 1), item('velho', 0, { dataFim: '2025-01-01T00:00:00Z' })]),
        sessao('inativa', 0, [item('x', 1)], { ativo: false }),
        sessao('b', 2, [item('futuro', 1, { dataInicio: '2027-01-01T00:00:00Z' })]),
        sessao('dados', 4, [], { elemento: 'lotes-destaque' }),
      ],
      agora,
      new Set(['lotes-destaque']),
    );
    expect(visiveis.map((s) => s.uid)).toEqual(['a', 'c', 'dados']);
    expect(visiveis[0].itens.map((i) => i.uid)).toEqual(['a1', 'a2']);
  });
});

describe('input schemas', () => {
  it('defines exactly 35 section kinds', () => {
    expect(ELEMENTO_IDS).toHaveLength(35);
    expect(new Set(ELEMENTO_IDS).size).toBe(35);
  });

  it('refuses an unknown kind and bad sizes with pt-BR messages', () => {
    const r = sessaoInputSchema.safeParse({ elemento: 'marquee', nome: 'x', tamanhoColuna: 'terco', margemRodape: 'enorme' });
    expect(r.success).toBe(false);
    const msgs = r.error!.issues.map((i) => i.message);
    expect(msgs).toEqual(expect.arrayContaining(['Elemento inválido', 'Tamanho de coluna inválido', 'Margem inválida']));
  });

  it.each([
    ['/leilao', '/leilao'],
    ['https://exemplo.com.br/x', 'https://exemplo.com.br/x'],
    ['http://intranet/pagina', 'http://intranet/pagina'],
    ['', null],
    [null, null],
  ])('accepts link %j', (link, esperado) => {
    expect(itemInputSchema.parse({ link }).link).toBe(esperado);
  });

  it.each([
    ['javascript:alert(1)'],
    ['//evil.com'],
    ['/\\evil.example'],
    ['/%5Cevil.example'],
    ['/%2F%2Fevil.example'],
    ['/..//evil.example'],
    ['https://marca.test\\@evil.example'],
    ['data:text/html,x'],
    ['ftp://x'],
  ])('refuses link %s', (link) => {
    expect(itemInputSchema.safeParse({ link }).success).toBe(false);
  });
});
