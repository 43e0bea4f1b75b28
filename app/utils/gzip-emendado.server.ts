import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A kept document's gzip form with per-answer values spliced in, so no answer is compressed again
 * (docs/decisions/098-gzip-emendado.md).
 *
 * A kept page differs per answer only in a few short values (the CSP nonce, the request id). Each
 * constant part is compressed once, as its own raw deflate stream ended by a sync flush: non-final
 * blocks, byte-aligned, referring to nothing before them. An answer is then the gzip header, the parts
 * with each value between them as a stored block (the value's bytes, uncompressed), an empty final
 * block, and the trailer. The trailer's CRC-32 of the whole is combined from the parts' CRCs, worked
 * out once, and the values' (zlib's crc32_combine), so an answer reads no byte of its parts.
 */
export interface PartesComprimidas {
  /** Each part as raw deflate blocks ending in a sync flush. */
  deflate: Buffer[];
  crc: number[];
  comprimento: number[];
  /** Compressed bytes held (for a cache's bound). */
  bytes: number;
}

/** gzip header: magic, deflate, no flags, no mtime, no extra flags, OS unknown. */
const CABECALHO = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block with fixed codes (BFINAL=1, BTYPE=01, end-of-block). */
const BLOCO_FINAL = Buffer.from([0x03, 0x00]);
/** A stored block holds at most this many bytes. */
const MAX_ARMAZENADO = 0xffff;

export function comprimirPartes(partes: readonly Buffer[], nivel = 9): PartesComprimidas {
  const deflate = partes.map((p) => deflateRawSync(p, { level: nivel, finishFlush: constants.Z_SYNC_FLUSH }));
  return {
    deflate,
    crc: partes.map((p) => crc32(p)),
    comprimento: partes.map((p) => p.length),
    bytes: deflate.reduce((t, d) => t + d.length, 0),
  };
}

/**
 * The gzip of parts[0] + valores[0] + parts[1] + … + parts[n] (valores has one fewer entry than the
 * parts), built from the parts' kept compressed form.
 */
export function gzipEmendado(c: PartesComprimidas, valores: readonly Buffer[]): Buffer {
  if (valores.length !== c.deflate.length - 1) throw new Error('gzipEmendado: um valor entre cada par de partes');
  const pedacos: Buffer[] = [CABECALHO, c.deflate[0]];
  let crc = c.crc[0];
  let total = c.comprimento[0];
  for (let i = 0; i < valores.length; i++) {
    const v = valores[i];
    for (let de = 0; de < v.length; de += MAX_ARMAZENADO) {
      const pedaco = v.subarray(de, de + MAX_ARMAZENADO);
      const n = pedaco.length;
      // BFINAL=0, BTYPE=00 (stored), padded to the byte; then LEN and its one's complement, little-endian.
      pedacos.push(Buffer.from([0, n & 0xff, n >>> 8, ~n & 0xff, (~n >>> 8) & 0xff]), pedaco);
    }
    crc = combinarCrc32(crc, crc32(v), v.length);
    crc = combinarCrc32(crc, c.crc[i + 1], c.comprimento[i + 1]);
    total += v.length + c.comprimento[i + 1];
    pedacos.push(c.deflate[i + 1]);
  }
  const rodape = Buffer.allocUnsafe(8);
  rodape.writeUInt32LE(crc >>> 0, 0);
  rodape.writeUInt32LE(total >>> 0, 4);
  pedacos.push(BLOCO_FINAL, rodape);
  return Buffer.concat(pedacos);
}

// CRC-32 of a concatenation from its halves' CRCs (zlib's crc32_combine, multmodp and x2nmodp):
// crc(A + B) = crc(A) · x^(8·|B|) mod P  xor  crc(B), in the reflected bit order CRC-32 uses.
const POLINOMIO = 0xedb88320;

/** a · b mod P. */
function multmodp(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLINOMIO : b >>> 1;
  }
  return p >>> 0;
}

/** X2N[k] = x^(2^k) mod P. */
const X2N = (() => {
  const t = new Uint32Array(32);
  let p = 0x40000000; // x^1
  t[0] = p;
  for (let n = 1; n < 32; n++) t[n] = p = multmodp(p, p);
  return t;
})();

/** x^(n · 2^k) mod P. */
function x2nmodp(n: number, k: number): number {
  let p = 0x80000000; // x^0
  while (n) {
    if (n & 1) p = multmodp(X2N[k & 31], p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}

/** CRC-32 of A + B from crc(A), crc(B) and B's length in bytes. */
export function combinarCrc32(crcA: number, crcB: number, comprimentoB: number): number {
  return (multmodp(x2nmodp(comprimentoB, 3), crcA) ^ crcB) >>> 0;
}

/**
 * Whether an Accept-Encoding header takes gzip (RFC 9110 §12.5.3): named (or x-gzip) with a q above
 * 0, or covered by `*` when not named. Browsers send it on every request; autocannon and curl do not.
 */
export function aceitaGzip(cabecalho: string | undefined): boolean {
  if (!cabecalho) return false;
  let curinga = false;
  for (const item of cabecalho.split(',')) {
    const [nome, ...parametros] = item.split(';');
    const q = parametros.find((p) => p.trim().toLowerCase().startsWith('q='));
    const aceito = q === undefined || Number(q.trim().slice(2)) > 0;
    const codificacao = nome.trim().toLowerCase();
    if (codificacao === 'gzip' || codificacao === 'x-gzip') return aceito;
    if (codificacao === '*') curinga = aceito;
  }
  return curinga;
}
