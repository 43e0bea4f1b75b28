import { describe, expect, it } from 'vitest';
import { cabecalhosDeArquivoEnviado } from './arquivo-enviado.server';

describe('cabecalhosDeArquivoEnviado', () => {
  it.each([
    ['image/png', 'ted.png', 'image/png', 'inline; filename="ted.png"'],
    ['IMAGE/JPEG', 'foto.jpg', 'image/jpeg', 'inline; filename="foto.jpg"'],
    ['application/pdf', 'comprovante.pdf', 'application/pdf', 'attachment; filename="comprovante.pdf"'],
    ['text/html', 'x.html', 'application/octet-stream', 'attachment; filename="x.html"'],
    ['image/svg+xml', 'logo.svg', 'application/octet-stream', 'attachment; filename="logo.svg"'],
    ['application/pdf', 'ação "x"\r\n.pdf', 'application/pdf', 'attachment; filename="a__o _x___.pdf"'],
  ])('%s %j → %s, %s', (tipo, nome, tipoServido, disposicao) => {
    const h = cabecalhosDeArquivoEnviado({ tipo, nome });
    expect(h['Content-Type']).toBe(tipoServido);
    expect(h['Content-Disposition'].startsWith(disposicao)).toBe(true);
    expect(h['Content-Security-Policy']).toMatch(/(^|; )sandbox($|;)/);
    expect(h['Content-Security-Policy']).toContain("default-src 'none'");
  });
});
