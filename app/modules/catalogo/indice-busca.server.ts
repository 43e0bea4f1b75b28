import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { lote } from '@db/schema';
import { semAcentos } from '~/utils/texto';
import { CAMPOS_FACETA, type CampoFaceta } from './busca-url';
import { avancar, juntar, posicaoInicial, type Instantaneo, type PosicaoFeed } from './feed-alteracoes';
import type { Filtros, Ordenacao } from './filtros';
import { CATEGORIAS_FORA_DO_PADRAO } from './regras';
import { SITUACOES_LISTAVEIS } from '~/modules/dominio/situacoes';

/*
 * In-memory search index of the listable lots, one per brand and server instance: a derived read model
 * of the `lote` table (PostgreSQL stays the system of record), kept column by column in typed arrays
 * with dictionary-coded text, so one pass over a brand's lots answers the page of ids, the total and
 * every facet count of a search in a few milliseconds. SQL needed a 300 ms GROUPING SETS scan for that.
 *
 * Freshness: every statement that changes lots appends them to the change feed (`lote_alteracao`,
 * migration 0012); before each search the index reads the feed rows it has not seen, however late their
 * transaction committed (feed-alteracoes.ts), and rereads those lots. So a search sees every change
 * committed before it started, on every instance, with no bus involved. Lots that leave the listable
 * states or are deleted leave the index; a brand is reloaded whole every few minutes (compaction, and a
 * safety net). See docs/search-index.md.
 */

const LISTAVEIS: ReadonlySet<string> = new Set(SITUACOES_LISTAVEIS);
const FORA_DO_PADRAO: ReadonlySet<string> = new Set(CATEGORIAS_FORA_DO_PADRAO);
/** A brand's index is rebuilt from scratch after this long (compacts; heals anything the feed could not say). */
const RECONSTRUIR_APOS_MS = 5 * 60_000;
/** Feed rows are deleted this long after they were written (by any instance, at most once a minute each)... */
const PODA = { idade: '15 minutes', aCadaMs: 60_000 };
/** ...so an instance that has not read the feed for this long may have lost rows: it loads its brands again. */
const FEED_OCIOSO_MS = 10 * 60_000;
/** Lots reread per statement. */
const LOTES_POR_LEITURA = 5_000;
/** Lots per statement of a brand's full load (decision 298). */
const LOTES_POR_CARGA = 20_000;

/** Dictionary-coded text columns: the facets plus the id filters that are not facets. */
const CODIFICADOS = [...CAMPOS_FACETA, 'situacao', 'tipoId', 'patio'] as const;
type Codificado = (typeof CODIFICADOS)[number];
const NUMERICOS = ['ano', 'valor', 'km', 'dataFim', 'dataInicio', 'prioridade', 'atualizado'] as const;
type Numerico = (typeof NUMERICOS)[number];

/**
 * The value a card headlines (regras.ts valorDoCard): the buy-now price of a "Compre Já" lot, else
 * the current value. The price filter and the price order use it, so "Valor até R$ 60.000" never
 * shows a card headlined above that (decision 035).
 */
export const VALOR_DO_CARD =
  sql<number>`(CASE WHEN ${lote.tipo} = 'Compre Já' AND ${lote.compreJa} IS NOT NULL THEN ${lote.compreJa} ELSE ${lote.valorAtual} END)`.mapWith(
    Number,
  );

const colunas = {
  id: lote.id,
  hotsiteId: lote.hotsiteId,
  situacao: lote.situacao,
  nome: lote.nome,
  numero: lote.numero,
  categoria: lote.categoria,
  tipoId: lote.veiculoTipoId,
  marca: lote.marcaNome,
  modelo: lote.modelo,
  anoModelo: lote.anoModelo,
  combustivel: lote.combustivel,
  cor: lote.cor,
  retomada: lote.retomada,
  km: lote.km,
  uf: lote.localizacaoUf,
  cidade: lote.localizacaoCidade,
  leilao: lote.leilaoId,
  comitente: lote.comitenteId,
  // Facet labels ride with the rows: renaming an auction or a seller names its lots in the change feed
  // (migration 0020), so the labels are as fresh as the counts and a search reads no names (decision 085).
  leilaoNome: sql<string | null>`(SELECT l.nome FROM leilao l WHERE l.id = ${lote.leilaoId})`,
  comitenteNome: sql<string | null>`(SELECT c.nome_site FROM comitente c WHERE c.id = ${lote.comitenteId})`,
  // A private auction's lots (exclusive events, decision 186) are never in the index: only guests see them,
  // through the SQL path. Turning an auction private names its lots in the feed (migration 0038).
  privado: sql<boolean>`coalesce((SELECT l.privado FROM leilao l WHERE l.id = ${lote.leilaoId}), false)`,
  patio: lote.patioId,
  promocao: lote.promocao,
  destaque: lote.destaque,
  prioridade: lote.prioridade,
  valor: VALOR_DO_CARD,
  dataInicio: lote.dataInicio,
  dataFim: lote.dataFim,
  atualizado: lote.updatedAt,
};
type Linha = {
  id: number;
  privado: boolean;
  hotsiteId: number;
  situacao: string;
  nome: string;
  numero: string;
  categoria: string;
  tipoId: number;
  marca: string | null;
  modelo: string | null;
  anoModelo: number | null;
  combustivel: string | null;
  cor: string | null;
  retomada: string | null;
  km: number | null;
  uf: string | null;
  cidade: string | null;
  leilao: number | null;
  comitente: number | null;
  leilaoNome: string | null;
  comitenteNome: string | null;
  patio: number | null;
  promocao: string | null;
  destaque: boolean;
  prioridade: number;
  valor: number;
  dataInicio: Date | null;
  dataFim: Date | null;
  atualizado: Date;
};

/** Lower case without accents: "São" finds "sao" and "SÃO". */
const normalizarTexto = (s: string) => semAcentos(s).toLowerCase();

