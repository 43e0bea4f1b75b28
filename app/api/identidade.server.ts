import type { Request } from 'express';
import { dispositivoDoPedido, recusarSeBloqueado } from '~/modules/operacoes/bloqueios.server';
import { atualizarCadastro, clienteDoUsuario, consultarSituacao } from '~/modules/identidade/cliente.server';
import { exigirPapelApi, tokenDoPedido } from '~/modules/identidade/guard.server';
import {
  efetuarLogin,
  efetuarLogout,
  loginPorHash,
  loginTokenUsoUnico,
  renovarToken,
  rotasDoUsuario,
} from '~/modules/identidade/login.server';
import { PAPEL_CLIENTE } from '~/modules/dominio/papeis';
import { enderecoDoCliente } from '~/utils/endereco-cliente.server';
import { ErroHttp } from '~/utils/errors';
import type { RotaApi } from './rota.server';
import { centavos, instante, mensagemSchema, uuid } from './esquemas';
import { cliente as tabelaCliente } from '@db/schema';
import { z } from 'zod';
import { atualizarCadastroApiSchema, loginPorHashSchema, loginSchema, loginTokenUsoUnicoSchema } from '~/modules/identidade/validacao';

const origem = (req: Request) => ({ ip: enderecoDoCliente(req), userAgent: req.get('user-agent') ?? null });
const corpo = (req: Request): unknown => (req.body && typeof req.body === 'object' ? req.body : {});
const semExpiraEm = <T extends { expiraEm?: unknown }>({ expiraEm: _e, ...r }: T) => r;

const TAG = 'Autenticação e cliente';
/** The answers' own checks are in the use cases (a bad token is a 401 'Token inválido'); these describe them. */
const refreshSchema = z.object({ refreshToken: z.string() });
const hashSchema = z.object({ hash: z.string().optional() });
const loginResultadoSchema = z
  .looseObject({
    id: z.number().int(),
    nome: z.string(),
    token: z.string(),
    refreshToken: z.string(),
    twoFactorHabilitado: z.boolean(),
    twoFactorObrigatorio: z.boolean(),
    twoFactorBloqueado: z.boolean(),
    roles: z.array(z.string()),
    dataFimToken: z.string(),
  })
  .meta({ id: 'ResultadoLogin' });
const tokenRenovadoSchema = z
  .object({
    token: z.string(),
    refreshToken: z.string().meta({ description: 'O novo refresh token: o anterior não vale mais' }),
    dataFimToken: instante,
  })
  .meta({ id: 'TokenRenovado' });
const hashDeLoginSchema = z
  .object({
    hash: z.string().meta({ description: 'Segredo de uso único para POST /usuario/hash/efetuar-login' }),
    expiraEm: instante,
  })
  .meta({ id: 'HashDeLogin' });
const situacaoClienteSchema = z.enum(tabelaCliente.situacao.enumValues);
const documentoSituacaoSchema = z.enum(tabelaCliente.documentoSituacao.enumValues);
const infosDoClienteSchema = z
  .object({
    id: z.number().int(),
    uid: uuid,
    nome: z.string(),
    cpf: z.string().nullable(),
    cnpj: z.string().nullable(),
    email: z.string(),
    telefone: z.string().nullable(),
    endereco: z.object({ estadoSigla: z.string() }).nullable(),
    habilitacaoSucata: z.boolean(),
    permitirAcessoSistemaLegado: z.boolean(),
    dataCadastro: instante,
    redirecionarParaLegadoAposLogin: z.boolean(),
  })
  .meta({ id: 'InfosDoCliente' });
const texto = z.string().nullable();
const enderecoDoClienteSchema = z
  .object({
    id: z.number().int(),
    hotsiteId: z.number().int(),
    clienteId: z.number().int(),
    tipoLogradouro: texto,
    logradouro: z.string(),
    numero: z.string(),
    bairro: z.string(),
    complemento: texto,
    referencia: texto,
    cep: z.string(),
    cidade: z.string(),
    estado: texto,
    estadoSigla: z.string(),
    regiao: texto,
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    locId: z.number().int().nullable(),
    ufId: z.number().int().nullable(),
    createdAt: instante,
    updatedAt: instante,
  })
  .meta({ id: 'EnderecoDoCliente' });
/**
 * The client's own record as atualizar-cadastro answers it: what the client filled in and the state of
 * its confirmations. Staff notes, the block reason, the invitation and the internal ids stay out (the
 * answer is built from this schema's keys, so an undocumented column never reaches the client).
 */
