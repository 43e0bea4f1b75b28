import { z } from 'zod';
import { cnpjValido, cpfValido, formatarCep, normalizarCnpj, soDigitos, telefoneValido } from '~/modules/dominio/documentos-br';
import { senhaComum } from './senhas-comuns';
import { textoLivre } from '~/utils/entrada';
import { reaisParaCentavos } from '~/utils/numeros';

/**
 * Input rules of identity (spec section 5), with their pt-BR messages. Pure: pages, the JSON API and
 * the browser read the same rules. Where the spec shows no message, the text is ours (README).
 */
export const MENSAGENS = {
  emailInvalido: 'Informe um e-mail válido',
  senhaCurta: 'A senha deve ter no mínimo 6 caracteres',
  senhaComum: 'Esta senha é muito comum. Escolha uma senha mais difícil de adivinhar',
  senhasDiferentes: 'As senhas não conferem',
  codigo2fa: 'O código de autenticação deve ter exatamente 6 dígitos',
  cpfInvalido: 'CPF inválido',
  cnpjInvalido: 'CNPJ inválido',
  obrigatorio: 'Campo obrigatório',
  telefoneInvalido: 'Telefone inválido. Informe o DDD e o número',
  dataNascimento: 'Data de nascimento inválida',
  menorDeIdade: 'É necessário ter 18 anos ou mais',
  logradouro: 'O logradouro deve ter no mínimo 5 caracteres',
  numero: 'Informe o número',
  bairro: 'O bairro deve ter no mínimo 3 caracteres',
  cep: 'Informe o CEP no formato 00000-000',
  cidade: 'Informe a cidade',
  uf: 'Informe a UF',
  rendaMensal: 'Renda mensal deve ser numérica',
  rendaMensalMaxima: 'Renda mensal acima do permitido (até R$ 10.000.000,00)',
  razaoSocial: 'Informe a razão social',
  termos: 'É necessário aceitar os termos de uso',
} as const;

/** Required text: no NUL (PostgreSQL refuses it), trimmed, 1..max characters. */
const texto = (msg: string = MENSAGENS.obrigatorio, max = 200) => textoLivre(max).pipe(z.string({ error: msg }).min(1, msg));
/** Optional free text, at most `max` characters; empty means absent. Every free-text field has a bound. */
const opcional = (max: number) =>
  textoLivre(max)
    .optional()
    .transform((v) => (v ? v : undefined));
/** Checkbox: present ('on', 'true', true) or absent. */
export const marcado = z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === '1', z.boolean());

export const emailSchema = z
  .string({ error: MENSAGENS.emailInvalido })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: MENSAGENS.emailInvalido }).max(200, MENSAGENS.emailInvalido));

export const senhaLoginSchema = z.string({ error: MENSAGENS.senhaCurta }).min(6, MENSAGENS.senhaCurta).max(200, MENSAGENS.senhaCurta);
/** New passwords: min 6 and not among the common ones. */
export const senhaNovaSchema = senhaLoginSchema.refine((s) => !senhaComum(s), MENSAGENS.senhaComum);

export const codigo2faSchema = z
  .string({ error: MENSAGENS.codigo2fa })
  .trim()
  .regex(/^\d{6}$/, MENSAGENS.codigo2fa);

/** POST /v1/usuario/efetuar-login and the /login form. An empty code means "not sent". */
export const loginSchema = z.object({
  email: emailSchema,
  senha: senhaLoginSchema,
  manterLogado: marcado.optional().default(false),
  twoFactorcode: z.preprocess((v) => (v === '' || v === null ? undefined : v), codigo2faSchema.optional()),
});

/** POST /v1/usuario/hash/efetuar-login and /admin-auth/{hash}: the code, asked of a user with 2FA. */
export const loginPorHashSchema = z.object({
  twoFactorcode: z.preprocess((v) => (v === '' || v === null ? undefined : v), codigo2faSchema.optional()),
});

export const loginTokenUsoUnicoSchema = z.object({ nomeUsuario: emailSchema, senha: senhaLoginSchema });