class Dicionario {
  private readonly codigos = new Map<string, number>();
  readonly valores: string[] = [];
  codigo(v: string | number | null | undefined): number {
    if (v === null || v === undefined) return -1;
    const s = String(v);
    let c = this.codigos.get(s);
    if (c === undefined) {
      c = this.valores.length;
      this.valores.push(s);
      this.codigos.set(s, c);
    }
    return c;
  }
  buscar(v: string | number): number | undefined {
    return this.codigos.get(String(v));
  }
}

/** One brand's listable lots, column by column. Row slots are reused when a lot comes back. */
class IndiceDaMarca {
  n = 0;
  private capacidade = 0;
  id = new Int32Array(0);
  vivo = new Uint8Array(0);
  destaque = new Uint8Array(0);
  cod = {} as Record<Codificado, Int32Array>;
  num = {} as Record<Numerico, Float64Array>;
  nome: string[] = [];
  numero: string[] = [];
  /** The names of the auctions and sellers of the lots read (facet labels), by id. */
  readonly nomes = { leilao: new Map<string, string>(), comitente: new Map<string, string>() };
  readonly dic = Object.fromEntries(CODIFICADOS.map((c) => [c, new Dicionario()])) as Record<Codificado, Dicionario>;
  private readonly linhaDoId = new Map<number, number>();
  /** Bumped whenever rows are applied: a cached result is good only for the version it was made on. */
  versao = 0;
  /** Total and facet counts of recent searches: good at `versao` until `ate`, the next end of a lot they
   * count (the page asks for the cards and the facets of the same filters at once; one scan answers both). */
  readonly recentes = new Map<string, { versao: number; ate: number; total: number; facetas: ContagensFacetas }>();
  /** Pages of recent searches: good at `versao` until `ate`, the next end of a lot matching the search
   * (a lot whose end passes leaves the lists that hold it without any change to the data). */
  readonly paginas = new Map<string, { versao: number; ate: number; total: number; ids: number[] }>();
  private fimCalculado = { versao: -1, ate: 0 };
  /**
   * The rows every search leaves out whatever its filters (decision 099), one mask per case: with the
   * default categories (no category asked for) and without. Good at `versao` and `n` until `ate`.
   */
  private readonly bases: ({ versao: number; n: number; ate: number; fora: Uint8Array } | undefined)[] = [undefined, undefined];

  /**
   * 1 for the rows no list holds now: dead, ended (a lot whose end has passed takes no bid, regras.ts
   * loteEncerrado), and, with `padrao`, outside the default categories. Kept until the index changes or
   * the next live lot ends (no live row can pass its end before then), so a search starts from a copy of
   * it instead of three passes over every row.
   */
  excluidas(agora: number, padrao: boolean): Uint8Array {
    const i = padrao ? 1 : 0;
    const b = this.bases[i];
    if (b && b.versao === this.versao && b.n === this.n && agora < b.ate) return b.fora;
    const { n, vivo } = this;
    const fim = this.num.dataFim;
    const fora = new Uint8Array(n);
    // A missing category (code -1) reads permitido[-1], undefined: out, as NULL is in SQL.
    const permitido = new Uint8Array(this.dic.categoria.valores.length + 1);
    this.dic.categoria.valores.forEach((v, k) => (permitido[k] = padrao && FORA_DO_PADRAO.has(v) ? 0 : 1));
    const categoria = this.cod.categoria;
    for (let r = 0; r < n; r++) fora[r] = !vivo[r] || fim[r] <= agora || (padrao && permitido[categoria[r]] !== 1) ? 1 : 0;
    this.bases[i] = { versao: this.versao, n, ate: this.proximoFim(agora), fora };
    return fora;
  }

  /** The earliest end after `agora` among the brand's live lots (Infinity when none), per version. */
  proximoFim(agora: number): number {
    if (this.fimCalculado.versao === this.versao && agora < this.fimCalculado.ate) return this.fimCalculado.ate;
    const fim = this.num.dataFim;
    let ate = Infinity;
    for (let r = 0; r < this.n; r++) if (this.vivo[r] && fim[r] > agora && fim[r] < ate) ate = fim[r];
    this.fimCalculado = { versao: this.versao, ate };
    return ate;
  }

  constructor(
    readonly hotsiteId: number,
    readonly criadoEm: number,
  ) {
    this.crescer(1024);
  }

  private crescer(min: number) {
    if (min <= this.capacidade) return;
    const cap = Math.max(min, this.capacidade * 2);
    const maior = <T extends Int32Array | Uint8Array | Float64Array>(a: T, C: new (n: number) => T) => {
      const b = new C(cap);
      b.set(a);
      return b;
    };
    this.id = maior(this.id, Int32Array);
    this.vivo = maior(this.vivo, Uint8Array);
    this.destaque = maior(this.destaque, Uint8Array);
    for (const c of CODIFICADOS) this.cod[c] = maior(this.cod[c] ?? new Int32Array(0), Int32Array);
    for (const c of NUMERICOS) this.num[c] = maior(this.num[c] ?? new Float64Array(0), Float64Array);
    this.capacidade = cap;
  }

