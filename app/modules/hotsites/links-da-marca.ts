import type { Marca } from './hotsite.schema';

/**
 * The base of every absolute link we send out (password reset, one-time login, sitemap): taken from
 * the brand's configuration, never from the request's Host or X-Forwarded-Host, which a client chooses
 * (docs/decisions/001-links-das-marcas.md). Pure; table-tested beside it.
 *  - dominio: https://<domain>, else https://<subdomain>.<dominioPlataforma>, else the local address;
 *  - local:   http://h<ID>.<sufixoLocal>:<porta>, the address the demo answers on this machine.
 */
export interface ConfigLinks {
  modo: 'dominio' | 'local';
  sufixoLocal: string;
  dominioPlataforma: string;
  porta: number;
}

export function baseDaMarca(marca: Pick<Marca, 'id' | 'domain' | 'subdomain'>, config: ConfigLinks): string {
  if (config.modo === 'dominio') {
    if (marca.domain) return `https://${marca.domain}`;
    if (marca.subdomain) return `https://${marca.subdomain}.${config.dominioPlataforma}`;
  }
  const porta = config.porta === 80 ? '' : `:${config.porta}`;
  return `http://h${marca.id}.${config.sufixoLocal}${porta}`;
}
