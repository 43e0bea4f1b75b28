import { and, count, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { cliente, clienteDocumento, clienteSocio, endereco, hotsite, usuario, usuarioPapel } from '@db/schema';
import { ErroHttp } from '~/utils/errors';
import { formatarDataHora } from '~/utils/format';
import { situacaoDaJanela } from '~/modules/dominio/janelas';
import { ROTULOS_DOCUMENTO } from './tipos-de-documento';
import { PAPEL_CLIENTE } from '~/modules/dominio/papeis';
import { exigirTentativa } from './limite.server';
import { hashSenha } from './senha.server';
import { atualizarCadastroApiSchema, atualizarCadastroSchema, cadastroSchema, socioSchema } from './validacao';

/** What a brand asks of its clients (hotsite row): which documents, which confirmations, CPF/CNPJ. */
export async function regrasDeCadastro({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  const [h] = await db
    .select({
      permitirCpf: hotsite.permitirCpf,
      permitirCnpj: hotsite.permitirCnpj,
      confirmacoesObrigatorias: hotsite.confirmacoesObrigatorias,
      documentosObrigatorios: hotsite.documentosObrigatorios,
      cadastroInicio: hotsite.cadastroInicio,
      cadastroFim: hotsite.cadastroFim,
    })
    .from(hotsite)
    .where(eq(hotsite.id, hotsiteId));
  if (!h) throw new ErroHttp(404, 'Site não encontrado');
  const lista = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  return {
    permitirCpf: h.permitirCpf,
    permitirCnpj: h.permitirCnpj,
    confirmacoesObrigatorias: lista(h.confirmacoesObrigatorias),
    documentosObrigatorios: lista(h.documentosObrigatorios),
    /** Null while sign-up is open; else why not, in pt-BR (the brand's sign-up window). */
    cadastroFechado: mensagemDoCadastroFechado(h.cadastroInicio, h.cadastroFim),
  };
}

function mensagemDoCadastroFechado(inicio: Date | null, fim: Date | null): string | null {
  const situacao = situacaoDaJanela(inicio, fim);
  if (situacao === 'antes') return MENSAGENS_CADASTRO.cadastroAntes(inicio!);
  if (situacao === 'depois') return MENSAGENS_CADASTRO.cadastroEncerrado;
  return null;
}

export const rotuloDocumento = (tipo: string) => ROTULOS_DOCUMENTO[tipo] ?? tipo;

export const MENSAGENS_CADASTRO = {
  emailEmUso: 'Este e-mail já está cadastrado. Faça login ou recupere sua senha.',
  cpfEmUso: 'Este CPF já está cadastrado neste site',
  cnpjEmUso: 'Este CNPJ já está cadastrado neste site',
  cpfNaoPermitido: 'Este site não aceita cadastro de pessoa física',
  cnpjNaoPermitido: 'Este site não aceita cadastro de pessoa jurídica',
  cadastroAntes: (inicio: Date) => `O cadastro neste site abre em ${formatarDataHora(inicio)}`,
  cadastroEncerrado: 'O período de cadastro deste site foi encerrado',
} as const;

/**
 * /cadastro: creates the login (role Clientes) and the client profile with its address, on this brand
 * only. Duplicates answer 409 with the field that clashes, which tells whether an e-mail, CPF or CNPJ has
 * an account: a few such answers an hour per address (LIMITES.cadastroDuplicadoPorIp, reserved before the
 * answer, so a burst of probes gets the same few), then 429.
 */
export async function cadastrarCliente({
  db,
  hotsiteId,
  entrada,
  referer,
  ip,
}: {
  db: Db;
  hotsiteId: number;
  entrada: unknown;
  referer?: string | null;
  /** The client's address: how many "already registered" answers it has had this hour. */
  ip: string;
}) {
  const d = cadastroSchema.parse(entrada);
  const regras = await regrasDeCadastro({ db, hotsiteId });
  if (regras.cadastroFechado) throw new ErroHttp(403, regras.cadastroFechado);
  if (d.tipoPessoa === 'Fisica' && !regras.permitirCpf)
    throw new ErroHttp(400, MENSAGENS_CADASTRO.cpfNaoPermitido, { tipoPessoa: [MENSAGENS_CADASTRO.cpfNaoPermitido] });
  if (d.tipoPessoa === 'Juridica' && !regras.permitirCnpj)
    throw new ErroHttp(400, MENSAGENS_CADASTRO.cnpjNaoPermitido, { tipoPessoa: [MENSAGENS_CADASTRO.cnpjNaoPermitido] });

  const [emailUsado] = await db
    .select({ id: usuario.id })
    .from(usuario)
    .where(and(eq(usuario.email, d.email), eq(usuario.hotsiteId, hotsiteId)));
  const duplicado = async (campo: string, msg: string) => {
    await exigirTentativa(db, { limite: 'cadastroDuplicadoPorIp', chave: ip });
    return new ErroHttp(409, msg, { [campo]: [msg] });
  };
  if (emailUsado) throw await duplicado('email', MENSAGENS_CADASTRO.emailEmUso);
  const documento = d.tipoPessoa === 'Fisica' ? eq(cliente.cpf, d.cpf) : eq(cliente.cnpj, d.cnpj);
  const [docUsado] = await db
    .select({ id: cliente.id })
    .from(cliente)
    .where(and(eq(cliente.hotsiteId, hotsiteId), documento));
  if (docUsado) {
    const [campo, msg] = d.tipoPessoa === 'Fisica' ? ['cpf', MENSAGENS_CADASTRO.cpfEmUso] : ['cnpj', MENSAGENS_CADASTRO.cnpjEmUso];
    throw await duplicado(campo, msg);
  }

  const senhaHash = await hashSenha(d.senha);
  return db.transaction(async (tx) => {
    const [u] = await tx.insert(usuario).values({ hotsiteId, email: d.email, nome: d.nome, senhaHash, telefone: d.telefone }).returning();
    await tx.insert(usuarioPapel).values({ usuarioId: u.id, papel: PAPEL_CLIENTE });
    const [c] = await tx
      .insert(cliente)
      .values({
        hotsiteId,
        usuarioId: u.id,
        nome: d.nome,
        email: d.email,
        apelido: d.apelido,
        telefone: d.telefone,
        telefone2: d.telefone2,
        comoConheceu: d.comoConheceu,
        rendaMensal: d.rendaMensal,
        referer: referer?.slice(0, 500) ?? null,
        ...d.interesses,
        ...(d.tipoPessoa === 'Fisica'
          ? { cpf: d.cpf, rg: d.rg, dataNascimento: d.dataNascimento, ocupacaoProfissional: d.ocupacaoProfissional }
          : {
              cnpj: d.cnpj,
              razaoSocial: d.razaoSocial,
              nomeFantasia: d.nomeFantasia,
              inscricaoEstadual: d.inscricaoEstadual,
              ramoAtividade: d.ramoAtividade,
            }),
      })
      .returning();
    await tx.insert(endereco).values({ hotsiteId, clienteId: c.id, ...d.endereco });
    return { usuarioId: u.id, clienteId: c.id, uid: c.uid, tipoPessoa: d.tipoPessoa };
  });
}

/** The client profile of a logged-in user on this brand, with its address; null for staff. */
export async function clienteDoUsuario({ db, hotsiteId, usuarioId }: { db: Db; hotsiteId: number; usuarioId: number }) {
  const [linha] = await db
    .select({ cliente, endereco })
    .from(cliente)
    .leftJoin(endereco, eq(endereco.clienteId, cliente.id))
    .where(and(eq(cliente.usuarioId, usuarioId), eq(cliente.hotsiteId, hotsiteId)));
  if (!linha) return null;
  return { ...linha.cliente, endereco: linha.endereco, natureza: linha.cliente.cnpj ? ('Juridica' as const) : ('Fisica' as const) };
}

/** PUT /v1/cliente/atualizar-cadastro: own profile; identity documents and e-mail are not changed here. */
export async function atualizarCadastro({
  db,
  hotsiteId,
  usuarioId,
  entrada,
  esquema = atualizarCadastroSchema,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  entrada: unknown;
  /** The form's (rendaMensal in reais) or the API's (in centavos). */
  esquema?: typeof atualizarCadastroSchema | typeof atualizarCadastroApiSchema;
}) {
  const d = esquema.parse(entrada);
  const c = await clienteDoUsuario({ db, hotsiteId, usuarioId });
  if (!c) throw new ErroHttp(404, 'Cadastro de cliente não encontrado');
  await db.transaction(async (tx) => {
    const telefoneMudou = d.telefone !== undefined && d.telefone !== c.telefone;
    await tx
      .update(cliente)
      .set({
        apelido: d.apelido ?? null,
        ...(d.telefone !== undefined ? { telefone: d.telefone } : {}),
        telefone2: d.telefone2 ?? null,
        telefone3: d.telefone3 ?? null,
        ocupacaoProfissional: d.ocupacaoProfissional ?? c.ocupacaoProfissional,
        ramoAtividade: d.ramoAtividade ?? c.ramoAtividade,
        rendaMensal: d.rendaMensal ?? c.rendaMensal,
        comoConheceu: d.comoConheceu ?? c.comoConheceu,
        ...(d.interesses ?? {}),
        // A new phone number must be confirmed again.
        ...(telefoneMudou ? { telefoneConfirmadoAt: null } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(cliente.id, c.id), eq(cliente.hotsiteId, hotsiteId)));
    if (d.endereco) {
      if (c.endereco)
        await tx
          .update(endereco)
          .set({ ...d.endereco, updatedAt: new Date() })
          .where(eq(endereco.id, c.endereco.id));
      else await tx.insert(endereco).values({ hotsiteId, clienteId: c.id, ...d.endereco });
    }
  });
  return clienteDoUsuario({ db, hotsiteId, usuarioId });
}

/**
 * POST /v1/cliente/confirmacoes/consultar-situacao: what is still missing before the client may bid,
 * per the brand's required confirmations and documents.
 */
export async function consultarSituacao({ db, hotsiteId, usuarioId }: { db: Db; hotsiteId: number; usuarioId: number }) {
  const c = await clienteDoUsuario({ db, hotsiteId, usuarioId });
  if (!c) throw new ErroHttp(404, 'Cadastro de cliente não encontrado');
  const regras = await regrasDeCadastro({ db, hotsiteId });
  const docs = await db
    .select({ tipo: clienteDocumento.tipo, situacao: clienteDocumento.situacao })
    .from(clienteDocumento)
    .where(and(eq(clienteDocumento.clienteId, c.id), eq(clienteDocumento.hotsiteId, hotsiteId)));
  const documentosOk = regras.documentosObrigatorios.every((tipo) => docs.some((d) => d.tipo === tipo && d.situacao === 'Aprovado'));
  const [{ n: qtdQuadroSocietario }] = await db.select({ n: count() }).from(clienteSocio).where(eq(clienteSocio.clienteId, c.id));
  const exige = (k: string) => regras.confirmacoesObrigatorias.includes(k);
  // Another client of this brand already confirmed the same e-mail or phone: this one cannot confirm it.
  // Both are stored normalised (emailSchema lowercases, telefoneSchema keeps the digits).
  const doutro = and(eq(cliente.hotsiteId, hotsiteId), ne(cliente.id, c.id));
  const [emailEmUso, telefoneEmUso] = await Promise.all([
    db
      .select({ id: cliente.id })
      .from(cliente)
      .where(and(doutro, eq(cliente.email, c.email), isNotNull(cliente.emailConfirmadoAt)))
      .limit(1),
    c.telefone
      ? db
          .select({ id: cliente.id })
          .from(cliente)
          .where(and(doutro, eq(cliente.telefone, c.telefone), isNotNull(cliente.telefoneConfirmadoAt)))
          .limit(1)
      : [],
  ]);
  return {
    documentosOk: regras.documentosObrigatorios.length === 0 || documentosOk,
    telefoneOk: !exige('telefone') || c.telefoneConfirmadoAt !== null,
    emailOk: !exige('email') || c.emailConfirmadoAt !== null,
    email: c.email,
    telefone: c.telefone,
    emailEmUso: emailEmUso.length > 0,
    telefoneEmUso: telefoneEmUso.length > 0,
    situacao: c.situacao,
    documentoSituacao: c.documentoSituacao,
    qtdQuadroSocietario,
  };
}

/** /cadastro/socios: partners of a company client. */
export async function adicionarSocio({
  db,
  hotsiteId,
  usuarioId,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  entrada: unknown;
}) {
  const d = socioSchema.parse(entrada);
  const c = await clienteDoUsuario({ db, hotsiteId, usuarioId });
  if (!c || c.natureza !== 'Juridica') throw new ErroHttp(403, 'Somente empresas cadastram sócios');
  const [existe] = await db
    .select({ id: clienteSocio.id })
    .from(clienteSocio)
    .where(and(eq(clienteSocio.clienteId, c.id), eq(clienteSocio.cpf, d.cpf)));
  if (existe) throw new ErroHttp(409, 'Sócio já cadastrado', { cpf: ['Sócio já cadastrado'] });
  await db.insert(clienteSocio).values({ hotsiteId, clienteId: c.id, ...d });
  return listarSocios({ db, hotsiteId, clienteId: c.id });
}

export function listarSocios({ db, hotsiteId, clienteId }: { db: Db; hotsiteId: number; clienteId: number }) {
  return db
    .select()
    .from(clienteSocio)
    .where(and(eq(clienteSocio.clienteId, clienteId), eq(clienteSocio.hotsiteId, hotsiteId)))
    .orderBy(clienteSocio.id);
}

export async function removerSocio({
  db,
  hotsiteId,
  usuarioId,
  socioId,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  socioId: number;
}) {
  const c = await clienteDoUsuario({ db, hotsiteId, usuarioId });
  if (!c) throw new ErroHttp(404, 'Cadastro de cliente não encontrado');
  await db
    .delete(clienteSocio)
    .where(and(eq(clienteSocio.id, socioId), eq(clienteSocio.clienteId, c.id), eq(clienteSocio.hotsiteId, hotsiteId)));
}
