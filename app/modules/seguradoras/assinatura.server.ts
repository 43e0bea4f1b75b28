import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Request signatures between a brand and an insurer (decision 172): HMAC-SHA256 of `<timestamp>.<body>` with
 * the secret of that brand's integration, in `X-Seguradora-Assinatura: sha256=<hex>`, the Unix seconds in
 * `X-Seguradora-Timestamp`. Compared in constant time; a timestamp outside the window (5 min either way) is
 * refused, so a captured request cannot be played later. The same scheme signs our status updates.
 */
export const CABECALHO_ASSINATURA = 'x-seguradora-assinatura';
export const CABECALHO_TIMESTAMP = 'x-seguradora-timestamp';
export const JANELA_S = 300;

export function assinar(segredo: string, timestamp: string | number, corpo: string | Buffer): string {
  return `sha256=${createHmac('sha256', segredo).update(`${timestamp}.`).update(corpo).digest('hex')}`;
}

/** The headers of a signed request, for the sender and the simulator. */
export function cabecalhosAssinados(segredo: string, corpo: string, agoraMs = Date.now()): Record<string, string> {
  const ts = String(Math.floor(agoraMs / 1000));
  return { [CABECALHO_TIMESTAMP]: ts, [CABECALHO_ASSINATURA]: assinar(segredo, ts, corpo) };
}

/** True only for a well-formed signature of this body, made with this secret, inside the window. */
export function assinaturaValida({
  segredo,
  timestamp,
  assinatura,
  corpo,
  agoraMs = Date.now(),
}: {
  segredo: string;
  timestamp: string | undefined;
  assinatura: string | undefined;
  corpo: Buffer;
  agoraMs?: number;
}): boolean {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !assinatura) return false;
  if (Math.abs(agoraMs / 1000 - Number(timestamp)) > JANELA_S) return false;
  const esperada = Buffer.from(assinar(segredo, timestamp, corpo));
  const recebida = Buffer.from(assinatura.trim().toLowerCase());
  // timingSafeEqual needs equal lengths; comparing against itself keeps the time the same either way.
  return recebida.length === esperada.length ? timingSafeEqual(recebida, esperada) : !timingSafeEqual(esperada, esperada);
}