  /**
   * Applies a row read from the database; answers whether anything changed. A row read again with the
   * `updated_at` already applied (a load's first feed read, a merged hole) is the same version: skipped,
   * so it does not invalidate the cached facet counts.
   */
  aplicar(l: Linha): boolean {
    // Before the version check: a renamed auction or seller names its lots without touching them.
    if (l.leilao != null && l.leilaoNome != null) this.nomes.leilao.set(String(l.leilao), l.leilaoNome);
    if (l.comitente != null && l.comitenteNome != null) this.nomes.comitente.set(String(l.comitente), l.comitenteNome);
    let r = this.linhaDoId.get(l.id);
    const quando = l.atualizado.getTime();
    const listavel = LISTAVEIS.has(l.situacao) && !l.privado;
    if (r !== undefined && this.num.atualizado[r] === quando && this.vivo[r] === (listavel ? 1 : 0)) return false;
    if (!listavel) {
      if (r === undefined || !this.vivo[r]) return false;
      this.vivo[r] = 0;
      this.num.atualizado[r] = quando;
      return true;
    }
    if (r === undefined) {
      r = this.n++;
      this.crescer(this.n);
      this.linhaDoId.set(l.id, r);
    }
    this.vivo[r] = 1;
    this.id[r] = l.id;
    this.destaque[r] = l.destaque ? 1 : 0;
    this.nome[r] = normalizarTexto(l.nome);
    this.numero[r] = normalizarTexto(l.numero);
    const cod = this.cod;
    const dic = this.dic;
    cod.situacao[r] = dic.situacao.codigo(l.situacao);
    cod.categoria[r] = dic.categoria.codigo(l.categoria);
    cod.marca[r] = dic.marca.codigo(l.marca);
    cod.modelo[r] = dic.modelo.codigo(l.modelo);
    cod.uf[r] = dic.uf.codigo(l.uf);
    cod.cidade[r] = dic.cidade.codigo(l.cidade);
    cod.combustivel[r] = dic.combustivel.codigo(l.combustivel);
    cod.cor[r] = dic.cor.codigo(l.cor);
    cod.retomada[r] = dic.retomada.codigo(l.retomada);
    cod.comitente[r] = dic.comitente.codigo(l.comitente);
    cod.leilao[r] = dic.leilao.codigo(l.leilao);
    cod.promocao[r] = dic.promocao.codigo(l.promocao);
    cod.anoModelo[r] = dic.anoModelo.codigo(l.anoModelo);
    cod.tipoId[r] = dic.tipoId.codigo(l.tipoId);
    cod.patio[r] = dic.patio.codigo(l.patio);
    const num = this.num;
    num.ano[r] = l.anoModelo ?? NaN;
    num.valor[r] = l.valor;
    num.km[r] = l.km ?? NaN;
    num.dataFim[r] = l.dataFim ? l.dataFim.getTime() : NaN;
    num.dataInicio[r] = l.dataInicio ? l.dataInicio.getTime() : NaN;
    num.prioridade[r] = l.prioridade;
    num.atualizado[r] = quando;
    return true;
  }

  /** A lot the feed named that no longer exists. */
  remover(id: number): boolean {
    const r = this.linhaDoId.get(id);
    if (r === undefined || !this.vivo[r]) return false;
    this.vivo[r] = 0;
    return true;
  }
}

// ---------------------------------------------------------------------------------------------------
// Query, column at a time: each filter condition runs as its own tight loop over one typed array and
// sets its bit in a per-row failure mask; then the facets are counted, one column per loop, and the
// page is kept in a bounded heap. Monomorphic loops over typed arrays are what V8 runs fastest.

/** Sets `bit` in falhas[r] for every live row r that fails the condition. */
/**
 * A filter's condition: sets `bit` in `falhas` for each row that fails it. With `base` (the first
 * condition of a search), a row's bits start from the base mask instead of what `falhas` held, so the
 * search needs no pass of its own to copy the mask in.
 */
type Condicao = { chave: string; marcar: (falhas: Int32Array, bit: number, base?: Uint8Array) => void };

function condicoesDoIndice(ix: IndiceDaMarca, f: Filtros): Condicao[] {
  const c: Condicao[] = [];
  const n = ix.n;
  const naLista = (campo: Codificado, valores: readonly (string | number)[], chave: string = campo) => {
    const permitido = new Uint8Array(ix.dic[campo].valores.length);
    for (const v of valores) {
      const k = ix.dic[campo].buscar(v);
      if (k !== undefined) permitido[k] = 1;
    }
    const col = ix.cod[campo];
    c.push({
      chave,
      marcar: (falhas, bit, base) => {
        // What each code adds to a row's bits, shifted by one so a missing value (code -1) reads slot 0
        // and fails, as NULL does in SQL. A table read, not a branch: whether a row passes is as good as
        // random to the processor, and a mispredicted branch per row cost most of the pass (decision 099).
        const soma = new Int32Array(permitido.length + 1);
        soma[0] = bit;
        for (let k = 0; k < permitido.length; k++) soma[k + 1] = permitido[k] ? 0 : bit;
        if (base) for (let r = 0; r < n; r++) falhas[r] = base[r] | soma[col[r] + 1];
        else for (let r = 0; r < n; r++) falhas[r] |= soma[col[r] + 1];
      },
    });
  };
  const faixa = (campo: Numerico, min: number | undefined, max: number | undefined, chave: string) => {
    if (min === undefined && max === undefined) return;
    const col = ix.num[campo];
    const lo = min ?? -Infinity;
    const hi = max ?? Infinity;
    c.push({
      chave,
      marcar: (falhas, bit, base) => {
        // NaN (a missing value) fails both comparisons, as NULL does in SQL. Without a branch (see
        // naLista): `dentro` is 1 or 0, and `dentro - 1` is 0 or all ones.
        if (base)
          for (let r = 0; r < n; r++) {
            const v = col[r];
            const dentro = Number(v >= lo) & Number(v <= hi);
            falhas[r] = base[r] | (bit & (dentro - 1));
          }
        else
          for (let r = 0; r < n; r++) {
            const v = col[r];
            const dentro = Number(v >= lo) & Number(v <= hi);
            falhas[r] |= bit & (dentro - 1);
          }
      },
    });
  };
  if (f.situacao?.length) naLista('situacao', f.situacao);
  // Ended lots, and the categories outside the default when none is asked for, are left out by the
  // index's base mask (IndiceDaMarca.excluidas), not by a condition of their own.
  if (f.categoria?.length) naLista('categoria', f.categoria);
  if (f.tipoId?.length) naLista('tipoId', f.tipoId);
  if (f.marca?.length) naLista('marca', f.marca);
  if (f.modelo?.length) naLista('modelo', f.modelo);
  if (f.uf?.length)
    naLista(
      'uf',
      f.uf.map((u) => u.toUpperCase()),
    );
  if (f.cidade?.length) naLista('cidade', f.cidade);
  if (f.leilao?.length) naLista('leilao', f.leilao);
  if (f.promocao?.length) naLista('promocao', f.promocao);
  if (f.combustivel?.length) naLista('combustivel', f.combustivel);
  if (f.cor?.length) naLista('cor', f.cor);
  if (f.retomada?.length) naLista('retomada', f.retomada);
  if (f.comitente?.length) naLista('comitente', f.comitente);
  if (f.patio?.length) naLista('patio', f.patio);
  faixa('ano', f.anoMin, f.anoMax, 'anoModelo');
  faixa('valor', f.valorMin, f.valorMax, 'valor');
  faixa('km', f.kmMin, f.kmMax, 'km');
  if (f.destaque) {
    const d = ix.destaque;
    c.push({
      chave: 'destaque',
      marcar: (falhas, bit, base) => {
        if (base) falhas.set(base.subarray(0, n));
        for (let r = 0; r < n; r++) if (d[r] !== 1) falhas[r] |= bit;
      },
    });
  }
  if (f.texto) {
    const termo = normalizarTexto(f.texto);
    const { nome, numero, vivo } = ix;
    c.push({
      chave: 'texto',
      marcar: (falhas, bit, base) => {
        if (base) falhas.set(base.subarray(0, n));
        for (let r = 0; r < n; r++) if (vivo[r] && !nome[r].includes(termo) && numero[r] !== termo) falhas[r] |= bit;
      },
    });
  }
  return c;
}

