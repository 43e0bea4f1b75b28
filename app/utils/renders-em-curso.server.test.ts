import { EventEmitter } from 'node:events';
import type { Response } from 'express';
import { describe, expect, it } from 'vitest';
import { criarRendersEmCurso } from './renders-em-curso.server';

const resposta = () => new EventEmitter() as unknown as Response;

describe('criarRendersEmCurso', () => {
  it('lets one request of a burst render; the others wait for it and are served its page', async () => {
    const renders = criarRendersEmCurso();
    let guardada = false;
    let servidas = 0;
    const servir = async () => {
      if (guardada) servidas++;
      return guardada;
    };
    const primeira = await renders.servirOuReivindicar('p', resposta(), servir);
    expect(primeira).toBeTypeOf('function');
    const outras = [1, 2, 3].map(() => renders.servirOuReivindicar('p', resposta(), servir));
    // Another page is not held by this render.
    expect(await renders.servirOuReivindicar('q', resposta(), servir)).toBeTypeOf('function');
    guardada = true;
    primeira!();
    expect(await Promise.all(outras)).toEqual([undefined, undefined, undefined]);
    expect(servidas).toBe(3);
  });

  it('lets the waiters render their own when the page was not kept, one of them claiming the next render', async () => {
    const renders = criarRendersEmCurso();
    const servir = async () => false;
    const primeira = await renders.servirOuReivindicar('p', resposta(), servir);
    const segunda = renders.servirOuReivindicar('p', resposta(), servir);
    primeira!();
    const liberar = await segunda;
    expect(liberar).toBeTypeOf('function');
    // Its claim holds: a third request waits for it.
    let terceiraPronta = false;
    const terceira = renders.servirOuReivindicar('p', resposta(), servir).then((l) => ((terceiraPronta = true), l));
    await new Promise((r) => setTimeout(r, 20));
    expect(terceiraPronta).toBe(false);
    liberar!();
    expect(await terceira).toBeTypeOf('function');
  });

  it('lets the waiters go when the rendering answer ends, or after the wait limit', async () => {
    const renders = criarRendersEmCurso(50);
    const servir = async () => false;
    const res = resposta();
    await renders.servirOuReivindicar('p', res, servir);
    const esperando = renders.servirOuReivindicar('p', resposta(), servir);
    (res as unknown as EventEmitter).emit('close');
    expect(await esperando).toBeTypeOf('function');
    await renders.servirOuReivindicar('q', resposta(), servir);
    const inicio = Date.now();
    await renders.servirOuReivindicar('q', resposta(), servir);
    expect(Date.now() - inicio).toBeGreaterThanOrEqual(40);
  });
});