const cadastroDoClienteSchema = z
  .object({
    id: z.number().int(),
    uid: uuid,
    apelido: texto,
    dataNascimento: z.string().nullable().meta({ description: 'Data AAAA-MM-DD' }),
    situacao: situacaoClienteSchema,
    documentoSituacao: documentoSituacaoSchema,
    documentosEnviadosAt: instante.nullable(),
    documentosAprovadosAt: instante.nullable(),
    documentosPendentesAt: instante.nullable(),
    telefone: texto,
    telefone2: texto,
    telefone3: texto,
    email: z.string(),
    nome: z.string(),
    rg: texto,
    cpf: texto,
    cnpj: texto,
    razaoSocial: texto,
    nomeFantasia: texto,
    nomeFazenda: texto,
    inscricaoEstadual: texto,
    orgaoExpeditor: texto,
    ocupacaoProfissional: texto,
    ramoAtividade: texto,
    rendaMensal: centavos.nullable(),
    comoConheceu: texto,
    carros: z.boolean(),
    motos: z.boolean(),
    onibus: z.boolean(),
    caminhoes: z.boolean(),
    imoveis: z.boolean(),
    equipamento: z.boolean(),
    telefoneConfirmadoAt: instante.nullable(),
    emailConfirmadoAt: instante.nullable(),
    habilitacaoSucata: z.boolean(),
    permitirAcessoSistemaLegado: z.boolean(),
    redirecionarParaLegadoAposLogin: z.boolean(),
    dataCadastro: instante,
    createdAt: instante,
    updatedAt: instante,
    endereco: enderecoDoClienteSchema.nullable(),
    natureza: z.enum(['Fisica', 'Juridica']).meta({ description: 'Juridica quando o cadastro tem CNPJ' }),
  })
  .meta({ id: 'CadastroDoCliente' });
const CAMPOS_DO_CADASTRO = Object.keys(cadastroDoClienteSchema.shape);
/** The documented members of the client's record, and nothing else. */
const cadastroParaOCliente = (c: object) => Object.fromEntries(CAMPOS_DO_CADASTRO.map((k) => [k, (c as Record<string, unknown>)[k]]));
const cadastroAtualizadoSchema = z
  .object({ mensagem: z.string(), cliente: cadastroDoClienteSchema.nullable() })
  .meta({ id: 'CadastroAtualizado' });
const situacaoDoClienteSchema = z
  .object({
    documentosOk: z.boolean(),
    telefoneOk: z.boolean(),
    emailOk: z.boolean(),
    email: z.string(),
    telefone: z.string().nullable(),
    emailEmUso: z.boolean().meta({ description: 'Outro cliente da marca já confirmou este e-mail' }),
    telefoneEmUso: z.boolean().meta({ description: 'Outro cliente da marca já confirmou este telefone' }),
    situacao: situacaoClienteSchema,
    documentoSituacao: documentoSituacaoSchema,
    qtdQuadroSocietario: z.number().int(),
  })
  .meta({ id: 'SituacaoDoCliente' });

