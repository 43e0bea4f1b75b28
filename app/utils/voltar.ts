/**
 * A same-site path to send the visitor back to (redirectTo, voltar): `/` followed by anything but `/`
 * or `\` (browsers read `/\evil.com` as `//evil.com`), no backslash anywhere, printable ASCII only (a browser
 * drops tab/newline and would join what follows), at most 500 characters; a query string is
 * kept. Anything else (//evil, https://..., javascript:) falls back to `padrao`.
 */
export function caminhoDeVolta(valor: unknown, padrao: string): string {
  if (typeof valor !== 'string' || valor.length > 500) return padrao;
  if (!/^\/(?![/\\])/.test(valor) || valor.includes('\\')) return padrao;
  // Printable ASCII only: no control characters, and nothing a Location header cannot carry (a browser
  // sends its own paths %-encoded, so a real path never needs more).
  if (!/^[\x20-\x7e]*$/.test(valor)) return padrao;
  return valor;
}
