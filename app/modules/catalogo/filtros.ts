import { z } from 'zod';
import { CATEGORIAS_VEICULO } from '@db/schema/enums-catalogo';
import { CHAVES_LISTA, CHAVES_NUM, CHAVES_NUM_LISTA, CHAVES_REAIS } from './chaves-busca';
import { quantidadeSchema, reaisSchema } from '~/utils/numeros';
import { TAMANHO_PAGINA } from './regras';

/**
 * Search filters, shared by the page URL (/leilao?marca=Fiat&uf=SP...) and the API body
 * (`requisicoesBusca`). Value and km ranges: value in reais in the URL and the API, centavos inside.
 */
const lista = z.array(z.string().trim().min(1).max(80)).max(50);
const inteiro = (rotulo: string) =>
  z.coerce
    .number({ error: `${rotulo} precisa ser um número` })
    .int(`${rotulo} precisa ser um número inteiro`)
    .min(0, `${rotulo} não pode ser negativo`);
/** Ranges typed in the list's form ("60.000", "60.000,00"; decision 123): the field's label names the error. */
const faixaDeReais = (rotulo: string) => reaisSchema({ mensagem: `${rotulo}: informe o valor em reais, por exemplo 60.000 ou 60.000,00` });
const faixaDeKm = (rotulo: string) =>
  quantidadeSchema({ rotulo, min: 0, max: 99_999_999, mensagem: `${rotulo}: informe a quilometragem, por exemplo 65.432` });
const faixaDeAno = (rotulo: string) =>
  quantidadeSchema({ rotulo, min: 0, max: 2100, mensagem: `${rotulo}: informe um ano, por exemplo 2020` });

/** `posicaoLeilao`: the lot's position in its auction (search by auction, up to 1000 a page; decision 262). */
export const CAMPOS_ORDENACAO = ['dataFim', 'valor', 'anoModelo', 'km', 'dataInicio', 'prioridade', 'id', 'posicaoLeilao'] as const;
export const filtrosSchema = z.object({
  marca: lista.optional(),
  modelo: lista.optional(),
  uf: lista.optional(),
  cidade: lista.optional(),
  categoria: z.array(z.enum(CATEGORIAS_VEICULO, { error: 'categoria desconhecida' })).optional(),
  tipoId: z.array(inteiro('tipo')).optional(),
  leilao: z.array(inteiro('leilão')).optional(),
  promocao: lista.optional(),
  combustivel: lista.optional(),
  cor: lista.optional(),
  retomada: lista.optional(),
  comitente: z.array(inteiro('comitente')).optional(),
  patio: z.array(inteiro('pátio')).optional(),
  anoMin: faixaDeAno('Ano de').optional(),
  anoMax: faixaDeAno('Ano até').optional(),
  /** Centavos (a JSON number) or reais as typed (the URL). */
  valorMin: faixaDeReais('Valor de').optional(),
  valorMax: faixaDeReais('Valor até').optional(),
  kmMin: faixaDeKm('Km de').optional(),
  kmMax: faixaDeKm('Km até').optional(),
  destaque: z.boolean().optional(),
  texto: z.string().trim().max(80).optional(),
  /** Only staff views ask for other states; the public list uses the listable ones. */
  situacao: lista.optional(),
});
export type Filtros = z.infer<typeof filtrosSchema>;

export const ordenacaoSchema = z.object({
  campo: z.enum(CAMPOS_ORDENACAO, { error: 'campo de ordenação desconhecido' }),
  tipoOrdenacao: z.enum(['asc', 'desc'], { error: 'tipoOrdenacao deve ser asc ou desc' }).default('asc'),
});
export type Ordenacao = z.infer<typeof ordenacaoSchema>;
export const ORDENACAO_PADRAO: Ordenacao = { campo: 'dataFim', tipoOrdenacao: 'asc' };

// ---------------------------------------------------------------------------------------------------
// URL -> filters (the list page), validated.

/** Parses the list page's query string; throws a ZodError (→ 400 with a pt-BR message) on bad values. */
/** Built once: a zod schema built per call cost the list page more than parsing with it. */
const paginaSchema = z.coerce
  .number({ error: 'página inválida' })
  .int('página inválida')
  .min(1, 'página inválida')
  .max(10_000, 'página inválida');

