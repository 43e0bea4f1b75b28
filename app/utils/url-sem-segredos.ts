/**
 * A URL as it may appear in a log: links that carry a secret (password reset ?token=, one-time login
 * /admin-auth/<hash>, confirmation codes, the hash of a purchase document) keep their shape but lose the
 * secret, so a log reader cannot replay them. Pure; table-tested beside it.
 */
const CHAVES_SECRETAS = new Set(['token', 'hash', 'hashs', 'codigo', 'code', 'senha', 'password', 'refreshtoken', 'segredo', 'secret']);
/**
 * Routes whose path segment after the prefix is itself a secret: the one-time login, and the documents a
 * hash opens without login (decision 048; their QR pages too). A `.pdf` after the hash is kept.
 */
const CAMINHOS_SECRETOS = [
  /^(\/admin-auth\/)[^/?#]+/i,
  /^(\/(?:qrcode\/)?(?:extrato|nota|comprovante-arrematacao|retirada-por-terceiros|laudo-vistoria)\/)[^/?#.]+/i,
];

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
      // hashs[]=, hashs[0]= are the same list as hashs=.
      const nome = decodificar(chave)
        .toLowerCase()
        .replace(/\[[^\]]*\]$/, '');
      return CHAVES_SECRETAS.has(nome) ? `${chave}=***` : par;
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
