import { z } from 'zod';
import { dataSchema } from '~/utils/entrada';
import { caminhoDoSite } from '~/utils/voltar';
import { ELEMENTO_IDS } from './elementos';

export const TAMANHOS_COLUNA = ['inteira', 'metade'] as const;
export const MARGENS = ['zero', 'pequena', 'media', 'grande'] as const;
export const CONTAINERS = ['620', '860', '960', '1140', 'fluido'] as const;

export interface ItemSessao {
  uid: string;
  titulo: string | null;
  subtitulo: string | null;
  texto: string | null;
  textoBotao: string | null;
  imagem: string | null;
  imagemMobile: string | null;
  icone: string | null;
  modelo: string | null;
  link: string | null;
  prioridade: number;
  corTexto: string | null;
  corFundo: string | null;
  dataInicio: Date | string | null;
  dataFim: Date | string | null;
}

export interface Sessao<I = ItemSessao> {
  uid: string;
  elemento: string;
  nome: string;
  ativo: boolean;
  tamanhoColuna: (typeof TAMANHOS_COLUNA)[number];
  margemCabecalho: (typeof MARGENS)[number];
  margemRodape: (typeof MARGENS)[number];
  container: string | null;
  prioridade: number;
  itens: I[];
}

const instante = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

/** An item shows from dataInicio (inclusive) until dataFim (inclusive); an open end is no limit. */
export function itemNoAr(item: Pick<ItemSessao, 'dataInicio' | 'dataFim'>, agora: Date): boolean {
  const t = agora.getTime();
  const inicio = instante(item.dataInicio);
  const fim = instante(item.dataFim);
  return (inicio === null || inicio <= t) && (fim === null || t <= fim);
}

const porPrioridade = <T extends { prioridade: number; uid: string }>(a: T, b: T) =>
  a.prioridade - b.prioridade || a.uid.localeCompare(b.uid);

/**
 * What a visitor sees of a page: active sections in ascending `prioridade` (1 is the top), each with
 * its items inside their date window, also in ascending `prioridade`. A section whose kind needs items
 * and has none left in the window is dropped rather than rendered empty.
 */
export function sessoesVisiveis<S extends Sessao>(sessoes: S[], agora: Date, semItensOk: ReadonlySet<string>): S[] {
  return sessoes
    .filter((s) => s.ativo)
    .map((s) => ({ ...s, itens: s.itens.filter((i) => itemNoAr(i, agora)).sort(porPrioridade) }))
    .filter((s) => s.itens.length > 0 || semItensOk.has(s.elemento))
    .sort(porPrioridade);
}

/** Kinds that render from live data or the brand itself, so they need no items. */
export const ELEMENTOS_SEM_ITENS: ReadonlySet<string> = new Set([
  'lotes-destaque',
  'lotes-categoria',
  'leiloes-ativos',
  'agenda',
  'mapa-patios',
  'tabela-frete',
  'logos-comitentes',
  'redes-sociais',
  'botao-whatsapp',
  'espacador',
  'mapa-localizacao',
  'busca-rapida',
  'categorias',
  'marcas',
  'formulario-contato',
  'newsletter',
]);

// ── Input schemas: onboarding folders, the page builder and its API all parse through these. ──

const texto = (max: number) => z.string().trim().max(max);
const opcional = (max: number) =>
  texto(max)
    .nullish()
    .transform((v) => (v ? v : null));
const data = dataSchema()
  .nullish()
  .transform((v) => v ?? null);

/**
 * A link: our own path (/leilao, by the same rule as every redirect target: `/\evil.example` is not
 * one), an anchor, or an http(s) URL; a top-level domain is not required.
 */
export const linkSchema = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || v.startsWith('#') || caminhoDoSite(v) !== null || /^https?:\/\/[^\s/$.?#\\][^\s\\]*$/i.test(v), {
    message: 'Link inválido',
  });

export const itemInputSchema = z.object({
  titulo: opcional(200),
  subtitulo: opcional(300),
  texto: opcional(5000),
  textoBotao: opcional(60),
  imagem: opcional(500),
  imagemMobile: opcional(500),
  icone: opcional(40),
  modelo: opcional(40),
  link: linkSchema,
  prioridade: z.coerce.number().int().min(0).max(10_000).default(0),
  corTexto: opcional(32),
  corFundo: opcional(32),
  dataInicio: data,
  dataFim: data,
});

export const sessaoInputSchema = z.object({
  elemento: z.enum(ELEMENTO_IDS, { error: 'Elemento inválido' }),
  nome: texto(120).min(1),
  ativo: z.boolean().default(true),
  tamanhoColuna: z.enum(TAMANHOS_COLUNA, { error: 'Tamanho de coluna inválido' }).default('inteira'),
  margemCabecalho: z.enum(MARGENS, { error: 'Margem inválida' }).default('media'),
  margemRodape: z.enum(MARGENS, { error: 'Margem inválida' }).default('media'),
  container: z
    .enum(CONTAINERS)
    .nullish()
    .transform((v) => v ?? null),
  prioridade: z.coerce.number().int().min(0).max(10_000).default(0),
});

export const paginaInputSchema = z.object({
  uri: texto(80)
    .regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/, 'URI inválida')
    .min(1),
  titulo: texto(200).min(1),
  descricao: texto(500).min(1),
  keywords: opcional(500),
  tituloPagina: opcional(200),
  descricaoPagina: opcional(500),
  imagemPrincipal: opcional(500),
  modeloPagina: opcional(40),
  container: z.enum(CONTAINERS).default('1140'),
});

export const paginaComSessoesSchema = paginaInputSchema.extend({
  secoes: z.array(sessaoInputSchema.extend({ itens: z.array(itemInputSchema).default([]) })).default([]),
});
export type PaginaComSessoes = z.infer<typeof paginaComSessoesSchema>;
