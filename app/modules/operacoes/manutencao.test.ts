import { describe, expect, it } from 'vitest';
import { AVISO_ANTECIPADO_MS, CAMINHOS_DURANTE_MANUTENCAO, estadoDaManutencao, type JanelaDeManutencao } from './manutencao';

const h = (n: number) => new Date(Date.UTC(2026, 10, 27, n));
const janela = (id: number, inicio: Date, fim: Date): JanelaDeManutencao => ({ id, inicio, fim, mensagem: 'x' });

describe('estadoDaManutencao', () => {
  const j = janela(1, h(10), h(12));
  it.each([
    ['muito antes: nada', new Date(h(10).getTime() - AVISO_ANTECIPADO_MS - 1), 'nenhuma'],
    ['dentro do aviso antecipado', new Date(h(10).getTime() - AVISO_ANTECIPADO_MS), 'aviso'],
    ['um instante antes', new Date(h(10).getTime() - 1), 'aviso'],
    ['no início', h(10), 'ativa'],
    ['no meio', h(11), 'ativa'],
    ['no fim: já voltou', h(12), 'nenhuma'],
  ])('%s', (_n, agora, tipo) => {
    expect(estadoDaManutencao([j], agora).tipo).toBe(tipo);
  });

  it('Retry-After conta até o fim da janela', () => {
    const e = estadoDaManutencao([j], h(11));
    expect(e).toMatchObject({ tipo: 'ativa', retryAfterS: 3600 });
  });

  it('janelas sobrepostas: volta quando a última termina', () => {
    const e = estadoDaManutencao([j, janela(2, h(11), h(14))], h(11));
    expect(e).toMatchObject({ tipo: 'ativa', janela: { id: 2 }, retryAfterS: 3 * 3600 });
  });

  it('o aviso mostra a próxima janela', () => {
    const e = estadoDaManutencao([janela(2, h(20), h(21)), j], h(8));
    expect(e).toMatchObject({ tipo: 'aviso', janela: { id: 1 } });
  });
});

describe('caminhos abertos durante a manutenção', () => {
  it.each([
    ['/login', true],
    ['/login-sistema', true],
    ['/admin-auth/abc', true],
    ['/v1/usuario/efetuar-login', true],
    ['/', false],
    ['/admin', false],
    ['/lances/acao', false],
    ['/login/../admin', false],
    ['/v1/lances', false],
  ])('%s → %s', (caminho, aberto) => {
    expect(CAMINHOS_DURANTE_MANUTENCAO.test(caminho)).toBe(aberto);
  });
});
