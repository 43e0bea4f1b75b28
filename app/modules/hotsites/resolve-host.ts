/**
 * Host → hotsite key. Pure: no I/O, table-tested in resolve-host.test.ts.
 *   h14.localhost[:3000]          → { tipo: 'id', id: 14 }          (local development, tests)
 *   loja-x.martelo.app.br         → { tipo: 'subdominio', ... }     (platform subdomain)
 *   www.brasilleiloes.com.br      → { tipo: 'dominio', ... }        (the brand's own domain)
 */
export type ChaveHost = { tipo: 'id'; id: number } | { tipo: 'subdominio'; subdominio: string } | { tipo: 'dominio'; dominio: string };

export interface ConfigHost {
  sufixoLocal: string;
  dominioPlataforma: string;
}

const ROTULO = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

export function normalizarHost(host: string | undefined | null): string | null {
  if (!host) return null;
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) return null; // IPv6 literal: no brand answers on a bare address
  h = h.replace(/:\d{1,5}$/, '').replace(/\.$/, '');
  if (h.length === 0 || h.length > 253) return null;
  const rotulos = h.split('.');
  if (!rotulos.every((r) => ROTULO.test(r))) return null;
  if (rotulos.every((r) => /^\d+$/.test(r))) return null; // IPv4 literal
  return h;
}

export function resolverHost(hostHeader: string | undefined | null, config: ConfigHost): ChaveHost | null {
  const host = normalizarHost(hostHeader);
  if (!host) return null;

  const local = new RegExp(`^h(\\d{1,9})\\.${escapar(config.sufixoLocal)}$`).exec(host);
  if (local) return { tipo: 'id', id: Number(local[1]) };
  if (host === config.sufixoLocal || host.endsWith(`.${config.sufixoLocal}`)) return null;

  const sufixo = `.${config.dominioPlataforma}`;
  if (host.endsWith(sufixo)) {
    const sub = host.slice(0, -sufixo.length);
    return sub.includes('.') || sub === 'www' ? null : { tipo: 'subdominio', subdominio: sub };
  }
  if (host === config.dominioPlataforma) return null;
  return { tipo: 'dominio', dominio: host };
}

/** A brand registered as www.x.com.br also answers on x.com.br, and the other way round. */
export function variantesDeDominio(dominio: string): string[] {
  return dominio.startsWith('www.') ? [dominio, dominio.slice(4)] : [dominio, `www.${dominio}`];
}

/** The cache key: one entry per distinct brand address. */
export function chaveDeCache(chave: ChaveHost): string {
  switch (chave.tipo) {
    case 'id':
      return `id:${chave.id}`;
    case 'subdominio':
      return `sub:${chave.subdominio}`;
    case 'dominio':
      return `dom:${chave.dominio}`;
  }
}

function escapar(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
