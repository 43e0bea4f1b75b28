import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { setImmediate } from 'node:timers/promises';
import { and, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type ExcelJS from 'exceljs';
import { exceljs } from '~/utils/bibliotecas.server';
import Papa from 'papaparse';
import { z } from 'zod';
import type { Db, Tx } from '@db/client.server';
import { comitente, leilao, leilaoLote, lote, patio, veiculo, veiculoTipo } from '@db/schema';
import { registrarAlteracao } from '~/modules/identidade/permissoes-marca.server';
import type { UsuarioLogado } from '~/modules/identidade/guard.server';
import type { Hub } from '~/realtime/hub.server';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { comoPublicado, MENSAGEM_LEILAO_NAO_ENCONTRADO, type LinhaLote } from './leiloes.server';
import {
  mapearCabecalho,
  marcarRepetidas,
  MAXIMO_CARACTERES_CELULA,
  MAXIMO_COLUNAS_IMPORTACAO,
  MAXIMO_LINHAS_IMPORTACAO,
  validarLinha,
  type LinhaImportada,
  type Referencias,
} from './importacao-linhas.server';
import { publicarLotes } from './publicacao.server';
import { MENSAGEM_XLSX_INVALIDO, partesDoXlsx } from './xlsx-partes.server';
import { comitentesVisiveis, marcaPorNome } from './veiculos.server';

/*
 * Bulk import of vehicles and lots into an auction (issue #13, docs/backoffice.md). The file is read
 * and every row validated first (the preview: a pt-BR error per row); the valid rows are then imported
 * in batches, each batch one transaction, so the page can show progress and a failure loses at most
 * one batch. Re-running the same file is harmless: a vehicle is matched by chassis, else plate, and
 * updated; its lot in this auction is updated instead of created again.
 */

export const IMPORTACAO_BYTES_MAXIMO = 10_000_000;
export const LOTE_DE_IMPORTACAO = 500;

/**
 * The longest a read or a validation holds the event loop before letting other requests in. Short, as
 * a page of another brand needs a turn of the loop for each of its steps (queries, render).
 */
const FATIA_MS = 10;

/** A check to await once per row: it yields to the event loop when this work has run FATIA_MS. */
function fatiador() {
  let inicio = performance.now();
  return async () => {
    if (performance.now() - inicio < FATIA_MS) return;
    await setImmediate();
    inicio = performance.now();
  };
}
/** Bytes handed to a parser at a time. */
const BYTES_POR_PEDACO = 64 * 1024;

function* pedacos(conteudo: Buffer) {
  for (let i = 0; i < conteudo.length; i += BYTES_POR_PEDACO) yield conteudo.subarray(i, i + BYTES_POR_PEDACO);
}

/** One cell as text: rich text and hyperlinks by their text, formulas by their result, dates in ISO. */
function textoDaCelula(v: ExcelJS.CellValue): string {
  if (v == null) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v !== 'object') return String(v);
  if ('richText' in v) return v.richText.map((p) => p.text).join('');
  if ('text' in v) return String(v.text);
  if ('result' in v) return v.result instanceof Date ? v.result.toISOString() : String(v.result ?? '');
  return '';
}

/** The two parse steps of exceljs' WorkbookReader (4.4) that read text: shared strings and sheets. */
interface LeitorInterno {
  _parseSharedStrings(entrada: NodeJS.ReadableStream): AsyncGenerator<unknown>;
  _parseWorksheet(pedacos: AsyncIterable<Buffer>, folha: string): Generator<unknown>;
}

/**
 * exceljs decodes each inflated piece of XML on its own, so a character of two bytes split between two
 * pieces ('ó' in "Automóvel") comes out as two replacement characters. Its parser takes strings as they
 * come: the pieces are decoded here, a character split between two pieces kept whole.
 */
function decodificarEmFluxo(leitor: LeitorInterno) {
  const textos = async function* (pedacos: AsyncIterable<Buffer>) {
    const decodificador = new StringDecoder('utf8');
    for await (const pedaco of pedacos) yield decodificador.write(pedaco);
    yield decodificador.end();
  };
  const compartilhadas = leitor._parseSharedStrings.bind(leitor);
  const folha = leitor._parseWorksheet.bind(leitor);
  leitor._parseSharedStrings = (entrada) => compartilhadas(entrada.setEncoding('utf8'));
  leitor._parseWorksheet = (pedacos, n) => folha(textos(pedacos) as unknown as AsyncIterable<Buffer>, n);
}