/** The index's column an order sorts by. */
function colunaDaOrdem(ix: IndiceDaMarca, campo: Ordenacao['campo']): Float64Array | Int32Array {
  switch (campo) {
    case 'dataFim':
      return ix.num.dataFim;
    case 'valor':
      return ix.num.valor;
    case 'anoModelo':
      return ix.num.ano;
    case 'km':
      return ix.num.km;
    case 'dataInicio':
      return ix.num.dataInicio;
    case 'prioridade':
      return ix.num.prioridade;
    case 'id':
      return ix.id;
    // Never asked: a search ordered by auction position runs in SQL (busca.server.ts soEmSql).
    case 'posicaoLeilao':
      return ix.id;
  }
}

/** Ties by id: descending after a descending key of value, priority or id (as the SQL search orders them). */
const desempataDesc = (primeiro: Ordenacao | undefined) =>
  primeiro?.tipoOrdenacao === 'desc' && (primeiro.campo === 'valor' || primeiro.campo === 'prioridade' || primeiro.campo === 'id');

/**
 * Comparator of rows whose one-field key is in `chave`: the value signed so that ascending key order is
 * the requested order, a missing value +Infinity (nulls last either way); ties by id.
 */
function comparadorDeUmaChave(ix: IndiceDaMarca, ordem: Ordenacao, chave: Float64Array): (a: number, b: number) => number {
  const ids = ix.id;
  return desempataDesc(ordem) ? (a, b) => chave[a] - chave[b] || ids[b] - ids[a] : (a, b) => chave[a] - chave[b] || ids[a] - ids[b];
}

/** Comparator for an ordering of several fields: nulls last either way, ties by id (descending after a descending non-null key). */
function comparador(ix: IndiceDaMarca, ordenacao: Ordenacao[]): (a: number, b: number) => number {
  const idDesc = desempataDesc(ordenacao[0]);
  const ids = ix.id;
  const chaves = ordenacao.map((o) => ({ col: colunaDaOrdem(ix, o.campo), sinal: o.tipoOrdenacao === 'desc' ? -1 : 1 }));
  return (a, b) => {
    for (const { col, sinal } of chaves) {
      const x = col[a];
      const y = col[b];
      if (x === y) continue;
      const xn = Number.isNaN(x);
      const yn = Number.isNaN(y);
      if (xn || yn) {
        if (xn && yn) continue;
        return xn ? 1 : -1;
      }
      return x < y ? -sinal : sinal;
    }
    return idDesc ? ids[b] - ids[a] : ids[a] - ids[b];
  };
}

/** The k first rows by `cmp` among those offered, kept in a bounded max-heap (worst on top). */
class Melhores {
  private readonly h: number[] = [];
  constructor(
    private readonly k: number,
    private readonly cmp: (a: number, b: number) => number,
  ) {}
  oferecer(r: number) {
    const { h, cmp } = this;
    if (this.k <= 0) return;
    if (h.length < this.k) {
      h.push(r);
      let i = h.length - 1;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (cmp(h[i], h[p]) <= 0) break;
        [h[i], h[p]] = [h[p], h[i]];
        i = p;
      }
      return;
    }
    if (cmp(r, h[0]) >= 0) return;
    h[0] = r;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const d = l + 1;
      let m = i;
      if (l < h.length && cmp(h[l], h[m]) > 0) m = l;
      if (d < h.length && cmp(h[d], h[m]) > 0) m = d;
      if (m === i) break;
      [h[i], h[m]] = [h[m], h[i]];
      i = m;
    }
  }
  /** k rows are held: a row must beat `pior` to enter. */
  get cheio() {
    return this.k > 0 && this.h.length >= this.k;
  }
  /** The worst row held (the heap's top). */
  get pior() {
    return this.h[0];
  }
  ordenados() {
    return [...this.h].sort(this.cmp);
  }
}

export type ContagensFacetas = Map<CampoFaceta, { valor: string; quantidade: number }[]>;

export interface ResultadoIndice {
  total: number;
  ids: number[];
  facetas?: ContagensFacetas;
  /**
   * Until when this answer stands by the clock alone (Infinity: no lot of it ever ends): the first end
   * after the search among the lots it counts. Those are the matching lots (the total and the page)
   * and, with facets, the lots that fail exactly one facet's own filter (counted in that facet). No
   * other lot's end can change it: a lot that fails any other filter is in none of its numbers.
   */
  ate: number;
}

