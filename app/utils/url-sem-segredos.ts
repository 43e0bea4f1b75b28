/**
 * A URL as it may appear in a log: links that carry a secret (password reset ?token=, one-time login
 * /admin-auth/<hash>, confirmation codes) keep their shape but lose the secret, so a log reader cannot
 * replay them. Pure; table-tested beside it.
 */
const CHAVES_SECRETAS = new Set(['token', 'hash', 'codigo', 'code', 'senha', 'password', 'refreshtoken', 'segredo', 'secret']);
/** Routes whose path segment after the prefix is itself a secret. */
const CAMINHOS_SECRETOS = [/^(\/admin-auth\/)[^/?#]+/i];

export function urlSemSegredos(url: string | undefined): string {
  if (!url) return '';
  const i = url.indexOf('?');
  let caminho = i < 0 ? url : url.slice(0, i);
  for (const padrao of CAMINHOS_SECRETOS) caminho = caminho.replace(padrao, '$1***');
  if (i < 0) return caminho;
  const consulta = url
    .slice(i + 1)
    .split('&')
    .map((par) => {
      const igual = par.indexOf('=');
      const chave = igual < 0 ? par : par.slice(0, igual);
      return CHAVES_SECRETAS.has(decodificar(chave).toLowerCase()) ? `${chave}=***` : par;
    })
    .join('&');
  return `${caminho}?${consulta}`;
}

function decodificar(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}
