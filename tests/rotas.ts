import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';

/**
 * Every route of the built app (the same build server.ts serves), with a concrete path to reach it:
 * params filled with plausible values, splats with a word. Tests walk this list, so a route added to
 * app/routes is covered the day it is added.
 */
export interface RotaDoApp {
  id: string;
  caminho: string;
  loader: boolean;
  action: boolean;
}

const EXEMPLO: Record<string, string> = {
  id: '1',
  uid: 'abc',
  hash: 'abc',
  arquivo: 'abc.webp',
  cep: '01310100',
  estadoUf: 'sp',
  cidade: 'sao-paulo',
};

export async function rotasDoApp(): Promise<RotaDoApp[]> {
  const build = (await import(pathToFileURL(`${process.cwd()}/build/index.js`).href)) as ServerBuild;
  const caminhoDe = (id: string): string => {
    const r = build.routes[id];
    const pai = r.parentId ? caminhoDe(r.parentId) : '';
    return r.path ? `${pai}/${r.path}` : pai;
  };
  return Object.entries(build.routes).map(([id, r]) => ({
    id,
    caminho:
      caminhoDe(id)
        .split('/')
        .map((s) => (s === '*' ? 'qualquer' : s.startsWith(':') ? (EXEMPLO[s.slice(1).replace(/\?$/, '')] ?? 'abc') : s))
        .join('/') || '/',
    loader: typeof r.module.loader === 'function',
    action: typeof r.module.action === 'function',
  }));
}
