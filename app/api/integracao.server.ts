import type { Request, Response } from 'express';
import { z } from 'zod';
import type { Contexto } from '~/context';
import { INTEGRADORAS } from '@db/schema/enums-catalogo';
import { type Comitentes, comitentesDoUsuario, listarComitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { ACESSOS } from '~/modules/dominio/acessos';
import { MENSAGENS_ACESSO, PAPEIS_INTERNOS as P, PERMISSOES_INTEGRACAO as PI } from '~/modules/dominio/papeis';
import { exigirPapelApi, tokenDoPedido } from '~/modules/identidade/guard.server';
import {
  comitentesDaCredencial,
  credencialDoToken,
  entrarComCredencial,
  loginCredencialSchema,
  PREFIXO_TOKEN_CHAVE,
} from '~/modules/integracoes/credenciais.server';
import { buscarLogs, filtroLogsSchema } from '~/modules/integracoes/logs.server';
import { filtroLotesIntegracaoSchema, lotesDeIntegracao } from '~/modules/integracoes/lotes.server';
import { listarGrupos } from '~/modules/integracoes/grupos.server';
import { filtroTagsSchema, listarTags } from '~/modules/integracoes/tags.server';
import { ErroHttp } from '~/utils/errors';
import { instante, uuid } from './esquemas';
import type { RotaApi } from './rota.server';

/*
 * Seller integration over the API (issue #30; decisions 166-168): the client-credentials login of a seller's
 * API key, and the reads a key may make, each behind one partner permission and limited to the key's seller.
 * Staff reach the same reads with their session: ADM every seller, a seller user (`Interno - Comitente`) the
 * sellers they are tied to.
 */

const TAG = 'Comitente Integração';
const PAINEL = ACESSOS['/admin/dashboard-comitente-integracao'] as readonly string[];
const TAGS = ACESSOS['/admin/comitente-integracao-tags'] as readonly string[];
const LOTES = ACESSOS['/admin/integracao/lotes'] as readonly string[];
const CONTAGEM = { count: 'Total de itens do filtro (a resposta traz uma página)' };

/**
 * Whose data this call may read: a key's access token (its seller, when it holds `permissao`), else the
 * logged-in staff with one of `papeis` (their sellers). A key's token is never a session, and a session
 * never passes as a key.
 */
async function leitor(req: Request, ctx: Contexto, papeis: readonly string[], permissao: string): Promise<Comitentes> {
  const auth = req.headers.authorization;
  const token = typeof auth === 'string' && auth.startsWith(`Bearer ${PREFIXO_TOKEN_CHAVE}`) ? await tokenDoPedido(req) : null;
  if (token) {
    const k = await credencialDoToken({ db: ctx.db, hotsiteId: ctx.marca.id, token });
    if (!k) throw new ErroHttp(401, MENSAGENS_ACESSO.naoLogado);
    return comitentesDaCredencial(k, permissao);
  }
  const u = await exigirPapelApi(req, ctx, papeis);
  return comitentesDoUsuario({ db: ctx.db, hotsiteId: ctx.marca.id, usuario: u });
}

function lista(res: Response, r: { itens: unknown[]; total: number }) {
  res.setHeader('count', String(r.total));
  res.setHeader('Access-Control-Expose-Headers', 'count');
  return r.itens;
}

const acessoDe = (papeis: readonly string[], permissao: string) =>
  `${papeis.join(', ')} (só os seus comitentes); chave de API com "${permissao}"`;

const integradora = z.enum(INTEGRADORAS);
const logSchema = z
  .object({
    uid: uuid,
    cliUid: z.string().nullable(),
    integradora: z.string(),
    tipo: z.string().meta({ description: '`webhook` quando recebido, senão a chamada enviada' }),
    url: z.string(),
    body: z.unknown(),
    query: z.unknown(),
    response: z.unknown(),
    error: z.string().nullable(),
    tempoResposta: z.number().int().nullable().meta({ description: 'Milissegundos' }),
    createdAt: instante,
    origem: z.enum(['Recebido', 'Enviado']),
    resumo: z.string(),
    comErro: z.boolean(),
    veiculo: z.object({ uid: uuid, placa: z.string().nullable(), nome: z.string() }).nullable(),
    remocao: z.object({ uid: uuid }).nullable(),
    comitente: z.object({ id: z.number().int(), nomeSite: z.string() }).nullable(),
  })
  .meta({ id: 'ComitenteIntegracaoLog' });
const tagSchema = z
  .object({ id: z.number().int(), uid: uuid, nome: z.string(), chave: z.string(), integradora, quantidadeVeiculos: z.number().int() })
  .meta({ id: 'ComitenteIntegracaoTag' });
const loteSchema = z
  .object({
    uid: uuid,
    numero: z.string(),
    nome: z.string(),
    situacao: z.string(),
    veiculo: z.object({ uid: uuid, placa: z.string().nullable(), chassi: z.string().nullable() }),
    comitente: z.object({ id: z.number().int(), nomeSite: z.string() }).nullable(),
    integradora: z.string(),
    externoVeiculoId: z.string(),
    externoVeiSituacao: z.string().nullable(),
    externoVeiDespachanteSituacao: z.string().nullable(),
    tags: z.array(z.object({ nome: z.string(), chave: z.string() })),
    eventos: z.number().int(),
    erros: z.number().int(),
    ultimoEventoEm: instante.nullable(),
  })
  .meta({ id: 'LoteDeIntegracao' });

export function rotasIntegracao(): RotaApi[] {
  return [
    {
      metodo: 'post',
      caminho: '/comitente-integracao/token',
      resumo: 'Login de máquina de um comitente (client credentials): troca client_id e client_secret por um token de 1 hora',
      tag: TAG,
      corpo: loginCredencialSchema,
      resposta: z.object({
        access_token: z.string(),
        expires_in: z.number().int(),
        refresh_token: z.null(),
        token_type: z.literal('Bearer'),
      }),
      handler: async (req, _res, ctx) =>
        entrarComCredencial({ db: ctx.db, hotsiteId: ctx.marca.id, entrada: req.body && typeof req.body === 'object' ? req.body : {} }),
    },
    {
      metodo: 'get',
      caminho: '/comitente-integracao/health',
      resumo: 'Verificação da chave de API: o comitente e as permissões que ela tem',
      tag: TAG,
      acesso: `chave de API com "${PI.HEALTH_CHECK}"`,
      resposta: z.object({
        ok: z.literal(true),
        comitente: z.object({ id: z.number().int(), nomeSite: z.string() }),
        permissoes: z.array(z.string()),
      }),
      handler: async (req, _res, ctx) => {
        const token = await tokenDoPedido(req);
        const k = token ? await credencialDoToken({ db: ctx.db, hotsiteId: ctx.marca.id, token }) : null;
        if (!k) throw new ErroHttp(401, MENSAGENS_ACESSO.naoLogado);
        const [c] = await listarComitentes({ db: ctx.db, hotsiteId: ctx.marca.id, comitentes: comitentesDaCredencial(k, PI.HEALTH_CHECK) });
        return { ok: true as const, comitente: { id: c.id, nomeSite: c.nomeSite }, permissoes: k.permissoes };
      },
    },
    {
      metodo: 'get',
      caminho: '/comitente-integracao/logs/find/qb',
      resumo: 'Log de integração (trocas com seguradoras, bancos e Detran), do mais novo ao mais antigo, paginado e filtrado',
      tag: TAG,
      acesso: acessoDe(PAINEL, PI.WEBHOOK),
      query: filtroLogsSchema,
      cabecalhos: CONTAGEM,
      resposta: z.array(logSchema),
      handler: async (req, res, ctx) => {
        const comitentes = await leitor(req, ctx, PAINEL, PI.WEBHOOK);
        return lista(res, await buscarLogs({ db: ctx.db, hotsiteId: ctx.marca.id, comitentes, filtro: req.query }));
      },
    },
    {
      metodo: 'get',
      caminho: '/comitente-integracao/tags',
      resumo: 'Tags de integração da marca (uid, nome, chave, integradora)',
      tag: TAG,
      acesso: `${TAGS.join(', ')}; chave de API com "${PI.TAG}"`,
      query: filtroTagsSchema,
      cabecalhos: CONTAGEM,
      resposta: z.array(tagSchema),
      handler: async (req, res, ctx) => {
        await leitor(req, ctx, TAGS, PI.TAG);
        return lista(res, await listarTags({ db: ctx.db, hotsiteId: ctx.marca.id, filtro: req.query }));
      },
    },
    {
      metodo: 'get',
      caminho: '/comitentes/grupos-comitentes',
      resumo: 'Grupos de comitentes da marca como registros (id, uid, cogSigla, nome)',
      tag: TAG,
      acesso: 'Interno - ADM, Interno - SAC, Interno - Comitente',
      resposta: z.array(
        z
          .object({ id: z.number().int(), uid: uuid, cogSigla: z.string(), nome: z.string(), quantidadeComitentes: z.number().int() })
          .meta({ id: 'GrupoDeComitentes' }),
      ),
      handler: async (req, _res, ctx) => {
        await exigirPapelApi(req, ctx, [P.ADM, P.SAC, P.COMITENTE]);
        return listarGrupos({ db: ctx.db, hotsiteId: ctx.marca.id });
      },
    },
    {
      metodo: 'get',
      caminho: '/integracao/lotes/:leilaoUid',
      resumo: 'Lotes de integração de um leilão: id e situações no integrador, tags e últimos eventos',
      tag: TAG,
      acesso: acessoDe(LOTES, PI.LOTE),
      params: z.object({ leilaoUid: z.string().meta({ description: 'uid do leilão' }) }),
      query: filtroLotesIntegracaoSchema,
      resposta: z.array(loteSchema),
      handler: async (req, _res, ctx) => {
        const comitentes = await leitor(req, ctx, LOTES, PI.LOTE);
        const r = await lotesDeIntegracao({
          db: ctx.db,
          hotsiteId: ctx.marca.id,
          comitentes,
          leilaoUid: String(req.params.leilaoUid),
          filtro: req.query,
        });
        return r.itens;
      },
    },
  ];
}
