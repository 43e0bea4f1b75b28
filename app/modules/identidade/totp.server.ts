import { Secret, TOTP } from 'otpauth';
import { qrcode } from '~/utils/bibliotecas.server';

/** TOTP (RFC 6238): SHA-1, 6 digits, 30 s steps, one step of clock drift either way. */
const PERIODO = 30;

export const gerarSegredo = () => new Secret({ size: 20 }).base32;

function totp(segredo: string, rotulo = '', emissor = 'Martelo') {
  return new TOTP({ issuer: emissor, label: rotulo, algorithm: 'SHA1', digits: 6, period: PERIODO, secret: Secret.fromBase32(segredo) });
}

/** The current code (tests and the README's reviewer instructions). */
export const codigoAtual = (segredo: string, instante = Date.now()) => totp(segredo).generate({ timestamp: instante });

/**
 * The time step a code belongs to, or null when wrong. Callers store the step and refuse a code whose
 * step is not after the last accepted one: each code is usable once.
 */
export function passoDoCodigo(segredo: string, codigo: string, instante = Date.now()): number | null {
  if (!/^\d{6}$/.test(codigo)) return null;
  const delta = totp(segredo).validate({ token: codigo, timestamp: instante, window: 1 });
  return delta === null ? null : Math.floor(instante / 1000 / PERIODO) + delta;
}

/** otpauth:// URI and its QR code as an SVG data URL, for the enable-2FA screen. */
export async function qrCodeDoSegredo(segredo: string, rotulo: string, emissor: string) {
  const uri = totp(segredo, rotulo, emissor).toString();
  const svg = await (await qrcode()).toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}