export function buscaDaUrl(params: URLSearchParams): BuscaDaUrl {
  const bruto: Record<string, unknown> = {};
  for (const k of CHAVES_LISTA) if (params.has(k)) bruto[k] = params.getAll(k).filter(Boolean);
  for (const k of CHAVES_NUM_LISTA) if (params.has(k)) bruto[k] = params.getAll(k).filter(Boolean);
  // Typed numbers stay text here: the schema reads them the Brazilian way ("60.000" is sixty thousand).
  for (const [k, campo] of Object.entries({ ...CHAVES_NUM, ...CHAVES_REAIS })) if (params.get(k)?.trim()) bruto[campo] = params.get(k);
  if (params.get('q')) bruto.texto = params.get('q');
  if (params.get('destaque') === '1') bruto.destaque = true;
  const filtros = filtrosSchema.parse(bruto);
  const [campo, tipo] = (params.get('ordem') ?? 'dataFim-asc').split('-');
  const ordenacao = ordenacaoSchema.parse({ campo, tipoOrdenacao: tipo });
  const pagina = paginaSchema.parse(params.get('pagina') ?? 1);
  return { filtros, ordenacao, pagina };
}

// ---------------------------------------------------------------------------------------------------
// API body (spec: from, size, requisicoesBusca, listaOrdenacao).

const requisicaoSchema = z.object({
  campo: z.string({ error: 'campo é obrigatório' }),
  valores: z.array(z.union([z.string(), z.number()])).optional(),
  valor: z.union([z.string(), z.number()]).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  tipoCampo: z.string().optional(),
});
const CAMPO_API: Record<string, keyof Filtros> = {
  marca: 'marca',
  'veiculo.marca.nome': 'marca',
  modelo: 'modelo',
  estado: 'uf',
  uf: 'uf',
  cidade: 'cidade',
  tipo: 'categoria',
  categoria: 'categoria',
  tipoId: 'tipoId',
  leilao: 'leilao',
  leilaoId: 'leilao',
  promocao: 'promocao',
  combustivel: 'combustivel',
  cor: 'cor',
  tipoRevenda: 'retomada',
  retomada: 'retomada',
  comitente: 'comitente',
  comitenteId: 'comitente',
  texto: 'texto',
};
export const buscaApiSchema = z.object({
  from: z.coerce
    .number({ error: 'from precisa ser um número' })
    .int('from precisa ser inteiro')
    .min(0, 'from não pode ser negativo')
    .max(100_000, 'from muito grande')
    .default(0),
  size: z.coerce
    .number({ error: 'size precisa ser um número' })
    .int('size precisa ser inteiro')
    .min(1, 'size deve ser entre 1 e 1000')
    .max(1000, 'size deve ser entre 1 e 1000')
    .default(TAMANHO_PAGINA),
  requisicoesBusca: z.array(requisicaoSchema).max(50).default([]),
  listaOrdenacao: z.array(ordenacaoSchema).max(3).default([ORDENACAO_PADRAO]),
});

/** API request list → filters. Ranges: anoModelo, valor (reais), km with min/max. */
export function filtrosDaApi(requisicoes: z.infer<typeof requisicaoSchema>[]): Filtros {
  const bruto: Record<string, unknown> = {};
  for (const r of requisicoes) {
    const valores = r.valores ?? (r.valor !== undefined ? [r.valor] : []);
    if (r.campo === 'anoModelo' || r.campo === 'valor' || r.campo === 'km') {
      const mult = r.campo === 'valor' ? 100 : 1;
      const nome = r.campo === 'anoModelo' ? 'ano' : r.campo;
      if (r.min !== undefined) bruto[`${nome}Min`] = Math.round(r.min * mult);
      if (r.max !== undefined) bruto[`${nome}Max`] = Math.round(r.max * mult);
      continue;
    }
    const campo = CAMPO_API[r.campo];
    if (!campo)
      throw new z.ZodError([
        { code: 'custom', path: ['requisicoesBusca', 'campo'], message: `Campo de busca desconhecido: ${r.campo}`, input: r.campo },
      ]);
    if (campo === 'texto') bruto.texto = String(valores[0] ?? '');
    else bruto[campo] = [...((bruto[campo] as unknown[]) ?? []), ...valores.map(String)];
  }
  return filtrosSchema.parse(bruto);
}

/** A list page's search as its URL carries it (see busca-url.ts for the URL side). */
export interface BuscaDaUrl {
  filtros: Filtros;
  ordenacao: Ordenacao;
  pagina: number;
}
