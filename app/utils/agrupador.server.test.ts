import { describe, expect, it } from 'vitest';
import { criarAgrupador, FilaCheia } from './agrupador.server';
import { bancoIndisponivel } from './errors';

/** A fake call we release by hand, so the test decides when the batch in flight ends. */
function chamadaControlada() {
  const chamadas: { chave: string; entradas: number[]; liberar(): void; falhar(e: Error): void }[] = [];
  const executar = (chave: string, entradas: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      chamadas.push({ chave, entradas, liberar: () => resolve(entradas.map((e) => `${chave}:${e}`)), falhar: reject });
    });
  return { chamadas, executar };
}
const tique = () => new Promise((r) => setTimeout(r, 0));

describe('criarAgrupador', () => {
  it('starts a lone call at once and sends the calls that arrive meanwhile together, in arrival order', async () => {
    const { chamadas, executar } = chamadaControlada();
    const chamar = criarAgrupador(executar, { maximo: 2 });
    const a = chamar('lote', 1);
    await tique();
    expect(chamadas.map((c) => c.entradas)).toEqual([[1]]);
    const resto = [chamar('lote', 2), chamar('lote', 3), chamar('lote', 4)];
    await tique();
    expect(chamadas).toHaveLength(1);
    chamadas[0].liberar();
    expect(await a).toBe('lote:1');
    await tique();
    expect(chamadas.map((c) => c.entradas)).toEqual([[1], [2, 3]]);
    chamadas[1].liberar();
    await tique();
    expect(chamadas.map((c) => c.entradas)).toEqual([[1], [2, 3], [4]]);
    chamadas[2].liberar();
    expect(await Promise.all(resto)).toEqual(['lote:2', 'lote:3', 'lote:4']);
  });

  it('keeps keys apart and fails only the calls of the batch that failed', async () => {
    const { chamadas, executar } = chamadaControlada();
    const chamar = criarAgrupador(executar);
    const a = chamar('a', 1);
    const b = chamar('b', 1);
    await tique();
    expect(chamadas.map((c) => c.chave)).toEqual(['a', 'b']);
    chamadas[0].falhar(new Error('banco fora'));
    await expect(a).rejects.toThrow('banco fora');
    chamadas[1].liberar();
    expect(await b).toBe('b:1');
    const deNovo = chamar('a', 2);
    await tique();
    chamadas[2].liberar();
    expect(await deNovo).toBe('a:2');
  });

  it("refuses at once, as retryable, a call that finds its key's queue full; other keys are not affected", async () => {
    const { chamadas, executar } = chamadaControlada();
    const chamar = criarAgrupador(executar, { maximo: 8, espera: 2 });
    const emVoo = chamar('lote', 1);
    const esperando = [chamar('lote', 2), chamar('lote', 3)];
    const recusada = chamar('lote', 4);
    await expect(recusada).rejects.toBeInstanceOf(FilaCheia);
    await expect(recusada.catch((e: unknown) => bancoIndisponivel(e))).resolves.toBe(true);
    const outra = chamar('outro', 9);
    await tique();
    expect(chamadas.map((c) => c.entradas)).toEqual([[1], [9]]);
    chamadas[0].liberar();
    chamadas[1].liberar();
    await tique();
    chamadas[2].liberar();
    expect(await Promise.all([emVoo, ...esperando, outra])).toEqual(['lote:1', 'lote:2', 'lote:3', 'outro:9']);
  });
});