/** Identity calls of the spec (section 7, Authentication and session + Client), bearer-token based. */
export function rotasIdentidade(): RotaApi[] {
  return [
    {
      metodo: 'post',
      caminho: '/usuario/efetuar-login',
      resumo: 'Login por e-mail e senha (e código de dois fatores quando exigido)',
      tag: TAG,
      corpo: loginSchema,
      resposta: loginResultadoSchema,
      handler: async (req, _res, { db, marca, hotsites, ip }) => {
        await recusarSeBloqueado({
          db,
          hotsites,
          hotsiteId: marca.id,
          ip,
          dispositivo: dispositivoDoPedido((n) => req.get(n)),
          acao: 'login',
          email: (corpo(req) as { email?: unknown }).email as string | undefined,
        });
        const { manterLogado: _m, ...resultado } = await efetuarLogin({
          db,
          hotsiteId: marca.id,
          entrada: corpo(req),
          origem: origem(req),
        });
        return semExpiraEm(resultado);
      },
    },
    {
      metodo: 'post',
      caminho: '/usuario/refresh-token',
      resumo: 'Renovar o token',
      tag: TAG,
      corpo: refreshSchema,
      resposta: tokenRenovadoSchema,
      handler: async (req, _res, { db, marca }) =>
        renovarToken({ db, hotsiteId: marca.id, refreshToken: (corpo(req) as { refreshToken?: unknown }).refreshToken }),
    },
    {
      metodo: 'post',
      caminho: '/usuario/efetuar-logout',
      resumo: 'Encerrar a sessão do token',
      tag: TAG,
      acesso: 'logado',
      resposta: mensagemSchema,
      handler: async (req, _res, { db, hub, marca }) => {
        await efetuarLogout({ db, hub, hotsiteId: marca.id, token: await tokenDoPedido(req) });
        return { mensagem: 'Logout efetuado' };
      },
    },
    {
      metodo: 'get',
      caminho: '/usuario/rotas',
      resumo: 'Rotas permitidas aos papéis do usuário',
      tag: TAG,
      acesso: 'logado',
      resposta: z.array(z.string()),
      handler: async (req, _res, ctx) => {
        const u = await exigirPapelApi(req, ctx);
        return rotasDoUsuario(u.papeis);
      },
    },
    {
      metodo: 'post',
      caminho: '/usuario/efetuar-login-token-uso-unico',
      resumo: 'Login com token de uso único',
      tag: TAG,
      corpo: loginTokenUsoUnicoSchema,
      resposta: hashDeLoginSchema,
      handler: async (req, _res, { db, marca }) =>
        loginTokenUsoUnico({ db, hotsiteId: marca.id, entrada: corpo(req), origem: origem(req) }),
    },
    {
      metodo: 'post',
      caminho: '/usuario/hash/efetuar-login',
      resumo: 'Login por hash (consulta ?hash= ou corpo); usuário com 2FA envia também twoFactorcode',
      tag: TAG,
      query: hashSchema,
      corpo: hashSchema.extend(loginPorHashSchema.shape),
      resposta: loginResultadoSchema,
      handler: async (req, _res, { db, marca }) =>
        semExpiraEm(
          await loginPorHash({
            db,
            hotsiteId: marca.id,
            hash: req.query.hash ?? (corpo(req) as { hash?: unknown }).hash,
            entrada: corpo(req),
            origem: origem(req),
          }),
        ),
    },
    {
      metodo: 'get',
      caminho: '/cliente/infos-individual',
      resumo: 'Dados do cliente logado',
      tag: TAG,
      acesso: 'cliente logado',
      resposta: infosDoClienteSchema,
      handler: async (req, _res, ctx) => {
        const u = await exigirPapelApi(req, ctx, [PAPEL_CLIENTE]);
        const c = await clienteDoUsuario({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id });
        if (!c) throw new ErroHttp(404, 'Cadastro de cliente não encontrado');
        return {
          id: c.id,
          uid: c.uid,
          nome: c.nome,
          cpf: c.cpf,
          cnpj: c.cnpj,
          email: c.email,
          telefone: c.telefone,
          endereco: c.endereco ? { estadoSigla: c.endereco.estadoSigla } : null,
          habilitacaoSucata: c.habilitacaoSucata,
          permitirAcessoSistemaLegado: c.permitirAcessoSistemaLegado,
          dataCadastro: c.dataCadastro,
          redirecionarParaLegadoAposLogin: c.redirecionarParaLegadoAposLogin,
        };
      },
    },
    {
      metodo: 'put',
      caminho: '/cliente/atualizar-cadastro',
      resumo: 'Atualizar o próprio cadastro (rendaMensal em centavos)',
      tag: TAG,
      acesso: 'cliente logado',
      corpo: atualizarCadastroApiSchema,
      resposta: cadastroAtualizadoSchema,
      handler: async (req, _res, ctx) => {
        const u = await exigirPapelApi(req, ctx, [PAPEL_CLIENTE]);
        const c = await atualizarCadastro({
          db: ctx.db,
          hotsiteId: ctx.marca.id,
          usuarioId: u.id,
          entrada: corpo(req),
          esquema: atualizarCadastroApiSchema,
        });
        return { mensagem: 'Salvo com sucesso', cliente: c && cadastroParaOCliente(c) };
      },
    },
    {
      metodo: 'post',
      caminho: '/cliente/confirmacoes/consultar-situacao',
      resumo: 'Situação das confirmações (documentos, telefone, e-mail)',
      tag: TAG,
      acesso: 'cliente logado',
      resposta: situacaoDoClienteSchema,
      handler: async (req, _res, ctx) => {
        const u = await exigirPapelApi(req, ctx, [PAPEL_CLIENTE]);
        return consultarSituacao({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id });
      },
    },
  ];
}
