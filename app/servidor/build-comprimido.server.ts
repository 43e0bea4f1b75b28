import { readdirSync } from 'node:fs';
import { sep } from 'node:path';
import type { RequestHandler } from 'express';

/** The encodings a compressed copy may have, in the order we prefer them, and their files' suffixes. */
const CODIFICACOES = [
  { nome: 'br', sufixo: '.br' },
  { nome: 'gzip', sufixo: '.gz' },
] as const;

const TIPOS: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * The encodings an `Accept-Encoding` header accepts (q > 0), by name in lower case; `*` accepts the ones
 * not named. A header that names none (or no header) accepts none of them: the file goes as it is.
 */
export function codificacoesAceitas(cabecalho: string | undefined): Set<string> {
  const aceitas = new Set<string>();
  const recusadas = new Set<string>();
  let qualquer = false;
  for (const parte of (cabecalho ?? '').split(',')) {
    const [nomeBruto, ...parametros] = parte.split(';');
    const nome = nomeBruto?.trim().toLowerCase();
    if (!nome) continue;
    const q = parametros.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)).find(Boolean);
    const aceita = q ? Number(q[1]) > 0 : true;
    if (nome === '*') qualquer = aceita;
    else if (aceita) aceitas.add(nome);
    else recusadas.add(nome);
  }
  if (qualquer) for (const { nome } of CODIFICACOES) if (!recusadas.has(nome)) aceitas.add(nome);
  return aceitas;
}

/**
 * The build's scripts and stylesheets as compressed once at build time (scripts/comprimir-build.js:
 * brotli 11 and gzip 9, small files too), mounted on `/build` before the static files: a GET whose file has
 * a copy in an encoding the browser accepts is answered from that copy (brotli first) by the static
 * middleware, with the file's type, `Content-Encoding` and `Vary: Accept-Encoding`; anything else goes on
 * as before (the compression middleware then compresses it as it sends). The copies present are listed once,
 * when the server starts: the build does not change under a running server
 * (docs/decisions/290-js-da-lista-sem-single-fetch.md).
 */
export function buildComprimido(pasta: string): RequestHandler {
  let copias: Set<string> | undefined;
  const listar = () => {
    const encontradas = new Set<string>();
    try {
      for (const nome of readdirSync(pasta, { recursive: true, encoding: 'utf8' }))
        if (/\.(br|gz)$/.test(nome)) encontradas.add(`/${nome.split(sep).join('/')}`);
    } catch {
      // No build yet: nothing to serve compressed.
    }
    return encontradas;
  };
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const caminho = req.path;
    const tipo = TIPOS[/\.[a-z]+$/.exec(caminho)?.[0] ?? ''];
    if (!tipo || caminho.includes('..')) return next();
    copias ??= listar();
    const aceitas = codificacoesAceitas(req.headers['accept-encoding']);
    res.vary('Accept-Encoding');
    const escolhida = CODIFICACOES.find(({ nome, sufixo }) => aceitas.has(nome) && copias?.has(caminho + sufixo));
    if (!escolhida) return next();
    res.setHeader('Content-Type', tipo);
    res.setHeader('Content-Encoding', escolhida.nome);
    req.url = caminho + escolhida.sufixo + req.url.slice(caminho.length);
    next();
  };
}