/** The first sheet's non-empty rows, streamed (xlsx-partes.server.ts bounds what the zip expands to). */
async function* linhasDoXlsx(conteudo: Buffer): AsyncGenerator<string[]> {
  const zip = await partesDoXlsx(conteudo);
  const entrada = Readable.from(pedacos(zip), { highWaterMark: 1 });
  const leitor = new (await exceljs()).stream.xlsx.WorkbookReader(entrada, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache' });
  // Without these the reader would park a sheet in a temporary file until it has seen them; a workbook
  // without shared strings or relationships has nothing to wait for.
  Object.assign(leitor, { sharedStrings: [], workbookRels: [] });
  decodificarEmFluxo(leitor as unknown as LeitorInterno);
  try {
    for await (const folha of leitor) {
      for await (const row of folha) {
        if (!row.hasValues) continue;
        const valores: string[] = [];
        row.eachCell({ includeEmpty: true }, (cell, col) => {
          valores[col - 1] = textoDaCelula(cell.value);
        });
        yield Array.from(valores, (x) => x ?? '');
      }
      return;
    }
  } catch (e) {
    throw e instanceof ErroHttp ? e : new ErroHttp(400, MENSAGEM_XLSX_INVALIDO);
  } finally {
    entrada.destroy();
  }
}

/** A CSV's non-empty rows (; , or tab, guessed), decoded and parsed a piece at a time. */
async function* linhasDoCsv(conteudo: Buffer): AsyncGenerator<string[]> {
  const decodificador = new StringDecoder('utf8');
  let primeiro = true;
  const textos = function* () {
    for (const pedaco of pedacos(conteudo)) {
      let texto = decodificador.write(pedaco);
      if (primeiro) texto = texto.replace(/^\uFEFF/, '');
      primeiro = false;
      if (texto.includes('\u0000')) throw new ErroHttp(400, 'Arquivo CSV inválido: use texto UTF-8');
      if (texto) yield texto;
    }
    const resto = decodificador.end();
    if (resto) yield resto;
  };
  // One piece at a time: the parser asks for the next only when it has room, so a read stopped at a
  // limit has decoded little past it.
  const entrada = Readable.from(textos(), { highWaterMark: 1 });
  const saida = Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: 'greedy', delimitersToGuess: [';', ',', '\t'] });
  entrada.on('error', (e) => saida.destroy(e));
  entrada.pipe(saida);
  try {
    for await (const linha of saida as AsyncIterable<string[]>) yield linha;
  } finally {
    entrada.destroy();
    saida.destroy();
  }
}

/**
 * The sheet's rows as objects keyed by our field names, from CSV (; or ,) or XLSX, read as a stream: the
 * read stops at the first row past a limit (rows, columns, characters in a cell) instead of loading the
 * whole file first, and yields to the event loop every FATIA_MS.
 */
export async function lerPlanilha({ nome, conteudo }: { nome: string; conteudo: Buffer }) {
  const xlsx = /\.xlsx$/i.test(nome) || conteudo.subarray(0, 2).toString('latin1') === 'PK';
  let cabecalho: ReturnType<typeof mapearCabecalho> | null = null;
  const linhas: Record<string, string>[] = [];
  let lidas = 0;
  const ceder = fatiador();
  for await (const valores of xlsx ? linhasDoXlsx(conteudo) : linhasDoCsv(conteudo)) {
    lidas += 1;
    await ceder();
    if (valores.length > MAXIMO_COLUNAS_IMPORTACAO)
      throw new ErroHttp(400, `Linha ${lidas}: no máximo ${MAXIMO_COLUNAS_IMPORTACAO} colunas por planilha`);
    if (valores.some((v) => v.length > MAXIMO_CARACTERES_CELULA))
      throw new ErroHttp(400, `Linha ${lidas}: uma célula passa de ${MAXIMO_CARACTERES_CELULA} caracteres`);
    if (!cabecalho) {
      cabecalho = mapearCabecalho(valores);
      if (cabecalho.faltando.length) throw new ErroHttp(400, `Colunas obrigatórias ausentes: ${cabecalho.faltando.join(', ')}`);
      continue;
    }
    if (linhas.length === MAXIMO_LINHAS_IMPORTACAO) throw new ErroHttp(400, `No máximo ${MAXIMO_LINHAS_IMPORTACAO} linhas por importação`);
    const o: Record<string, string> = {};
    cabecalho.campos.forEach((c, i) => {
      if (c) o[c] = String(valores[i] ?? '').trim();
    });
    linhas.push(o);
  }
  if (!cabecalho || !linhas.length) throw new ErroHttp(400, 'A planilha precisa de um cabeçalho e ao menos uma linha');
  return { linhas, desconhecidas: cabecalho.desconhecidas };
}

