import { BlockList, isIP } from 'node:net';

/**
 * Which block, if any, a request's address or device falls under (decision 192): a single address, a
 * CIDR range (IPv4 or IPv6) or a device fingerprint, each until its expiry. Built once per brand list
 * (kept in the brand cache), asked on every login and bid.
 */
export type TipoBloqueio = 'ip' | 'faixa' | 'dispositivo';

export interface RegraDeBloqueio {
  id: number;
  tipo: TipoBloqueio;
  valor: string;
  expiraEm: Date | null;
}

/** An IPv4 address written as IPv6 (`::ffff:203.0.113.7`, how Node often reports it) is the IPv4 one. */
export const enderecoCanonico = (ip: string) => {
  const v = ip.trim().toLowerCase();
  const m = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(v);
  return m ? m[1]! : v;
};

/** The value as stored (canonical), or null when it is not one of its kind. */
export function valorCanonico(tipo: TipoBloqueio, valor: string): string | null {
  const v = valor.trim();
  if (tipo === 'dispositivo') return /^[A-Za-z0-9._:-]{8,128}$/.test(v) ? v : null;
  if (tipo === 'ip') {
    const ip = enderecoCanonico(v);
    return isIP(ip) ? ip : null;
  }
  const m = /^([^/]+)\/(\d{1,3})$/.exec(v);
  if (!m) return null;
  const rede = enderecoCanonico(m[1]!);
  const familia = isIP(rede);
  const bits = Number(m[2]);
  if (!familia || bits > (familia === 4 ? 32 : 128)) return null;
  return `${rede}/${bits}`;
}

export function criarVerificador(regras: readonly RegraDeBloqueio[]) {
  const porEndereco = regras
    .filter((r) => r.tipo !== 'dispositivo')
    .map((r) => {
      const lista = new BlockList();
      if (r.tipo === 'ip') lista.addAddress(r.valor, isIP(r.valor) === 6 ? 'ipv6' : 'ipv4');
      else {
        const [rede, bits] = r.valor.split('/');
        lista.addSubnet(rede!, Number(bits), isIP(rede!) === 6 ? 'ipv6' : 'ipv4');
      }
      return { regra: r, lista };
    });
  const dispositivos = regras.filter((r) => r.tipo === 'dispositivo');
  return ({ ip, dispositivo }: { ip: string; dispositivo?: string | null }, agora: Date): RegraDeBloqueio | null => {
    const vale = (r: RegraDeBloqueio) => r.expiraEm === null || r.expiraEm > agora;
    if (dispositivo) {
      const d = dispositivos.find((r) => r.valor === dispositivo && vale(r));
      if (d) return d;
    }
    const endereco = enderecoCanonico(ip);
    const familia = isIP(endereco);
    if (!familia) return null;
    const tipo = familia === 6 ? 'ipv6' : 'ipv4';
    return porEndereco.find((e) => vale(e.regra) && e.lista.check(endereco, tipo))?.regra ?? null;
  };
}
