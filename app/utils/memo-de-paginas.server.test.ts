import { describe, expect, it } from 'vitest';
import {
  chaveDoDocumento,
  criarMemoDePaginas,
  MARCADOR_NONCE,
  MARCADOR_REQUEST_ID,
  guardarDocumento,
  preencherDocumento,
} from './memo-de-paginas.server';

const texto = (r: { doc: Parameters<typeof preencherDocumento>[0] }) => preencherDocumento(r.doc, '', '').toString();

describe('memo de páginas', () => {
  it('renders once per key and reuses the document until it is older than its age', () => {
    const memo = criarMemoDePaginas({ idadeMs: 1_000 });
    let renders = 0;
    const render = () => guardarDocumento(`<p>${++renders}</p>`);
    const primeira = memo.documento('a', render, 0);
    expect([texto(primeira), primeira.reutilizado]).toEqual(['<p>1</p>', false]);
    const segunda = memo.documento('a', render, 999);
    expect([texto(segunda), segunda.reutilizado]).toEqual(['<p>1</p>', true]);
    expect(texto(memo.documento('b', render, 999))).toBe('<p>2</p>');
    const velha = memo.documento('a', render, 1_000);
    expect([texto(velha), velha.reutilizado]).toEqual(['<p>3</p>', false]);
  });

  it('stays within its bytes, dropping the least recently used page first', () => {
    // 100 bytes a page, room for four.
    const memo = criarMemoDePaginas({ maxBytes: 4 * 100 });
    const pagina = (c: string) => () => guardarDocumento(c.repeat(100));
    for (const c of 'abcd') memo.documento(c, pagina(c), 0);
    expect(memo.documento('a', pagina('x'), 1).reutilizado).toBe(true);
    memo.documento('e', pagina('e'), 2);
    expect(memo.tamanho).toEqual({ entradas: 4, bytes: 400 });
    expect(memo.documento('b', pagina('b'), 3).reutilizado).toBe(false);
    expect(memo.documento('a', pagina('x'), 3).reutilizado).toBe(true);
  });

  it('a key depends on the URL and on every byte of the loader data', () => {
    const k = chaveDoDocumento('http://h1/leilao', '{"valor":100}');
    expect(chaveDoDocumento('http://h1/leilao', '{"valor":100}')).toBe(k);
    expect(chaveDoDocumento('http://h1/leilao', '{"valor":101}')).not.toBe(k);
    expect(chaveDoDocumento('http://h2/leilao', '{"valor":100}')).not.toBe(k);
  });

  it('fills every placeholder with the request’s own nonce and id', () => {
    const html = `<script nonce="${MARCADOR_NONCE}"></script><script nonce="${MARCADOR_NONCE}">{"requestId":"${MARCADOR_REQUEST_ID}"}</script>`;
    const doc = guardarDocumento(html);
    expect(preencherDocumento(doc, 'N1', 'R1').toString()).toBe(
      '<script nonce="N1"></script><script nonce="N1">{"requestId":"R1"}</script>',
    );
    expect(preencherDocumento(doc, 'N2', 'R2').toString()).toBe(
      '<script nonce="N2"></script><script nonce="N2">{"requestId":"R2"}</script>',
    );
    expect(preencherDocumento(guardarDocumento('<p>sem marcas: é ü</p>'), 'N', 'R').toString()).toBe('<p>sem marcas: é ü</p>');
  });
});