/** Types (by name or id), yards and sellers of the brand, as the row validation reads them. */
export async function referenciasDaImportacao({
  db,
  hotsiteId,
  comitentes,
}: {
  db: Db;
  hotsiteId: number;
  comitentes: readonly number[] | 'todos';
}): Promise<Referencias> {
  const [tipos, patios, coms] = await Promise.all([
    db.select({ id: veiculoTipo.id, nome: veiculoTipo.nome }).from(veiculoTipo),
    db.select({ id: patio.id, nome: patio.nome }).from(patio).where(eq(patio.hotsiteId, hotsiteId)),
    db.select({ id: comitente.id, nome: comitente.nomeSite }).from(comitente).where(eq(comitente.hotsiteId, hotsiteId)),
  ]);
  return {
    tipos: new Map([...tipos.map((t) => [t.nome.toLowerCase(), t.id] as const), ...tipos.map((t) => [String(t.id), t.id] as const)]),
    patios: new Map(patios.map((p) => [p.nome.toLowerCase(), p.id])),
    comitentes: new Map(coms.filter((c) => comitentes === 'todos' || comitentes.includes(c.id)).map((c) => [c.nome.toLowerCase(), c.id])),
  };
}

/** The preview: every row validated, nothing written. `primeiraLinha` numbers rows as in the sheet. */
export async function validarLinhas({
  db,
  hotsiteId,
  usuario,
  linhas,
  primeiraLinha = 2,
}: {
  db: Db;
  hotsiteId: number;
  usuario: Pick<UsuarioLogado, 'id' | 'papeis'>;
  linhas: readonly Record<string, unknown>[];
  primeiraLinha?: number;
}) {
  const comitentes = await comitentesVisiveis({ db, hotsiteId, usuario });
  const refs = await referenciasDaImportacao({ db, hotsiteId, comitentes });
  // About 0.15 ms a row: 20,000 rows in one go would hold the event loop for seconds.
  const lidas: LinhaImportada[] = [];
  const ceder = fatiador();
  for (const [i, l] of linhas.entries()) {
    await ceder();
    lidas.push(validarLinha(l, primeiraLinha + i, refs));
  }
  const validadas = marcarRepetidas(lidas);
  return comitentes === 'todos'
    ? validadas
    : validadas.map((l) =>
        l.ok && !l.veiculo.comitenteId ? { linha: l.linha, ok: false as const, erros: ['Informe o comitente do veículo'] } : l,
      );
}

type Valida = Extract<LinhaImportada, { ok: true }>;

/** Imports valid rows into the auction, one transaction per batch of LOTE_DE_IMPORTACAO. */
export async function importarLinhas({
  db,
  hub,
  hotsiteId,
  usuarioId,
  leilaoId,
  linhas,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  usuarioId: number;
  leilaoId: number;
  linhas: readonly Valida[];
}) {
  const [l] = await db
    .select({ situacao: leilao.situacao, data: leilao.data, intervalo: leilao.intervaloEntreLotesSegundos })
    .from(leilao)
    .where(and(eq(leilao.hotsiteId, hotsiteId), eq(leilao.id, leilaoId)));
  if (!l) throw naoEncontrado(MENSAGEM_LEILAO_NAO_ENCONTRADO);
  if (!['EM_LOTEAMENTO', 'CRIADO', 'PRONTO', 'AO_VIVO'].includes(l.situacao))
    throw new ErroHttp(409, 'Leilão encerrado ou cancelado não recebe lotes');
  const marcas = new Map<string, number>();
  let criados = 0;
  let atualizados = 0;
  const publicar: LinhaLote[] = [];
  for (let i = 0; i < linhas.length; i += LOTE_DE_IMPORTACAO) {
    const parte = linhas.slice(i, i + LOTE_DE_IMPORTACAO);
    const r = await db.transaction((tx) => importarParte(tx, { hotsiteId, leilaoId, leilao: l, linhas: parte, marcas }));
    criados += r.criados;
    atualizados += r.atualizados;
    publicar.push(...r.publicar);
  }
  await registrarAlteracao(db, {
    hotsiteId,
    usuarioId,
    entidade: 'leilao',
    entidadeId: leilaoId,
    acao: 'alterou',
    detalhes: { importacao: { criados, atualizados } },
  });
  await publicarLotes(hub, hotsiteId, publicar.map(comoPublicado));
  return { criados, atualizados };
}

