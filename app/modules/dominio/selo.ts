/*
 * The brand seal (issue #34, decision 197): the pure parts shared by the signer, the verification page
 * and its tests. Browser-safe: no keys, no I/O.
 */

/** JSON with object keys sorted at every depth: the signed bytes do not depend on how a reader orders keys. */
export function jsonCanonico(valor: unknown): string {
  if (valor === null || typeof valor !== 'object') return JSON.stringify(valor);
  if (Array.isArray(valor)) return `[${valor.map(jsonCanonico).join(',')}]`;
  const o = valor as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${jsonCanonico(o[k])}`)
    .join(',')}}`;
}

/**
 * An auctioneer's registration as stored ("JUCESP nº 1.118") split into the board (Junta Comercial) and the
 * number (matrícula); a text without a board's acronym keeps it all as the number.
 */
export function inscricaoDoLeiloeiro(inscricao: string): { juntaComercial: string | null; matricula: string } {
  const m = /^\s*(JUC[A-Z]{1,4}|JUCE[A-Z]{1,3})\b\s*(?:n[º°o.]?\s*)?(.+?)\s*$/i.exec(inscricao);
  if (!m) return { juntaComercial: null, matricula: inscricao.trim() };
  return { juntaComercial: m[1].toUpperCase(), matricula: m[2] };
}