/** Scratch arrays reused by every query on one index (a query runs to the end without yielding). */
const rascunho = new WeakMap<IndiceDaMarca, { falhas: Int32Array; chave: Float64Array; sel: Int32Array; quase: Int32Array }>();
function rascunhoDe(ix: IndiceDaMarca) {
  let r = rascunho.get(ix);
  if (!r || r.falhas.length < ix.n) {
    const tamanho = Math.ceil(Math.max(ix.n, 1024) * 1.25);
    rascunho.set(
      ix,
      (r = {
        falhas: new Int32Array(tamanho),
        chave: new Float64Array(tamanho),
        sel: new Int32Array(tamanho),
        quase: new Int32Array(tamanho),
      }),
    );
  }
  return r;
}

function consultar(
  ix: IndiceDaMarca,
  filtros: Filtros,
  opcoes: { ordenacao: Ordenacao[]; de: number; tamanho: number; comFacetas: boolean },
): ResultadoIndice {
  const { n } = ix;
  const { falhas, chave } = rascunhoDe(ix);
  // Bit 0 marks the rows no list holds (dead, ended, outside the default categories): no facet counts
  // them, whatever else they fail. Each filter's condition gets the next bit.
  const agora = Date.now();
  const base = ix.excluidas(agora, !filtros.categoria?.length);
  const conds = condicoesDoIndice(ix, filtros);
  if (conds.length > 30) throw new Error('filtros demais para o índice');
  // The first condition starts each row from the base mask; with none, the mask is copied in.
  if (conds.length === 0) falhas.set(base.subarray(0, n));
  const bitDaFaceta = new Map<CampoFaceta, number>();
  conds.forEach((c, i) => {
    const bit = 1 << (i + 1);
    c.marcar(falhas, bit, i === 0 ? base : undefined);
    if ((CAMPOS_FACETA as readonly string[]).includes(c.chave)) bitDaFaceta.set(c.chave as CampoFaceta, bit);
  });

  // The matching rows, and the rows that fail only one facet's own condition (counted in that facet).
  let bitsFacetas = 0;
  for (const bit of bitDaFaceta.values()) bitsFacetas |= bit;
  const { sel, quase } = rascunhoDe(ix);
  const fim = ix.num.dataFim;
  let total = 0;
  let nQuase = 0;
  // The first end among the lots the answer counts (every one of them is open: a lot whose end has
  // passed is in the base mask; a missing end, NaN, never ends).
  let fimSel = Infinity;
  let fimQuase = Infinity;
  const k = opcoes.de + opcoes.tamanho;
  const { ordenacao } = opcoes;
  // One sort key (every order the lists offer): the page's rows are chosen in the selection pass, and
  // once k rows are held a row whose key is worse than the k-th best is turned away by one comparison
  // (its key is written, and the comparator called, only for the rows that may enter).
  const umaChave =
    k > 0 && ordenacao.length === 1 ? { col: colunaDaOrdem(ix, ordenacao[0].campo), desc: ordenacao[0].tipoOrdenacao === 'desc' } : null;
  const melhores = umaChave ? new Melhores(k, comparadorDeUmaChave(ix, ordenacao[0], chave)) : null;
  let limiar = Infinity;
  if (!opcoes.comFacetas && umaChave && melhores) {
    // A page alone (its facets already counted): only the matching rows, straight into the page.
    const { col, desc } = umaChave;
    for (let r = 0; r < n; r++)
      if (falhas[r] === 0) {
        total++;
        if (fim[r] < fimSel) fimSel = fim[r];
        const x = col[r];
        const v = x !== x ? Infinity : desc ? -x : x;
        if (v <= limiar) {
          chave[r] = v;
          melhores.oferecer(r);
          if (melhores.cheio) limiar = chave[melhores.pior];
        }
      }
  } else if (!opcoes.comFacetas) {
    for (let r = 0; r < n; r++)
      if (falhas[r] === 0) {
        sel[total++] = r;
        if (fim[r] < fimSel) fimSel = fim[r];
      }
  } else
    for (let r = 0; r < n; r++) {
      const m = falhas[r];
      if (m === 0) {
        sel[total++] = r;
        if (fim[r] < fimSel) fimSel = fim[r];
      } else if ((m & (m - 1)) === 0 && (m & bitsFacetas) !== 0) {
        quase[nQuase++] = r;
        if (fim[r] < fimQuase) fimQuase = fim[r];
      }
    }
  let ids: number[] = [];
  if (melhores && umaChave) {
    if (opcoes.comFacetas) {
      // The facets need the matching rows anyway: the page is chosen from them, with the same cut-off.
      const { col, desc } = umaChave;
      for (let i = 0; i < total; i++) {
        const r = sel[i];
        const x = col[r];
        const v = x !== x ? Infinity : desc ? -x : x;
        if (v <= limiar) {
          chave[r] = v;
          melhores.oferecer(r);
          if (melhores.cheio) limiar = chave[melhores.pior];
        }
      }
    }
    ids = melhores
      .ordenados()
      .slice(opcoes.de, opcoes.de + opcoes.tamanho)
      .map((r) => ix.id[r]);
  } else if (k > 0) {
    const varias = new Melhores(k, comparador(ix, ordenacao));
    for (let i = 0; i < total; i++) varias.oferecer(sel[i]);
    ids = varias
      .ordenados()
      .slice(opcoes.de, opcoes.de + opcoes.tamanho)
      .map((r) => ix.id[r]);
  }
  if (!opcoes.comFacetas) return { total, ids, ate: fimSel };

  const facetas: ContagensFacetas = new Map();
  for (const campo of CAMPOS_FACETA) {
    const valores = ix.dic[campo].valores;
    const contagem = new Int32Array(valores.length);
    const col = ix.cod[campo];
    for (let i = 0; i < total; i++) {
      const v = col[sel[i]];
      if (v >= 0) contagem[v]++;
    }
    const proprio = bitDaFaceta.get(campo);
    if (proprio !== undefined)
      for (let j = 0; j < nQuase; j++) {
        const r = quase[j];
        if (falhas[r] === proprio) {
          const v = col[r];
          if (v >= 0) contagem[v]++;
        }
      }
    const lista: { valor: string; quantidade: number }[] = [];
    contagem.forEach((q, v) => q > 0 && lista.push({ valor: valores[v], quantidade: q }));
    facetas.set(campo, lista);
  }
  return { total, ids, facetas, ate: Math.min(fimSel, fimQuase) };
}

