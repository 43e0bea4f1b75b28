/** A same-site path to send the visitor back to; anything else (//evil, https://...) falls back. */
export function caminhoDeVolta(valor: unknown, padrao: string): string {
  return typeof valor === 'string' && /^\/(?![/\\])[A-Za-z0-9/_\-.]{0,200}$/.test(valor) ? valor : padrao;
}
