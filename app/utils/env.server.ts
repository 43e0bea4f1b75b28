import { isIP } from 'node:net';
import { z } from 'zod';
import { segredoPersistido } from './segredo-sessao.server';
// Every zod default message in pt-BR, for the whole process (loaded first by server.ts and scripts).
import './zod-pt-br';

/**
 * The one place that reads process.env. Parsed once, fails fast with every problem listed.
 * Nothing here reaches the browser: the brand data the browser needs travels in loader data.
 */
const booleanish = z.enum(['1', '0', 'true', 'false', 'yes', 'no']).transform((v) => v === '1' || v === 'true' || v === 'yes');

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** Real PostgreSQL. Without it the app runs on an embedded PGlite in PGLITE_DIR. */
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    /** Schema to use on DATABASE_URL (created when missing). Lets CI run in a fresh schema. */
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,50}$/, 'DATABASE_SCHEMA: letras minúsculas, números e _')
      .optional(),
    PGLITE_DIR: z.string().default('.data/pglite'),
    /** Seed the demo brands (and their demo data) on start when the database has no hotsite. */
    SEED_ON_START: booleanish.optional(),
    /** Demo lots per brand created by the seed (the test template uses fewer). */
    SEED_LOTES_POR_MARCA: z.coerce.number().int().min(0).max(1_000_000).default(1000),
    /** Redis for realtime fan-out between instances. Without it an in-process bus serves one instance. */
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    REDIS_PREFIX: z.string().default('martelo:'),
    /**
     * Signs the session and notice cookies. Production without it: a random secret is generated once
     * and kept in SESSION_SECRET_FILE (docs/decisions/002-npm-start-em-producao.md).
     */
    SESSION_SECRET: z.string().min(16).optional(),
    SESSION_SECRET_FILE: z.string().default('.data/session-secret'),
    /**
     * The platform's Ed25519 key that signs each brand's seal (decision 197): its 32-byte seed, base64url.
     * Unset: a fixed demo key outside production; in production a seed generated once and kept in
     * SELO_SEMENTE_FILE (mode 0600). Several instances share one seed (set it, or share the file).
     */
    SELO_SEMENTE: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'SELO_SEMENTE: 32 bytes em base64url (43 caracteres)')
      .optional(),
    SELO_SEMENTE_FILE: z.string().default('.data/selo-ed25519'),
    /**
     * Proxies whose X-Forwarded-* headers are believed: addresses/CIDRs (or loopback, linklocal,
     * uniquelocal), comma-separated, or a hop count. Unset: none, so the client cannot choose its
     * address, protocol or host (docs/decisions/001-links-das-marcas.md).
     */
    TRUST_PROXY: z
      .string()
      .transform((v, ctx) => {
        if (/^\d{1,2}$/.test(v.trim())) return Number(v.trim());
        if (v.trim() === 'false') return false;
        const itens = v
          .split(',')
          .map((i) => i.trim())
          .filter(Boolean);
        const ruins = itens.filter((i) => !enderecoDeProxyValido(i));
        if (ruins.length || !itens.length) {
          ctx.addIssue({
            code: 'custom',
            message: `TRUST_PROXY: endereços, CIDRs ou número de saltos (inválido: ${ruins.join(', ') || v})`,
          });
          return z.NEVER;
        }
        return itens;
      })
      .optional(),
    /**
     * Base of the links in e-mails, sitemaps and one-time logins: `dominio` = https://<brand domain>,
     * `local` = http://h<ID>.<LOCAL_HOST_SUFFIX>:<PORT>. Default: dominio when SMTP_URL is set (real
     * mail leaves), else local (the demo's links work on this machine). Never the request's Host.
     */
    LINKS_DAS_MARCAS: z.enum(['dominio', 'local']).optional(),
    /**
     * Open websockets one client address may hold (each browser tab holds one). Generous enough for an
     * office or a yard's Wi-Fi behind one NAT during a live auction, low enough that one machine cannot
     * hold thousands (decision 111). Refused above it with HTTP 429 on the upgrade.
     */
    WS_MAX_CONEXOES_POR_IP: z.coerce.number().int().min(1).max(1_000_000).default(100),
    /**
     * Admission control (decision 114): requests worked on at once per instance, requests waiting per
     * brand, and how long one may wait; beyond either, 503 with Retry-After at once.
     */
    ADMISSAO_SIMULTANEOS: z.coerce.number().int().min(1).max(100_000).default(64),
    ADMISSAO_FILA_POR_MARCA: z.coerce.number().int().min(0).max(1_000_000).default(256),
    ADMISSAO_ESPERA_MS: z.coerce.number().int().min(1).max(600_000).default(5_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** auto: one readable line per event when stdout is a terminal, JSON lines otherwise. */
    LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
    /** Hotsites answer at h<ID>.<LOCAL_HOST_SUFFIX> besides their production domain. */
    LOCAL_HOST_SUFFIX: z.string().default('localhost'),
    /** Platform subdomains: <subdomain>.<PLATFORM_DOMAIN>. */
    PLATFORM_DOMAIN: z.string().default('martelo.app.br'),
    /**
     * Third-party checks (issue #31, decision 178): the vehicle history provider (debts, lien, judicial block,
     * recall, damage class, auction flag), Procob (a client's CPF/CNPJ) and the traffic authority's auction
     * register (detran items). Each without its URL: the built-in simulator answers (the demo). The tokens
     * go only in the Authorization header, never in a log.
     */
    HISTORICO_VEICULAR_URL: z.url().optional(),
    HISTORICO_VEICULAR_TOKEN: z.string().optional(),
    PROCOB_URL: z.url().optional(),
    PROCOB_TOKEN: z.string().optional(),
    DETRAN_URL: z.url().optional(),
    DETRAN_TOKEN: z.string().optional(),
    /** The restricted lists and the state registration check (decision 208); without a URL, the simulator. */
    LISTA_RESTRITIVA_URL: z.url().optional(),
    LISTA_RESTRITIVA_TOKEN: z.string().optional(),
    INSCRICAO_ESTADUAL_URL: z.url().optional(),
    INSCRICAO_ESTADUAL_TOKEN: z.string().optional(),
    /** How long a page or a staff action waits for a provider before answering "consulta indisponível". */
    CONSULTAS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5_000),
    /** CEP lookup (ViaCEP-compatible: GET <url>/<8 digits>/json/). */
    CEP_API_URL: z.url().default('https://viacep.com.br/ws'),
    /**
     * SMTP for the outbox. Unset (the demo): e-mails and SMS go to the local mailbox in CAIXA_LOCAL_DIR,
     * which only the machine's operator reads (`npm run outbox -- --para <e-mail>`), and each logged-in
     * person reads their own at /minhas-mensagens. Staff see delivery status, never a body (decision 107).
     */
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    /** The local mailbox without SMTP: one file per recipient, folder 0700, files 0600. */
    CAIXA_LOCAL_DIR: z.string().default('.data/caixa'),
    /** How often each instance sends the insurers' pending status updates (decision 172). */
    SEGURADORAS_ENVIO_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
    /** Sender of outbox e-mails. */
    MAIL_FROM: z.string().default('Martelo <nao-responda@martelo.app.br>'),
    /**
     * Web Push (VAPID). Unset: the install makes a pair once and keeps it in the database (chave_vapid,
     * decision 183). The subject is the contact push services may write to.
     */
    VAPID_PUBLIC_KEY: z.string().min(20).optional(),
    VAPID_PRIVATE_KEY: z.string().min(20).optional(),
    VAPID_SUBJECT: z.string().default('mailto:contato@martelo.app.br'),
    /**
     * WhatsApp and SMS provider (POST <url>/mensagens with a bearer token; decision 184). Unset: SMS goes
     * to the outbox (the local mailbox in the demo) and WhatsApp is not offered.
     */
    MENSAGENS_API_URL: z.url().optional(),
    MENSAGENS_API_TOKEN: z.string().min(8).optional(),
    /** How often each instance looks for notifications to send, in ms. */
    NOTIFICACOES_INTERVALO_MS: z.coerce.number().int().min(50).default(1000),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.SESSION_SECRET?.startsWith('martelo-dev-')) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'defina SESSION_SECRET em produção' });
    }
  })
  .transform((env) => {
    const linksDasMarcas = env.LINKS_DAS_MARCAS ?? (env.SMTP_URL ? 'dominio' : 'local');
    // Outside production a fixed secret keeps sessions across restarts of the dev server.
    if (env.SESSION_SECRET || env.NODE_ENV !== 'production') {
      return {
        ...env,
        LINKS_DAS_MARCAS: linksDasMarcas,
        SESSION_SECRET: env.SESSION_SECRET ?? SEGREDO_DE_DESENVOLVIMENTO,
        SESSION_SECRET_GERADO: false,
        SELO_SEMENTE:
          env.SELO_SEMENTE ?? (env.NODE_ENV === 'production' ? segredoPersistido(env.SELO_SEMENTE_FILE) : SEMENTE_DE_DEMONSTRACAO),
      };
    }
    return {
      ...env,
      LINKS_DAS_MARCAS: linksDasMarcas,
      SESSION_SECRET: segredoPersistido(env.SESSION_SECRET_FILE),
      SESSION_SECRET_GERADO: true,
      SELO_SEMENTE: env.SELO_SEMENTE ?? segredoPersistido(env.SELO_SEMENTE_FILE),
    };
  });

const SEGREDO_DE_DESENVOLVIMENTO = 'martelo-dev-secret-troque-em-producao';
/** The seal's key outside production (32 bytes, base64url): public on purpose, never a production key. */
const SEMENTE_DE_DEMONSTRACAO = 'bWFydGVsby1kZW1vLXNlbG8tbmFvLXVzZS1lbS1wcm8';

/** What Express' `trust proxy` accepts in a list (proxy-addr): a name, an address, or address/prefix|netmask. */
function enderecoDeProxyValido(item: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(item)) return true;
  const [endereco, prefixo, ...resto] = item.split('/');
  if (resto.length || !isIP(endereco)) return false;
  if (prefixo === undefined) return true;
  if (/^\d{1,3}$/.test(prefixo)) return Number(prefixo) <= (isIP(endereco) === 4 ? 32 : 128);
  return isIP(prefixo) === 4;
}

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings mean "unset" (as in `REDIS_URL= npm start`).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuração inválida:\n${lines.join('\n')}`);
  }
  return result.data;
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