// ---------------------------------------------------------------------------------------------------
// Per database: the brands' indexes, loaded on first use, and the shared position in the change feed.

/** The feed rows after `pos` (after its number, in its holes and windows), and the snapshot they were read under. */
async function lerFeed(
  db: Db,
  pos: PosicaoFeed,
): Promise<{ inst: Instantaneo; alteracoes: { seq: number; hotsiteId: number; loteId: number }[] }> {
  const lista = (v: number[]) => `{${v.join(',')}}`;
  // One statement, so the rows and pg_current_snapshot() are the same snapshot.
  const [r] = (
    await db.execute<{ xmin: string; xmax: string; linhas: [number | string, number, number][] }>(sql`
      select pg_snapshot_xmin(pg_current_snapshot())::text as xmin, pg_snapshot_xmax(pg_current_snapshot())::text as xmax,
        coalesce((select json_agg(json_build_array(a.seq, a.hotsite_id, a.lote_id)) from (
          select seq, hotsite_id, lote_id from lote_alteracao where seq > ${pos.seq}::bigint
          union all
          select a.seq, a.hotsite_id, a.lote_id
            from unnest(${lista(pos.lacunas.map((l) => l.de))}::bigint[], ${lista(pos.lacunas.map((l) => l.ate))}::bigint[]) h(de, ate)
            join lote_alteracao a on a.seq between h.de and h.ate
          union all
          select a.seq, a.hotsite_id, a.lote_id
            from unnest(${lista(pos.janelas.map((j) => j.transacaoDe))}::xid8[], ${lista(pos.janelas.map((j) => j.seqAte))}::bigint[]) j(de, ate)
            join lote_alteracao a on a.transacao >= j.de and a.seq <= j.ate
        ) a), '[]') as linhas`)
  ).rows;
  return {
    inst: { xmin: Number(r.xmin), xmax: Number(r.xmax) },
    alteracoes: r.linhas.map(([seq, hotsiteId, loteId]) => ({ seq: Number(seq), hotsiteId, loteId })),
  };
}

/** Where the feed stands before a load's snapshot: the load plus the rows after this reflect every commit. */
async function inicioDoFeed(db: Db): Promise<PosicaoFeed> {
  const [r] = (
    await db.execute<{ seq: number | string; xmin: string; xmax: string }>(
      sql`select coalesce(max(seq), 0) as seq, pg_snapshot_xmin(pg_current_snapshot())::text as xmin, pg_snapshot_xmax(pg_current_snapshot())::text as xmax from lote_alteracao`,
    )
  ).rows;
  return posicaoInicial(Number(r.seq), { xmin: Number(r.xmin), xmax: Number(r.xmax) });
}