async function importarParte(
  tx: Tx,
  {
    hotsiteId,
    leilaoId,
    leilao: l,
    linhas,
    marcas,
  }: {
    hotsiteId: number;
    leilaoId: number;
    leilao: { situacao: string; data: Date; intervalo: number };
    linhas: readonly Valida[];
    marcas: Map<string, number>;
  },
) {
  // The auction row lock serialises imports and lot numbering in one auction.
  await tx.select({ id: leilao.id }).from(leilao).where(eq(leilao.id, leilaoId)).for('update');
  for (const x of linhas) {
    const nome = x.veiculo.marcaNome;
    if (nome && !x.veiculo.marcaId && !marcas.has(nome.toLowerCase())) marcas.set(nome.toLowerCase(), await marcaPorNome(tx, nome));
  }
  const chassis = linhas.map((x) => x.chave.chassi).filter((c): c is string => !!c);
  const placas = linhas.map((x) => x.chave.placa).filter((c): c is string => !!c);
  const existentes = await tx
    .select({ id: veiculo.id, chassi: veiculo.chassi, placa: veiculo.placa })
    .from(veiculo)
    .where(
      and(
        eq(veiculo.hotsiteId, hotsiteId),
        or(chassis.length ? inArray(veiculo.chassi, chassis) : undefined, placas.length ? inArray(veiculo.placa, placas) : undefined),
      ),
    );
  const porChassi = new Map(existentes.filter((e) => e.chassi).map((e) => [e.chassi!, e.id]));
  const porPlaca = new Map(existentes.filter((e) => e.placa).map((e) => [e.placa!, e.id]));
  const idDe = (x: Valida) =>
    (x.chave.chassi ? porChassi.get(x.chave.chassi) : undefined) ?? (x.chave.placa ? porPlaca.get(x.chave.placa) : undefined);
  const colunas = (x: Valida) => {
    const { marcaNome, ...v } = x.veiculo;
    return { ...v, marcaId: v.marcaId ?? (marcaNome ? marcas.get(marcaNome.toLowerCase())! : null) };
  };

  // Vehicles: update the matched ones in one statement, insert the rest in another.
  const veiculoDaLinha = new Map<Valida, number>();
  const atualizarVeiculos: Record<string, unknown>[] = [];
  for (const x of linhas) {
    const id = idDe(x);
    if (id) {
      atualizarVeiculos.push({ id, ...colunas(x), updatedAt: new Date() });
      veiculoDaLinha.set(x, id);
    }
  }
  await atualizarEmLote(tx, veiculo, hotsiteId, atualizarVeiculos);
  const novos = linhas.filter((x) => !veiculoDaLinha.has(x));
  if (novos.length) {
    const ids = await tx
      .insert(veiculo)
      .values(novos.map((x) => ({ hotsiteId, ...colunas(x) })))
      .returning({ id: veiculo.id });
    novos.forEach((x, k) => veiculoDaLinha.set(x, ids[k].id));
  }

  // The search copy of each vehicle (type category, make, yard) in one query.
  const veiculoIds = [...new Set(veiculoDaLinha.values())];
  const { rows: copias } = (await tx.execute(sql`
    SELECT v.id, v.nome, v.modelo, v.ano_modelo, v.combustivel, v.cor, v.retomada, v.km, v.comitente_id, v.patio_id,
           v.veiculo_tipo_id, t.categoria, m.nome AS marca_nome, p.cidade, p.estado_uf
      FROM veiculo v JOIN veiculo_tipo t ON t.id = v.veiculo_tipo_id
      LEFT JOIN marca m ON m.id = v.marca_id LEFT JOIN patio p ON p.id = v.patio_id
     WHERE v.hotsite_id = ${hotsiteId} AND v.id IN (${sql.join(
       veiculoIds.map((i) => sql`${i}`),
       sql`, `,
     )})`)) as unknown as { rows: Record<string, unknown>[] };
  const copia = new Map(
    copias.map((c) => [
      c.id as number,
      {
        nome: c.nome as string,
        comitenteId: c.comitente_id as number | null,
        patioId: c.patio_id as number | null,
        categoria: c.categoria as 'Carros',
        veiculoTipoId: c.veiculo_tipo_id as number,
        marcaNome: c.marca_nome as string | null,
        modelo: c.modelo as string,
        anoModelo: c.ano_modelo as number | null,
        combustivel: c.combustivel as string | null,
        cor: c.cor as string | null,
        retomada: c.retomada as string | null,
        km: c.km as number | null,
        localizacaoCidade: c.cidade as string | null,
        localizacaoUf: c.estado_uf as string | null,
        localizacaoExterna: !c.patio_id,
      },
    ]),
  );

  // Lots: the vehicle's lot in this auction is updated; otherwise a new lot at the next position.
  const lotesExistentes = await tx
    .select({ id: lote.id, veiculoId: lote.veiculoId })
    .from(lote)
    .where(and(eq(lote.hotsiteId, hotsiteId), eq(lote.leilaoId, leilaoId), inArray(lote.veiculoId, veiculoIds)));
  const loteDoVeiculo = new Map(lotesExistentes.map((x) => [x.veiculoId, x.id]));
  const [{ ultima }] = (
    (await tx.execute(
      sql`SELECT coalesce(max(ordem_leilao), 0)::int AS ultima FROM leilao_lote WHERE leilao_id = ${leilaoId}`,
    )) as unknown as {
      rows: { ultima: number }[];
    }
  ).rows;
  let proxima = ultima;
  const liberado = l.situacao === 'PRONTO' || l.situacao === 'AO_VIVO';
  const agora = Date.now();
  const valores = (x: Valida) => ({
    minimo: x.lote.minimo,
    incremento: x.lote.incremento,
    valorComitente: x.lote.valorComitente ?? null,
    compreJa: x.lote.compreJa ?? null,
    comissaoPorcentagem: x.lote.comissaoPorcentagem,
    comissaoExtraPorcentagem: x.lote.comissaoExtraPorcentagem,
    despachante: x.lote.despachante,
    outros: x.lote.outros,
    remocao: x.lote.remocao,
    depositoDeBens: x.lote.depositoDeBens,
    vistoria: x.lote.vistoria,
    tipo: x.lote.tipo,
    somenteBuyNowProposta: x.lote.tipo !== 'Disputa',
  });
  const atualizadosIds: number[] = [];
  const atualizarLotes: Record<string, unknown>[] = [];
  const novosLotes: { x: Valida; veiculoId: number; ordem: number }[] = [];
  for (const x of linhas) {
    const veiculoId = veiculoDaLinha.get(x)!;
    const existente = loteDoVeiculo.get(veiculoId);
    if (existente) {
      atualizarLotes.push({
        id: existente,
        ...copia.get(veiculoId)!,
        ...valores(x),
        ...(x.lote.descricao ? { descricao: x.lote.descricao } : {}),
      });
      atualizadosIds.push(existente);
    } else {
      const ordem = x.lote.ordem ?? ++proxima;
      proxima = Math.max(proxima, ordem);
      novosLotes.push({ x, veiculoId, ordem });
      loteDoVeiculo.set(veiculoId, -1);
    }
  }
  await atualizarEmLote(tx, lote, hotsiteId, atualizarLotes, sql`sequencia = t.sequencia + 1`);
  if (novosLotes.length) {
    const ids = await tx
      .insert(lote)
      .values(
        novosLotes.map(({ x, veiculoId, ordem }) => ({
          hotsiteId,
          veiculoId,
          leilaoId,
          ...copia.get(veiculoId)!,
          ...valores(x),
          ...(x.lote.descricao ? { descricao: x.lote.descricao } : {}),
          situacao: liberado ? ('LIBERADO_LEILAO' as const) : ('CADASTRADO' as const),
          numero: String(ordem).padStart(3, '0'),
          dataInicio: liberado ? new Date(agora) : null,
          dataFim: new Date(Math.max(l.data.getTime() + ordem * l.intervalo * 1000, agora + 60_000)),
        })),
      )
      .returning({ id: lote.id });
    await tx.insert(leilaoLote).values(
      novosLotes.map(({ ordem }, k) => ({
        hotsiteId,
        leilaoId,
        loteId: ids[k].id,
        situacao: liberado ? ('LIBERADO_LEILAO' as const) : ('CADASTRADO' as const),
        ordemLeilao: ordem,
      })),
    );
  }
  let publicar: LinhaLote[] = [];
  if (atualizadosIds.length) {
    const { rows } = (await tx.execute(sql`
      SELECT l.id, v.uid AS vei_uid, l.situacao, l.data_fim, l.minimo, l.incremento, l.ultimo_lance_valor, l.sequencia
        FROM lote l JOIN veiculo v ON v.id = l.veiculo_id
       WHERE l.hotsite_id = ${hotsiteId} AND l.id IN (${sql.join(
         atualizadosIds.map((i) => sql`${i}`),
         sql`, `,
       )})`)) as unknown as { rows: LinhaLote[] };
    publicar = rows;
  }
  return { criados: novosLotes.length, atualizados: atualizadosIds.length, publicar };
}

