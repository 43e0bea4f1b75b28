import { describe, expect, it } from 'vitest';
import { codigoAtual, gerarSegredo, passoDoCodigo, qrCodeDoSegredo } from './totp.server';

describe('TOTP', () => {
  const segredo = gerarSegredo();
  const agora = 1_800_000_000_000;
  it('accepts the current code and the neighbouring step, and names the step', () => {
    expect(passoDoCodigo(segredo, codigoAtual(segredo, agora), agora)).toBe(Math.floor(agora / 30_000));
    expect(passoDoCodigo(segredo, codigoAtual(segredo, agora - 30_000), agora)).toBe(Math.floor(agora / 30_000) - 1);
  });
  it('refuses an old, malformed or wrong code', () => {
    expect(passoDoCodigo(segredo, codigoAtual(segredo, agora - 120_000), agora)).toBeNull();
    expect(passoDoCodigo(segredo, '12345', agora)).toBeNull();
    const errado = String((Number(codigoAtual(segredo, agora)) + 1) % 1_000_000).padStart(6, '0');
    expect(passoDoCodigo(segredo, errado, agora)).toBeNull();
  });
  it('renders the otpauth URI as an SVG QR code', async () => {
    const { uri, qrCode } = await qrCodeDoSegredo(segredo, 'ana@exemplo.com', 'Brasil Leilões');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Brasil%20Leil%C3%B5es:ana%40exemplo\.com\?/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
  });
});