/** A database's search index (every brand it holds): one per process, built by createMartelo. */
class IndiceDoBanco {
  /** Brand loads started (first loads and rebuilds): tests check that pages and the API share one index. */
  cargas = 0;
  /** Searches answered. */
  consultas = 0;
  /** Reads of the change feed begun (tests: the searches of one page share one). */
  leituras = 0;
  /** The index each loaded brand answers from (swapped for a fresh one every RECONSTRUIR_APOS_MS). */
  private readonly prontas = new Map<number, IndiceDaMarca>();
  /** First loads in flight: every search of that brand waits for the same one. */
  private readonly carregando = new Map<number, Promise<IndiceDaMarca>>();
  /** Brands whose background rebuild is in flight: one at a time, however many searches come. */
  private readonly reconstruindo = new Set<number>();
  /** Where this instance stands in the change feed (null before the first load). */
  private posicao: PosicaoFeed | null = null;
  /** Feed positions of the loads installed since the last read began: the next read goes back to them. */
  private inicios: PosicaoFeed[] = [];
  private ultimaLeitura = Date.now();
  private ultimaPoda = Date.now();
  private emCurso: Promise<void> | null = null;
  /** When the read in flight began, and when the last read that succeeded began (performance.now()). */
  private inicioEmCurso = -Infinity;
  private inicioLido = -Infinity;
  private proxima: Promise<void> | null = null;
  /**
   * What a visitor's cached page was built from (app/paginas/paginas-de-visitante.server.ts): `epoca`
   * moves when an index is installed or the instance starts over, a brand's count when a feed read
   * that named any of its lots has finished applying them (cards included: the feed names every lot a
   * card of it shows, decision 078).
   */
  private epoca = 0;
  private readonly geracoes = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly ouvintes: OuvintesDoFeed = {},
    /** Lots per statement of a brand's full load (decision 298; tests make it small). */
    private readonly lotesPorCarga = LOTES_POR_CARGA,
  ) {}

  /**
   * The brand's search data as of now: equal strings mean that no lot of the brand changed and no index
   * was installed in between. Null while the brand's index is not loaded (its searches may go to SQL).
   */
  versaoDaMarca(hotsiteId: number): string | null {
    if (!this.prontas.has(hotsiteId)) return null;
    return `${this.epoca}.${this.geracoes.get(hotsiteId) ?? 0}`;
  }

  /** When the next open lot of the loaded brand ends (it then leaves every list), Infinity when none. */
  proximoFim(hotsiteId: number, agora = Date.now()): number {
    return this.prontas.get(hotsiteId)?.proximoFim(agora) ?? agora;
  }

  /** Facet labels of a loaded brand (auction and seller names by id); nothing before its first load. */
  nomes(hotsiteId: number) {
    return this.prontas.get(hotsiteId)?.nomes;
  }

  /**
   * Reads the lots changed since the last look. A caller waits for a read that started after it came:
   * `desde` is when it came (performance.now(); a page passes its request's arrival, so the searches of
   * one page share one read). A read that began at or after `desde` and succeeded, with no index
   * installed since it began, has already seen every commit before the caller came.
   */
  atualizar(desde = performance.now()): Promise<void> {
    if (this.inicioLido >= desde && this.inicios.length === 0) return Promise.resolve();
    if (this.emCurso && this.inicioEmCurso >= desde) return this.emCurso;
    if (!this.emCurso) {
      const inicio = performance.now();
      this.inicioEmCurso = inicio;
      this.leituras++;
      this.emCurso = this.lerMudancas()
        .then(() => {
          this.inicioLido = Math.max(this.inicioLido, inicio);
        })
        .finally(() => (this.emCurso = null));
      return this.emCurso;
    }
    if (!this.proxima) {
      this.proxima = this.emCurso
        // The current read's failure is its own callers' to see; the next read runs either way.
        .catch(() => undefined)
        .then(() => {
          this.proxima = null;
          return this.atualizar();
        });
    }
    return this.proxima;
  }

  /**
   * Applies the feed rows not seen yet to the indexes loaded when the read began (an index installed
   * meanwhile gets them on the next read, which goes back to where its load started: a row read before
   * its snapshot must not overwrite what it loaded). A search never waits here for another brand's load.
   */
  private async lerMudancas() {
    for (const inicio of this.inicios.splice(0)) this.posicao = juntar(this.posicao, inicio);
    const pos = this.posicao;
    if (this.prontas.size === 0 || !pos) return;
    const alvos = new Map(this.prontas);
    const { inst, alteracoes } = await lerFeed(this.db, pos);
    // Before any search that waits for this read goes on: its cards must not come from before it.
    if (alteracoes.length) this.ouvintes.aoAlterar?.(alteracoes.map((a) => a.loteId));
    try {
      await this.aplicarMudancas(alvos, pos, inst, alteracoes);
    } finally {
      // Once the rows are applied (or failed half-way): a page built meanwhile is never taken as current.
      for (const m of new Set(alteracoes.map((a) => a.hotsiteId))) this.geracoes.set(m, (this.geracoes.get(m) ?? 0) + 1);
    }
  }

  private async aplicarMudancas(
    alvos: Map<number, IndiceDaMarca>,
    pos: PosicaoFeed,
    inst: Awaited<ReturnType<typeof lerFeed>>['inst'],
    alteracoes: Awaited<ReturnType<typeof lerFeed>>['alteracoes'],
  ) {
    const nomeados = new Map<number, IndiceDaMarca>();
    for (const a of alteracoes) {
      const ix = alvos.get(a.hotsiteId);
      if (ix) nomeados.set(a.loteId, ix);
    }
    // Read after the feed, so never older than what it named (maybe newer: applied now, read again later).
    const ids = [...nomeados.keys()];
    for (let i = 0; i < ids.length; i += LOTES_POR_LEITURA) {
      const parte = ids.slice(i, i + LOTES_POR_LEITURA);
      const linhas = (await this.db
        .select(colunas)
        .from(lote)
        .where(sql`${lote.id} = any(${`{${parte.join(',')}}`}::int[])`)) as Linha[];
      for (const l of linhas) {
        const ix = alvos.get(l.hotsiteId);
        if (ix?.aplicar(l)) ix.versao++;
        nomeados.delete(l.id);
      }
    }
    for (const [id, ix] of nomeados) if (ix.remover(id)) ix.versao++;
    this.posicao = avancar(
      pos,
      alteracoes.map((a) => a.seq),
      inst,
    );
    this.ultimaLeitura = Date.now();
    if (Date.now() - this.ultimaPoda > PODA.aCadaMs) {
      this.ultimaPoda = Date.now();
      // Not awaited: no search waits for it, and a failed one is retried a minute later.
      this.db.execute(sql`delete from lote_alteracao where em < clock_timestamp() - ${PODA.idade}::interval`).catch(() => undefined);
    }
  }

  /** Puts a loaded index in service; the next feed read starts back where its load began. */
  private instalar(hotsiteId: number, { ix, inicio }: { ix: IndiceDaMarca; inicio: PosicaoFeed }) {
    this.epoca++;
    this.prontas.set(hotsiteId, ix);
    this.inicios.push(inicio);
    return ix;
  }

  /** The brand's index, loaded on first use and rebuilt in the background when old. */
  async marca(hotsiteId: number): Promise<IndiceDaMarca> {
    if (this.prontas.size > 0 && Date.now() - this.ultimaLeitura > FEED_OCIOSO_MS) {
      // Feed rows this instance never read may have been pruned: start over.
      this.prontas.clear();
      this.epoca++;
      this.posicao = null;
      this.inicios = [];
      this.ouvintes.aoRecomecar?.();
    }
    const pronta = this.prontas.get(hotsiteId);
    if (pronta) {
      if (Date.now() - pronta.criadoEm > RECONSTRUIR_APOS_MS && !this.reconstruindo.has(hotsiteId)) {
        // Rebuild in the background; keep answering from the current one until it is ready.
        this.reconstruindo.add(hotsiteId);
        this.carregar(hotsiteId)
          .then(
            (carga) => this.instalar(hotsiteId, carga),
            // A failed rebuild leaves the current index answering; the next search past the age tries again.
            () => undefined,
          )
          .finally(() => this.reconstruindo.delete(hotsiteId));
      }
      return pronta;
    }
    let primeira = this.carregando.get(hotsiteId);
    if (!primeira) {
      primeira = this.carregar(hotsiteId)
        .then((carga) => {
          this.ultimaLeitura = Date.now();
          return this.instalar(hotsiteId, carga);
        })
        .finally(() => this.carregando.delete(hotsiteId));
      this.carregando.set(hotsiteId, primeira);
    }
    return primeira;
  }

  /**
   * Whether the brand's index can answer now, waiting at most `ms` for its first load (which this call
   * starts if needed). A big brand's first load takes seconds after a restart; its searches meanwhile go
   * to SQL instead of queueing behind it.
   */
  async prontaEm(hotsiteId: number, ms: number): Promise<boolean> {
    if (this.prontas.has(hotsiteId)) return true;
    const carga = this.marca(hotsiteId).then(
      () => true,
      () => false,
    );
    if (ms <= 0) return false;
    let relogio: NodeJS.Timeout | undefined;
    const limite = new Promise<boolean>((r) => (relogio = setTimeout(() => r(false), ms)));
    return Promise.race([carga, limite]).finally(() => clearTimeout(relogio));
  }

  private async carregar(hotsiteId: number): Promise<{ ix: IndiceDaMarca; inicio: PosicaoFeed }> {
    this.cargas++;
    // The feed position is read before the lots' snapshot: whatever commits after it is read again by atualizar().
    const inicio = await inicioDoFeed(this.db);
    const ix = new IndiceDaMarca(hotsiteId, Date.now());
    // In pages by id (decision 298): a brand of a million lots was one result of a million row objects,
    // over 2 GB of RSS at its peak, applied in one stretch that held every other request. Each page is let
    // go once applied, and requests are served between pages. Pages read at different instants are still
    // one consistent index: whatever changed after `inicio` is in the feed and read again by atualizar().
    for (let depois = 0; ;) {
      const linhas = (await this.db
        .select(colunas)
        .from(lote)
        .where(and(eq(lote.hotsiteId, hotsiteId), inArray(lote.situacao, [...SITUACOES_LISTAVEIS]), gt(lote.id, depois)))
        .orderBy(lote.id)
        .limit(this.lotesPorCarga)) as Linha[];
      for (const l of linhas) ix.aplicar(l);
      if (linhas.length < this.lotesPorCarga) break;
      depois = linhas[linhas.length - 1].id;
      await new Promise((r) => setImmediate(r));
    }
    return { ix, inicio };
  }
}

