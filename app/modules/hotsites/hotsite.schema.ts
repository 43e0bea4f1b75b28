import { z } from 'zod';
import { sanitizarCor } from '@theme/brand-tokens';

/**
 * Stored brand data is validated before anything renders it. A bad stored value degrades to a safe
 * default (`.catch`) instead of taking the brand offline; colours are re-serialised as #rrggbb.
 */
const cor = (padrao: string) =>
  z
    .string()
    .transform((v, ctx) => sanitizarCor(v) ?? (ctx.addIssue({ code: 'custom', message: 'cor inválida' }), z.NEVER))
    .catch(padrao);

const urlHttp = z.url({ protocol: /^https?$/ }).max(500);
/** Our own file path (/marca/arquivo/...) or an https address. */
const enderecoDeArquivo = z.union([z.string().regex(/^\/[A-Za-z0-9/_.\-?=&]{1,300}$/), z.url({ protocol: /^https$/ })]);

/** A stored instant as an ISO string (so the browser's copy of the brand reads the same); bad or missing: null. */
const instante = z
  .preprocess((v) => (v instanceof Date ? v.toISOString() : v), z.iso.datetime({ offset: true }).nullable())
  .catch(null)
  .default(null);

export const ANALYTICS_ID = /^(G|UA|GT|AW)-[A-Z0-9-]{4,20}$/;

/** Google Tag Manager container id: the only header script a brand may have (see hotsiteInputSchema). */
export const TAG_MANAGER_ID = /^GTM-[A-Z0-9]{4,12}$/;

export const REDES_SOCIAIS = ['instagram', 'facebook', 'youtube', 'linkedin', 'tiktok', 'x'] as const;

export const enderecoHotsiteSchema = z.object({
  logradouro: z.string().max(200).default(''),
  numero: z.string().max(20).default(''),
  bairro: z.string().max(100).default(''),
  cidade: z.string().max(100).default(''),
  estadoSigla: z.string().length(2).toUpperCase(),
  cep: z
    .string()
    .regex(/^\d{5}-\d{3}$/)
    .optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
});

/** What the browser may see of a hotsite (never DNS credentials or the raw header script). */
export const marcaSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  chave: z.string(),
  tipo: z.enum(['leilao', 'loja']),
  modoSite: z.enum(['leilao', 'loja', 'oferta-automatica']),
  nome: z.string().min(1),
  descricao: z.string().catch(''),
  telefoneContato: z.string().catch(''),
  whatsappContato: z
    .string()
    .regex(/^\+?\d{10,14}$/)
    .nullable()
    .catch(null),
  emailContato: z.email().nullable().catch(null),
  corPrimaria: cor('#1f4e8c'),
  corSecundaria: cor('#f28c28'),
  corGradient1: cor('#1f4e8c'),
  corGradient2: cor('#2b6cb0'),
  corGradient3: cor('#f28c28'),
  fonte: z
    .string()
    .regex(/^[A-Za-z0-9 -]{1,40}$/)
    .nullable()
    .catch(null),
  googleAnalytics: z.string().regex(ANALYTICS_ID).nullable().catch(null),
  /** Header script: only a validated Google Tag Manager id; the page renders the fixed GTM loader. */
  scriptCabecalho: z.string().regex(TAG_MANAGER_ID).nullable().catch(null),
  logo: enderecoDeArquivo.nullable().catch(null),
  favicon: enderecoDeArquivo.nullable().catch(null),
  linkCanonico: urlHttp.nullable().catch(null),
  domain: z.string().nullable(),
  /** Platform subdomain (<subdomain>.<PLATFORM_DOMAIN>): the link base of a brand with no domain. */
  subdomain: z.string().nullable().catch(null),
  redesSociais: z.partialRecord(z.enum(REDES_SOCIAIS), z.url({ protocol: /^https$/ })).catch({}),
  rodape: z.string().max(2000).nullable().catch(null),
  endereco: enderecoHotsiteSchema.nullable().catch(null),
  loginObrigatorioVisualizar: z.boolean(),
  /** Viewing and sign-up windows (ISO instants, or null for open-ended), enforced by the route guard and sign-up. */
  visualizacaoInicio: instante,
  visualizacaoFim: instante,
  cadastroInicio: instante,
  cadastroFim: instante,
  permitirCpf: z.boolean(),
  permitirCnpj: z.boolean(),
  /** Habilitation: none, per auction or per site; with staff approval or at once (issue #12). */
  tipoHabilitacao: z.enum(['nenhuma', 'por-leilao', 'por-hotsite']).catch('por-leilao'),
  habilitacaoComAprovacao: z.boolean().catch(false),
});

export type Marca = z.infer<typeof marcaSchema>;
