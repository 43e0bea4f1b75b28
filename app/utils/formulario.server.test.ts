import { describe, expect, it } from 'vitest';
import { ErroHttp } from './errors';
import { formParaObjeto, lerFormulario } from './formulario.server';

const pedido = (corpo: BodyInit, tipo?: string, extra: Record<string, string> = {}) =>
  new Request('http://h1.localhost/x', { method: 'POST', body: corpo, headers: { ...(tipo ? { 'content-type': tipo } : {}), ...extra } });
const toStringOriginal = Object.prototype.toString;
const falha = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ErroHttp,
  );

describe('formParaObjeto', () => {
  it('reads nested form fields into plain objects', () => {
    const f = new URLSearchParams({ 'endereco.cep': '01310-100', 'interesses.motos': 'on', email: 'x@y.z' });
    expect(JSON.parse(JSON.stringify(formParaObjeto(f)))).toEqual({
      endereco: { cep: '01310-100' },
      interesses: { motos: 'on' },
      email: 'x@y.z',
    });
  });

  it.each(['__proto__.hotsiteId', 'constructor.prototype.toString', 'a.__proto__.b', 'prototype', 'x.constructor'])(
    'refuses %s with a 400 and leaves Object.prototype alone',
    (chave) => {
      const e = (() => {
        try {
          formParaObjeto(new URLSearchParams([[chave, '2']]));
        } catch (erro) {
          return erro as ErroHttp;
        }
      })();
      expect(e).toBeInstanceOf(ErroHttp);
      expect(e?.status).toBe(400);
      expect(({} as Record<string, unknown>).hotsiteId).toBeUndefined();
      expect(Object.prototype.toString).toBe(toStringOriginal);
    },
  );

  it('refuses a name that is both a value and a group', () => {
    expect(() =>
      formParaObjeto(
        new URLSearchParams([
          ['a', '1'],
          ['a.b', '2'],
        ]),
      ),
    ).toThrow(ErroHttp);
  });
});

describe('lerFormulario', () => {
  it('reads an urlencoded form', async () => {
    const f = await lerFormulario(pedido('a=1&b=%C3%A9', 'application/x-www-form-urlencoded'));
    expect([...f.entries()]).toEqual([
      ['a', '1'],
      ['b', 'é'],
    ]);
  });

  it('answers 415 to JSON and 400 to a broken multipart body', async () => {
    expect((await falha(lerFormulario(pedido('{"a":1}', 'application/json'))))?.status).toBe(415);
    expect((await falha(lerFormulario(pedido('--x\r\nlixo', 'multipart/form-data; boundary=x'))))?.status).toBe(400);
    expect((await falha(lerFormulario(pedido('lixo', 'multipart/form-data'))))?.status).toBe(400);
  });

  it('refuses NUL in names and values', async () => {
    const e = await falha(lerFormulario(pedido('nome=a%00b', 'application/x-www-form-urlencoded')));
    expect(e).toMatchObject({ status: 400, mensagem: 'Caractere inválido no texto' });
  });

  it('stops reading past the size limit, whatever Content-Length says', async () => {
    const grande = `a=${'x'.repeat(300_000)}`;
    expect((await falha(lerFormulario(pedido(grande, 'application/x-www-form-urlencoded'))))?.status).toBe(413);
    expect(
      (await falha(lerFormulario(pedido('a=1', 'application/x-www-form-urlencoded', { 'content-length': '999999999' }))))?.status,
    ).toBe(413);
  });

  it('bounds files: none where the form takes none, their count and their size', async () => {
    const comArquivos = (n: number, bytes: number) => {
      const f = new FormData();
      f.append('tipo', 'rg');
      for (let i = 0; i < n; i++) f.append(`arquivo${i}`, new File([new Uint8Array(bytes)], `f${i}.pdf`, { type: 'application/pdf' }));
      return new Request('http://h1.localhost/x', { method: 'POST', body: f });
    };
    expect((await falha(lerFormulario(comArquivos(1, 10))))?.status).toBe(415);
    const ok = await lerFormulario(comArquivos(1, 1000), { arquivos: 1, bytesPorArquivo: 5000 });
    expect((ok.get('arquivo0') as File).size).toBe(1000);
    expect((await falha(lerFormulario(comArquivos(2, 10), { arquivos: 1, bytesPorArquivo: 5000 })))?.status).toBe(413);
    expect((await falha(lerFormulario(comArquivos(1, 6000), { arquivos: 1, bytesPorArquivo: 5000 })))?.status).toBe(413);
    expect((await falha(lerFormulario(comArquivos(20, 4900), { arquivos: 20, bytesPorArquivo: 5000, bytesTotal: 50_000 })))?.status).toBe(
      413,
    );
  });
});
