import { z } from 'zod';
import '~/utils/zod-pt-br';
import { dataSchema } from '~/utils/entrada';
import { sanitizarCor } from '@theme/brand-tokens';
import { ANALYTICS_ID, TAG_MANAGER_ID, enderecoHotsiteSchema, REDES_SOCIAIS } from './hotsite.schema';

/**
 * What an operator (or a brand folder) may save as a hotsite. Strict, unlike the stored-data schema:
 * an unsafe value is refused with a pt-BR message, never silently fixed.
 */
const cor = z
  .string({ error: 'Informe a cor' })
  .trim()
  .transform((v, ctx) => {
    const hex = sanitizarCor(v);
    if (!hex) {
      ctx.addIssue({ code: 'custom', message: 'Cor inválida: use #RRGGBB, rgb() ou hsl()' });
      return z.NEVER;
    }
    return hex;
  });
const hostname = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/, 'Domínio inválido');
const urlHttps = z.url({ protocol: /^https?$/, error: 'Endereço inválido: use http(s)://' }).max(500);
const opcional = <T extends z.ZodTypeAny>(s: T) => z.preprocess((v) => (v === '' ? null : v), s.nullish()).transform((v) => v ?? null);

export const hotsiteInputSchema = z.object({
  id: z.number().int().positive().nullish(),
  tipo: z.enum(['leilao', 'loja'], { error: 'Tipo deve ser leilao ou loja' }),
  modoSite: z.enum(['leilao', 'loja', 'oferta-automatica'], { error: 'Modo do site inválido' }),
  nome: z.string().trim().min(2, 'Informe o nome').max(120),
  descricao: z.string().trim().max(500).default(''),
  telefoneContato: z.string().trim().max(30).default(''),
  whatsappContato: opcional(z.string().regex(/^\+?\d{10,14}$/, 'WhatsApp inválido: só números com DDI e DDD')),
  emailContato: opcional(z.email('E-mail inválido')),
  corPrimaria: cor,
  corSecundaria: cor,
  corGradient1: cor,
  corGradient2: cor,
  corGradient3: cor,
  fonte: opcional(z.string().regex(/^[A-Za-z0-9 -]{1,40}$/, 'Fonte inválida')),
  googleAnalytics: opcional(z.string().regex(ANALYTICS_ID, 'ID do Google Analytics inválido')),
  domain: opcional(hostname),
  subdomain: opcional(z.string().regex(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/, 'Subdomínio inválido')),
  linkCanonico: opcional(urlHttps),
  apiUrl: opcional(urlHttps),
  urls: z.record(z.string(), z.record(z.string(), urlHttps)).default({}),
  cadastroInicio: opcional(dataSchema()),
  cadastroFim: opcional(dataSchema()),
  visualizacaoInicio: opcional(dataSchema()),
  visualizacaoFim: opcional(dataSchema()),
  permitirCpf: z.boolean().default(true),
  permitirCnpj: z.boolean().default(true),
  manterCondicional: z.boolean().default(false),
  tipoHabilitacao: z.enum(['nenhuma', 'por-leilao', 'por-hotsite']).default('por-leilao'),
  habilitacaoComAprovacao: z.boolean().default(false),
  loginObrigatorioVisualizar: z.boolean().default(false),
  endereco: opcional(enderecoHotsiteSchema),
  confirmacoesObrigatorias: z.array(z.enum(['email', 'telefone', 'documentos'])).default(['email']),
  documentosObrigatorios: z.array(z.string().regex(/^[a-z0-9-]{2,60}$/)).default([]),
  redesSociais: z.partialRecord(z.enum(REDES_SOCIAIS), z.url({ protocol: /^https$/, error: 'Use um endereço https' })).default({}),
  rodape: opcional(z.string().trim().max(2000)),
  /**
   * Header script, safe model: never raw HTML or JavaScript from a form. Only a Google Tag Manager
   * container id is stored; the page renders the fixed GTM loader for it with the request's CSP nonce.
   */
  scriptCabecalho: opcional(
    z.string().trim().toUpperCase().regex(TAG_MANAGER_ID, 'Script do cabeçalho: informe só o ID do Google Tag Manager (GTM-XXXXXXX)'),
  ),
});

export type HotsiteInput = z.infer<typeof hotsiteInputSchema>;