export type IndiceDeBusca = IndiceDoBanco;
/** Built once per process (createMartelo) and handed down through the context, never kept by this module. */
export const criarIndiceDeBusca = (db: Db, ouvintes?: OuvintesDoFeed, lotesPorCarga?: number): IndiceDeBusca =>
  new IndiceDoBanco(db, ouvintes, lotesPorCarga);

/** Who else reads the lots the change feed names (the card cache). */
export interface OuvintesDoFeed {
  /** Lots changed (or named again, harmlessly) by a feed read, before the searches waiting for it go on. */
  aoAlterar?: (loteIds: number[]) => void;
  /** The instance's feed position was reset: whatever was derived from earlier reads goes. */
  aoRecomecar?: () => void;
}

/** Whether the index can answer these filters (it holds the listable lots only). */
export const indiceAtende = (filtros: Filtros) => !filtros.situacao?.length || filtros.situacao.every((s) => LISTAVEIS.has(s));

/** Page of ids, total and (optionally) facet counts, from the brand's index, fresh as of this call. */
export async function consultarIndice(
  banco: IndiceDeBusca,
  hotsiteId: number,
  filtros: Filtros,
  opcoes: { ordenacao: Ordenacao[]; de: number; tamanho: number; comFacetas: boolean; desde?: number },
): Promise<ResultadoIndice> {
  banco.consultas++;
  await banco.marca(hotsiteId);
  await banco.atualizar(opcoes.desde);
  // Asked again after the changes were read: a rebuilt index may have been swapped in meanwhile.
  const ix = await banco.marca(hotsiteId);
  // Each cached answer is good on the data it was made on (`versao`: any change to a listable lot of the
  // brand bumps it) until the first end of a lot it counts (ResultadoIndice.ate): a lot whose end passes
  // leaves the lists with no change to the data, but only the answers that counted it change.
  const chave = JSON.stringify(filtros);
  const agora = Date.now();
  const guardadas = ix.recentes.get(chave);
  // Facets already counted for these filters (by any earlier search): reused, not counted again.
  const recente = guardadas && guardadas.versao === ix.versao && agora < guardadas.ate ? guardadas : undefined;
  // The same page of the same search: reused (the default list of a brand is asked for by every
  // visitor; a page of 100,000 lots costs milliseconds).
  const chavePagina = opcoes.tamanho > 0 ? `${chave}|${JSON.stringify(opcoes.ordenacao)}|${opcoes.de}|${opcoes.tamanho}` : null;
  const guardada = chavePagina ? ix.paginas.get(chavePagina) : undefined;
  const pagina = guardada && guardada.versao === ix.versao && agora < guardada.ate ? guardada : undefined;
  const guardarPagina = (r: ResultadoIndice) => {
    if (!chavePagina) return;
    if (ix.paginas.size >= 500) ix.paginas.delete(ix.paginas.keys().next().value!);
    ix.paginas.set(chavePagina, { versao: ix.versao, ate: r.ate, total: r.total, ids: r.ids });
  };
  if (opcoes.comFacetas && recente) {
    const { facetas } = recente;
    if (opcoes.tamanho === 0) return { total: recente.total, ids: [], facetas, ate: recente.ate };
    if (pagina) return { total: pagina.total, ids: pagina.ids, facetas, ate: Math.min(pagina.ate, recente.ate) };
    const r = consultar(ix, filtros, { ...opcoes, comFacetas: false });
    guardarPagina(r);
    return { ...r, facetas, ate: Math.min(r.ate, recente.ate) };
  }
  if (!opcoes.comFacetas && pagina) return { total: pagina.total, ids: pagina.ids, ate: pagina.ate };
  const r = consultar(ix, filtros, opcoes);
  guardarPagina(r);
  // Counted facets are kept for the next search with the same filters on the same data.
  if (r.facetas) {
    if (ix.recentes.size >= 200) ix.recentes.delete(ix.recentes.keys().next().value!);
    ix.recentes.set(chave, { versao: ix.versao, ate: r.ate, total: r.total, facetas: r.facetas });
  }
  return r;
}