export const cpfSchema = z.string({ error: MENSAGENS.cpfInvalido }).refine(cpfValido, MENSAGENS.cpfInvalido).transform(soDigitos);
export const cnpjSchema = z.string({ error: MENSAGENS.cnpjInvalido }).refine(cnpjValido, MENSAGENS.cnpjInvalido).transform(normalizarCnpj);
export const telefoneSchema = z
  .string({ error: MENSAGENS.telefoneInvalido })
  .refine(telefoneValido, MENSAGENS.telefoneInvalido)
  .transform(soDigitos);
const telefoneOpcional = z.preprocess((v) => (v === '' ? undefined : v), telefoneSchema.optional());

/** yyyy-mm-dd, a real date, 18+ and not absurdly old. */
export const dataNascimentoSchema = z
  .string({ error: MENSAGENS.dataNascimento })
  .regex(/^\d{4}-\d{2}-\d{2}$/, MENSAGENS.dataNascimento)
  .refine((v) => {
    const d = new Date(`${v}T12:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getUTCFullYear() > 1900;
  }, MENSAGENS.dataNascimento)
  .refine((v) => {
    const hoje = new Date();
    const limite = `${hoje.getUTCFullYear() - 18}-${String(hoje.getUTCMonth() + 1).padStart(2, '0')}-${String(hoje.getUTCDate()).padStart(2, '0')}`;
    return v <= limite;
  }, MENSAGENS.menorDeIdade);

/** Address (spec 5: logradouro ≥ 5, numero required, bairro ≥ 3, cep exactly 9 as 00000-000). */
export const enderecoSchema = z.object({
  cep: z
    .string({ error: MENSAGENS.cep })
    .trim()
    .transform((v) => (/^\d{8}$/.test(v) ? formatarCep(v) : v))
    .pipe(z.string().regex(/^\d{5}-\d{3}$/, MENSAGENS.cep)),
  logradouro: textoLivre(200, MENSAGENS.logradouro).pipe(z.string().min(5, MENSAGENS.logradouro)),
  numero: texto(MENSAGENS.numero).pipe(z.string().max(20, MENSAGENS.numero)),
  complemento: opcional(120),
  referencia: opcional(200),
  bairro: textoLivre(120, MENSAGENS.bairro).pipe(z.string().min(3, MENSAGENS.bairro)),
  cidade: texto(MENSAGENS.cidade, 120),
  estadoSigla: z
    .string({ error: MENSAGENS.uf })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, MENSAGENS.uf),
});

const INTERESSES = ['carros', 'motos', 'onibus', 'caminhoes', 'imoveis', 'equipamento'] as const;
export const interessesSchema = z.object(
  Object.fromEntries(INTERESSES.map((i) => [i, marcado.optional().default(false)])) as {
    [K in (typeof INTERESSES)[number]]: z.ZodDefault<z.ZodOptional<typeof marcado>>;
  },
);
export { INTERESSES };
/** What the client reads for each interest (the keys are the stored column names). */
export const ROTULOS_INTERESSE: Record<(typeof INTERESSES)[number], string> = {
  carros: 'Carros',
  motos: 'Motos',
  onibus: 'Ônibus',
  caminhoes: 'Caminhões',
  imoveis: 'Imóveis',
  equipamento: 'Equipamentos',
};

/**
 * Monthly income in reais → integer centavos: a number, or a form's text as a person types it
 * ("5.000,00", "5000,5", "R$ 5.000", "5000.00"). At most R$ 10.000.000,00, so the centavos fit the
 * `integer` column; `true` or `1e308` is refused.
 */
export const RENDA_MENSAL_MAXIMA_REAIS = 10_000_000;
const rendaDoTexto = (v: string) => {
  const centavos = reaisParaCentavos(v);
  return Number.isNaN(centavos) ? v : centavos / 100;
};
const rendaSchema = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : typeof v === 'string' ? rendaDoTexto(v) : v),
  z
    .number({ error: MENSAGENS.rendaMensal })
    .nonnegative(MENSAGENS.rendaMensal)
    .max(RENDA_MENSAL_MAXIMA_REAIS, MENSAGENS.rendaMensalMaxima)
    .transform((reais) => Math.round(reais * 100))
    .optional(),
);

const comum = {
  email: emailSchema,
  senha: senhaNovaSchema,
  confirmarSenha: z.string().max(200, MENSAGENS.senhasDiferentes).optional(),
  telefone: telefoneSchema,
  telefone2: telefoneOpcional,
  apelido: opcional(60),
  comoConheceu: opcional(200),
  rendaMensal: rendaSchema,
  endereco: enderecoSchema,
  // No box ticked sends no `interesses` at all: every interest is then false.
  interesses: interessesSchema.prefault({}),
  aceiteTermos: marcado.refine((v) => v, MENSAGENS.termos),
};

/** /cadastro: individuals (CPF) or companies (CNPJ, razão social, inscrição estadual). */
export const cadastroSchema = z
  .discriminatedUnion(
    'tipoPessoa',
    [
      z.object({
        tipoPessoa: z.literal('Fisica'),
        nome: texto('Informe o nome completo').pipe(z.string().min(5, 'Informe o nome completo').max(150)),
        cpf: cpfSchema,
        rg: opcional(20),
        dataNascimento: dataNascimentoSchema,
        ocupacaoProfissional: opcional(120),
        ...comum,
      }),
      z.object({
        tipoPessoa: z.literal('Juridica'),
        nome: texto('Informe o nome do responsável').pipe(z.string().min(5, 'Informe o nome do responsável').max(150)),
        cnpj: cnpjSchema,
        razaoSocial: texto(MENSAGENS.razaoSocial).pipe(z.string().max(200)),
        nomeFantasia: opcional(200),
        inscricaoEstadual: textoLivre(20)
          .optional()
          .transform((v) => v || 'ISENTO'),
        ramoAtividade: opcional(120),
        ...comum,
      }),
    ],
    { error: 'Escolha Pessoa Física ou Pessoa Jurídica' },
  )
  .refine((d) => d.confirmarSenha === undefined || d.confirmarSenha === d.senha, {
    message: MENSAGENS.senhasDiferentes,
    path: ['confirmarSenha'],
    // Checked with the other fields' errors too, so a mismatch is not found one submission later.
    when: ({ value }) => typeof value === 'object' && value !== null && 'senha' in value,
  });

/** PUT /v1/cliente/atualizar-cadastro and /cliente/meu-perfil: what a client may change. */
export const atualizarCadastroSchema = z.object({
  apelido: opcional(60),
  telefone: telefoneSchema.optional(),
  telefone2: telefoneOpcional,
  telefone3: telefoneOpcional,
  ocupacaoProfissional: opcional(120),
  ramoAtividade: opcional(120),
  rendaMensal: rendaSchema,
  comoConheceu: opcional(200),
  endereco: enderecoSchema.optional(),
  interesses: interessesSchema.partial().optional(),
});

/**
 * The same, as the JSON API takes it: money in integer centavos like every API field (decision 013),
 * where the profile form takes reais.
 */
export const atualizarCadastroApiSchema = atualizarCadastroSchema.extend({
  rendaMensal: z
    .number({ error: MENSAGENS.rendaMensal })
    .int(MENSAGENS.rendaMensal)
    .nonnegative(MENSAGENS.rendaMensal)
    .max(RENDA_MENSAL_MAXIMA_REAIS * 100, MENSAGENS.rendaMensalMaxima)
    .optional()
    .meta({ description: 'Renda mensal em centavos' }),
});

export const socioSchema = z.object({
  nome: texto('Informe o nome do sócio', 150).pipe(z.string().min(5, 'Informe o nome do sócio')),
  cpf: cpfSchema,
  email: z.preprocess((v) => (v === '' ? undefined : v), emailSchema.optional()),
  telefone: telefoneOpcional,
  dataNascimento: z.preprocess((v) => (v === '' ? undefined : v), dataNascimentoSchema.optional()),
});