/**
 * One UPDATE for many rows of a table: each row's values travel as JSON and
 * `jsonb_populate_recordset(null::tabela, …)` turns them into the table's own column types. A column is
 * set only on rows that carry it (COALESCE over a "has key" test), so an absent value is left alone.
 */
async function atualizarEmLote(
  tx: Tx,
  tabela: typeof veiculo | typeof lote,
  hotsiteId: number,
  linhas: Record<string, unknown>[],
  extra?: ReturnType<typeof sql>,
) {
  if (!linhas.length) return;
  // The schema is written in camelCase; the database (casing: snake_case) names columns in snake_case.
  const definidas = getTableColumns(tabela) as Record<string, { name: string }>;
  const colunas = Object.fromEntries(Object.entries(definidas).map(([k, c]) => [k, { name: toSnakeCase(c.name) }]));
  const chaves = [...new Set(linhas.flatMap((l) => Object.keys(l)))].filter((k) => k !== 'id' && colunas[k]);
  const json = linhas.map((l) =>
    Object.fromEntries([['id', l.id], ...chaves.filter((k) => k in l).map((k) => [colunas[k].name, l[k] ?? null])]),
  );
  const atribuicoes = chaves.map((k) => {
    const c = sql.identifier(colunas[k].name);
    return sql`${c} = CASE WHEN x.j ? ${colunas[k].name} THEN (x.r).${c} ELSE t.${c} END`;
  });
  if (extra) atribuicoes.push(extra);
  await tx.execute(sql`
    UPDATE ${tabela} t SET ${sql.join(atribuicoes, sql`, `)}
      FROM (SELECT j, jsonb_populate_record(null::${tabela}, j) AS r FROM jsonb_array_elements(${JSON.stringify(json)}::jsonb) j) x
     WHERE t.id = (x.r).id AND t.hotsite_id = ${hotsiteId}`);
}

/** The API's body: rows keyed by column name (as the sheet's header), or only validated (preview). */
export const importacaoApiSchema = z.object({
  linhas: z
    .array(z.record(z.string().max(60), z.union([z.string().max(5000), z.number(), z.boolean(), z.null()])))
    .min(1, 'Envie ao menos uma linha')
    .max(2000, 'No máximo 2000 linhas por chamada'),
  apenasValidar: z.boolean().default(false),
});

/** Rows keyed by sheet column names → keyed by our field names (the API takes the sheet's names). */
export function linhasComCampos(linhas: readonly Record<string, unknown>[]) {
  return linhas.map((l) => {
    const chaves = Object.keys(l);
    const { campos } = mapearCabecalho(chaves);
    const o: Record<string, unknown> = {};
    chaves.forEach((k, i) => {
      if (campos[i]) o[campos[i]!] = l[k];
    });
    return o;
  });
}
