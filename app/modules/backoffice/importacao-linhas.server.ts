import { z } from 'zod';
import { porcentagemDoFormulario } from '~/modules/dominio/campos';
import { centavosDoTexto } from '~/utils/numeros';
import { loteValoresSchema, type LoteValores } from './lotes.server';
import { veiculoSchema, type VeiculoEntrada } from './veiculos.server';

/*
 * One row of the bulk import (CSV or XLSX) → a vehicle and its lot, or the row's errors in pt-BR.
 * Pure: the references (types, yards) come in as maps; importacao.server.ts does the I/O.
 * Money columns are in reais as people type them ("15.000,00" or "15000"); percentages in percent.
 */

/** Column names as people write them → our field names (lowercase, no accents, no spaces). */
const COLUNAS: Record<string, string> = {
  tipo: 'tipo',
  tipoveiculo: 'tipo',
  marca: 'marcaNome',
  modelo: 'modelo',
  versao: 'versao',
  nome: 'nome',
  anofabricacao: 'anoFabricacao',
  anofab: 'anoFabricacao',
  anomodelo: 'anoModelo',
  ano: 'anoModelo',
  cor: 'cor',
  placa: 'placa',
  chassi: 'chassi',
  renavam: 'renavam',
  km: 'km',
  quilometragem: 'km',
  combustivel: 'combustivel',
  cambio: 'cambio',
  possuichave: 'possuiChave',
  chave: 'possuiChave',
  retomada: 'retomada',
  valormercado: 'valorMercado',
  patio: 'patio',
  comitente: 'comitente',
  minimo: 'minimo',
  valorminimo: 'minimo',
  incremento: 'incremento',
  valorcomitente: 'valorComitente',
  compreja: 'compreJa',
  comissao: 'comissaoPorcentagem',
  comissaoextra: 'comissaoExtraPorcentagem',
  despachante: 'despachante',
  outros: 'outros',
  remocao: 'remocao',
  depositodebens: 'depositoDeBens',
  vistoria: 'vistoria',
  posicao: 'ordem',
  ordem: 'ordem',
  modovenda: 'tipoNegociacao',
  tiponegociacao: 'tipoNegociacao',
  descricao: 'descricao',
  informacaocomplementar: 'informacaoComplementar',
};

export const normalizarColuna = (c: string) =>
  c
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

export const MAXIMO_LINHAS_IMPORTACAO = 20_000;
/** More columns than any sheet of ours has (COLUNAS names about 40). */
export const MAXIMO_COLUNAS_IMPORTACAO = 100;
/** The longest cell the import keeps, as the import step and the API take it. */
export const MAXIMO_CARACTERES_CELULA = 5000;
export const COLUNAS_OBRIGATORIAS = ['tipo', 'modelo', 'minimo', 'incremento'] as const;

/** Our field names for a sheet's header; unknown columns are ignored (and reported). */
export function mapearCabecalho(cabecalho: readonly string[]) {
  const campos = cabecalho.map((c) => COLUNAS[normalizarColuna(c)] ?? null);
  const desconhecidas = cabecalho.filter((_, i) => !campos[i] && cabecalho[i].trim());
  const faltando = COLUNAS_OBRIGATORIAS.filter((o) => !campos.includes(o));
  return { campos, desconhecidas, faltando };
}

export interface Referencias {
  /** Vehicle type by lowercase name or id as text. */
  tipos: ReadonlyMap<string, number>;
  /** The brand's yards by lowercase name. */
  patios: ReadonlyMap<string, number>;
  /** The brand's sellers by lowercase name. */
  comitentes: ReadonlyMap<string, number>;
}

export type LinhaImportada =
  | { linha: number; ok: true; chave: { chassi: string | null; placa: string | null }; veiculo: VeiculoEntrada; lote: LoteValores }
  | { linha: number; ok: false; erros: string[] };

const ROTULOS: Record<string, string> = {
  nome: 'nome',
  modelo: 'modelo',
  veiculoTipoId: 'tipo',
  anoFabricacao: 'anoFabricacao',
  anoModelo: 'anoModelo',
  placa: 'placa',
  chassi: 'chassi',
  renavam: 'renavam',
  km: 'km',
  valorMercado: 'valorMercado',
  minimo: 'minimo',
  incremento: 'incremento',
  compreJa: 'compreJa',
  valorComitente: 'valorComitente',
  tipo: 'modoVenda',
  ordem: 'posicao',
};

const texto = (v: unknown) => (v == null ? '' : String(v).trim());

/** Validates one row (an object keyed by our field names); `linha` is its number in the sheet. */
export function validarLinha(bruta: Readonly<Record<string, unknown>>, linha: number, refs: Referencias): LinhaImportada {
  const erros: string[] = [];
  const tipoTexto = texto(bruta.tipo).toLowerCase();
  const veiculoTipoId = tipoTexto ? refs.tipos.get(tipoTexto) : undefined;
  if (!tipoTexto) erros.push('Informe o tipo do veículo');
  else if (!veiculoTipoId) erros.push(`Tipo de veículo desconhecido: ${texto(bruta.tipo)}`);
  const patioTexto = texto(bruta.patio).toLowerCase();
  const patioId = patioTexto ? refs.patios.get(patioTexto) : undefined;
  if (patioTexto && !patioId) erros.push(`Pátio não encontrado: ${texto(bruta.patio)}`);
  const comitenteTexto = texto(bruta.comitente).toLowerCase();
  const comitenteId = comitenteTexto ? refs.comitentes.get(comitenteTexto) : undefined;
  if (comitenteTexto && !comitenteId) erros.push(`Comitente não encontrado: ${texto(bruta.comitente)}`);

  const marca = texto(bruta.marcaNome);
  const modelo = texto(bruta.modelo);
  const versao = texto(bruta.versao);
  const nome = texto(bruta.nome) || [marca, modelo, versao].filter(Boolean).join(' ');
  const chave = texto(bruta.possuiChave).toLowerCase();
  const v = veiculoSchema.safeParse({
    nome,
    modelo,
    versao,
    veiculoTipoId: veiculoTipoId ?? 0,
    marcaNome: marca,
    patioId: patioId ?? null,
    comitenteId: comitenteId ?? null,
    anoFabricacao: texto(bruta.anoFabricacao),
    anoModelo: texto(bruta.anoModelo),
    cor: texto(bruta.cor),
    placa: texto(bruta.placa),
    chassi: texto(bruta.chassi),
    renavam: texto(bruta.renavam),
    km: texto(bruta.km),
    combustivel: texto(bruta.combustivel),
    cambio: texto(bruta.cambio),
    possuiChave: chave ? ['sim', 's', 'true', '1', 'x'].includes(chave) : null,
    retomada: texto(bruta.retomada),
    valorMercado: centavosDoTexto(texto(bruta.valorMercado)),
    informacaoComplementar: texto(bruta.informacaoComplementar),
  });
  const l = loteValoresSchema.safeParse({
    minimo: centavosDoTexto(texto(bruta.minimo)),
    incremento: centavosDoTexto(texto(bruta.incremento)),
    valorComitente: centavosDoTexto(texto(bruta.valorComitente)),
    compreJa: centavosDoTexto(texto(bruta.compreJa)),
    comissaoPorcentagem: porcentagemDoFormulario(texto(bruta.comissaoPorcentagem) || '5'),
    comissaoExtraPorcentagem: porcentagemDoFormulario(texto(bruta.comissaoExtraPorcentagem) || '0'),
    despachante: centavosDoTexto(texto(bruta.despachante) || '0'),
    outros: centavosDoTexto(texto(bruta.outros) || '0'),
    remocao: centavosDoTexto(texto(bruta.remocao) || '0'),
    depositoDeBens: centavosDoTexto(texto(bruta.depositoDeBens) || '0'),
    vistoria: centavosDoTexto(texto(bruta.vistoria) || '0'),
    ordem: texto(bruta.ordem),
    tipo: texto(bruta.tipoNegociacao) || 'Disputa',
    descricao: texto(bruta.descricao),
  });
  const mensagens = (e: z.ZodError) =>
    e.issues
      .filter((i) => !(i.path[0] === 'veiculoTipoId' && !veiculoTipoId))
      .map((i) => {
        const campo = ROTULOS[String(i.path[0])];
        return campo && !i.message.toLowerCase().includes(campo.toLowerCase()) ? `${campo}: ${i.message}` : i.message;
      });
  if (!v.success) erros.push(...mensagens(v.error));
  if (!l.success) erros.push(...mensagens(l.error));
  if (v.success && !v.data.chassi && !v.data.placa) erros.push('Informe o chassi ou a placa (a importação identifica o veículo por eles)');
  if (erros.length || !v.success || !l.success) return { linha, ok: false, erros: [...new Set(erros)] };
  return { linha, ok: true, chave: { chassi: v.data.chassi ?? null, placa: v.data.placa ?? null }, veiculo: v.data, lote: l.data };
}

/** Rows of one file must not name the same chassis or plate twice (the second would overwrite the first). */
export function marcarRepetidas(linhas: LinhaImportada[]): LinhaImportada[] {
  const vistos = new Map<string, number>();
  return linhas.map((l) => {
    if (!l.ok) return l;
    for (const [k, v] of Object.entries(l.chave)) {
      if (!v) continue;
      const anterior = vistos.get(`${k}:${v}`);
      if (anterior !== undefined)
        return { linha: l.linha, ok: false, erros: [`${k === 'chassi' ? 'Chassi' : 'Placa'} ${v} repetido na linha ${anterior}`] };
    }
    for (const [k, v] of Object.entries(l.chave)) if (v) vistos.set(`${k}:${v}`, l.linha);
    return l;
  });
}
