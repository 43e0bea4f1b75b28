import { z } from 'zod';
import { exigirPapelApi, usuarioDoPedido } from '~/modules/identidade/guard.server';
import { podeVerLeilao } from '~/modules/eventos/convidados.server';
import {
  PAPEIS_DA_TRANSMISSAO,
  PAPEIS_DO_ACOMPANHAMENTO,
  PAPEIS_DO_AUDITORIO,
  PAPEIS_DO_LEILOEIRO,
  PAPEIS_DO_PAINEL,
} from '~/modules/aovivo/acesso';
import {
  canalSchema,
  criarCanal,
  iniciarTransmissao,
  iniciarTransmissaoSchema,
  publicarTransmissao,
  publicarTransmissaoSchema,
} from '~/modules/aovivo/transmissao.server';
import { acompanharLeilao } from '~/modules/aovivo/acompanhamento.server';
import {
  ACOES_APELIDO,
  anunciosAuditorioSchema,
  loteIdSchema,
  anunciosDoAuditorio,
  apelidosDoLote,
} from '~/modules/aovivo/auditorio.server';
import { mensagensRecentes, moderacaoSchema, moderarChat } from '~/modules/aovivo/chat.server';
import {
  doulheSchema,
  estadoDoPregao,
  executarComando,
  lanceLeiloeiroSchema,
  leilaoUidSchema,
  loteAtualSchema,
  lotesDoLeilao,
  MENSAGENS_COMANDO,
  type NomeDoComando,
} from '~/modules/aovivo/pregao.server';
import { chatMensagemSchema, pregaoSchema } from '~/realtime/protocol';
import { ErroHttp } from '~/utils/errors';
import type { RotaApi } from './rota.server';
import { mensagemSchema } from './esquemas';

/**
 * Live auctions (issue 15): the auctioneer's commands, the auditorium's snapshot (refetched after a
 * reconnect) and chat moderation. Commands answer the auction's new live state (`pregao`); refusals
 * are 409 with the reason. Events go out after commit (docs/aovivo.md).
 */
const COMANDOS_HTTP: { caminho: NomeDoComando; resumo: string; corpo?: z.ZodType; status?: number }[] = [
  { caminho: 'iniciar', resumo: 'Iniciar (ou retomar) o leilão: AO_VIVO' },
  { caminho: 'lote-atual', resumo: 'Colocar um lote em pregão (AO_VIVO), com o intervalo entre lotes do leilão', corpo: loteAtualSchema },
  { caminho: 'doulhe', resumo: 'Dou-lhe uma / dou-lhe duas (DOULHE_UMA / DOULHE_DUAS)', corpo: doulheSchema },
  { caminho: 'martelo', resumo: 'Bater o martelo: vendido, condicional ou não arrematado pelas regras do motor' },
  { caminho: 'pausar', resumo: 'Pausar o leilão (iniciar retoma)' },
  { caminho: 'encerrar', resumo: 'Encerrar o leilão: EXECUTADO' },
  {
    caminho: 'lance',
    resumo: 'Lance de pista (do leiloeiro em nome do público presencial), no próximo valor aceito quando sem valor',
    corpo: lanceLeiloeiroSchema,
    status: 201,
  },
];

const TAG = 'Leilão ao vivo';
const paramsLeilao = z.object({ leilaoUid: leilaoUidSchema });
const loteResumo = z.object({
  loteId: z.number().int(),
  veiUid: z.string(),
  numero: z.string(),
  nome: z.string(),
  situacao: z.string(),
  valorAtual: z.number().int(),
  foto: z.string().nullable(),
});
const transmissaoSchema = z.object({
  uid: z.uuid(),
  canalTransmissaoUid: z.uuid().nullable(),
  leilaoUid: z.uuid(),
  urlRmtp: z.string(),
  videoAtivo: z.boolean(),
  audioAtivo: z.boolean(),
  posicaoTemplate: z.number().int(),
  videoFilename: z.string().nullable(),
  videoLoop: z.boolean(),
  videoVoltarNoSegundo: z.number().int().nullable(),
  local: z.string().nullable(),
  ultimaChecagem: z.iso.datetime().nullable(),
  dataInicio: z.iso.datetime(),
  dataPublicacao: z.iso.datetime().nullable(),
});
export function rotasAoVivo(): RotaApi[] {
  return [
    ...COMANDOS_HTTP.map((c): RotaApi => ({
      metodo: 'post',
      caminho: `/leiloeiro/:leilaoUid/${c.caminho}`,
      resumo: c.resumo,
      tag: TAG,
      acesso: PAPEIS_DO_LEILOEIRO.join(', '),
      params: paramsLeilao,
      corpo: c.corpo,
      status: c.status,
      resposta: c.corpo === lanceLeiloeiroSchema ? undefined : z.object({ pregao: pregaoSchema }),
      handler: async (req, res, ctx) => {
        const u = await exigirPapelApi(req, ctx, PAPEIS_DO_LEILOEIRO);
        const r = await executarComando({
          db: ctx.db,
          hub: ctx.hub,
          hotsiteId: ctx.marca.id,
          leilaoUid: String(req.params.leilaoUid),
          comando: c.caminho,
          entrada: req.body,
          usuarioId: u.id,
        });
        res.status(r.status);
        return r.corpo;
      },
    })),
    {
      metodo: 'get',
      caminho: '/leiloes/auditorio/:leilaoUid',
      resumo: 'Auditório: o estado ao vivo do leilão, seus lotes e as últimas mensagens do chat',
      tag: TAG,
      acesso: PAPEIS_DO_AUDITORIO.join(', '),
      params: paramsLeilao,
      resposta: z.object({ pregao: pregaoSchema, lotes: z.array(loteResumo), chat: z.array(chatMensagemSchema) }),
      handler: async (req, _res, ctx) => {
        const u = await exigirPapelApi(req, ctx, PAPEIS_DO_AUDITORIO);
        const leilaoUid = leilaoUidSchema.parse(req.params.leilaoUid);
        // A private auction's auditorium: its accepted guests only (decision 186); anyone else, not found.
        const visivel = await podeVerLeilao({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, leilao: { uid: leilaoUid } });
        const pregao = visivel ? await estadoDoPregao({ db: ctx.db, hotsiteId: ctx.marca.id, leilaoUid }) : null;
        if (!pregao) throw new ErroHttp(404, MENSAGENS_COMANDO.leilaoNaoEncontrado);
        const [lotes, chat] = await Promise.all([
          lotesDoLeilao({ db: ctx.db, hotsiteId: ctx.marca.id, leilaoUid }),
          mensagensRecentes({ db: ctx.db, hotsiteId: ctx.marca.id, leilaoUid }),
        ]);
        return { pregao, lotes, chat };
      },
    },
    {
      metodo: 'get',
      caminho: '/leiloes/backoffice-acompanhar-leilao/:leilaoUid',
      resumo:
        'Acompanhamento do leilão (backoffice): cada lote com lances por tipo, valor do comitente e resposta condicional; e os clientes',
      tag: TAG,
      acesso: PAPEIS_DO_ACOMPANHAMENTO.join(', '),
      params: paramsLeilao,
      resposta: z.object({
        lotes: z.array(
          z.object({
            loteId: z.number().int(),
            numero: z.string(),
            nome: z.string(),
            situacao: z.string(),
            valorAtual: z.number().int(),
            lance: z.number().int().nullable(),
            apelido: z.string().nullable(),
            valorComitente: z.number().int().nullable(),
            quantidadeLances: z.number().int(),
            lances: z.object({
              manuais: z.number().int(),
              automaticos: z.number().int(),
              leiloeiro: z.number().int(),
              configuracoes: z.number().int(),
            }),
            respostaCondicional: z.string().nullable(),
          }),
        ),
        clientes: z.array(
          z.object({
            id: z.number().int(),
            nome: z.string(),
            email: z.string(),
            lances: z.number().int(),
            liderando: z.number().int(),
            habilitado: z.boolean(),
            bloqueadoNoChat: z.boolean(),
          }),
        ),
      }),
      handler: async (req, _res, ctx) => {
        await exigirPapelApi(req, ctx, PAPEIS_DO_ACOMPANHAMENTO);
        const { lotes, clientes } = await acompanharLeilao({ db: ctx.db, hotsiteId: ctx.marca.id, leilaoUid: req.params.leilaoUid });
        return { lotes, clientes };
      },
    },
    {
      metodo: 'get',
      caminho: '/leilao/apelido-leiloeiro/por-lote/:id',
      resumo: 'Apelidos do leiloeiro para um lote: um por licitante online, embaralhados',
      tag: TAG,
      acesso: PAPEIS_DO_LEILOEIRO.join(', '),
      params: z.object({ id: loteIdSchema }),
      resposta: z.array(
        z.object({
          uid: z.uuid(),
          apelido: z.string(),
          cidade: z.string().nullable(),
          estado: z.string().nullable(),
          tipoVeiculoSite: z.string().nullable(),
          tipoRetomadaSite: z.string().nullable(),
          createdAt: z.iso.datetime().meta({ description: 'Primeiro lance do licitante no lote' }),
          qtdLances: z.number().int(),
          acoesApelido: z.array(z.enum(ACOES_APELIDO)),
        }),
      ),
      handler: async (req, _res, ctx) => {
        await exigirPapelApi(req, ctx, PAPEIS_DO_LEILOEIRO);
        return apelidosDoLote({ db: ctx.db, hotsiteId: ctx.marca.id, loteId: req.params.id });
      },
    },
    // Public like the rest of /lote (the brand's viewing rules apply: router.server.ts).
    {
      metodo: 'get',
      caminho: '/lote/anuncios-auditorio',
      resumo: 'Anúncios do auditório: os lotes do leilão pedido (senão o ao vivo, senão o próximo) na ordem do pregão',
      tag: TAG,
      query: anunciosAuditorioSchema,
      resposta: z.object({
        leilao: z.object({ uid: z.uuid(), nome: z.string(), situacao: z.string() }).nullable(),
        loteAtualId: z.number().int().nullable(),
        anuncios: z.array(loteResumo),
      }),
      handler: async (req, _res, ctx) => {
        // A session that cannot be used here asks as a visitor would: the public auctions only.
        const u = await usuarioDoPedido(req, ctx).catch(() => null);
        return anunciosDoAuditorio({
          db: ctx.db,
          hotsiteId: ctx.marca.id,
          consulta: req.query,
          usuarioId: u?.hotsiteId === ctx.marca.id ? u.id : null,
        });
      },
    },
    {
      metodo: 'post',
      caminho: '/canal-transmissao',
      resumo: 'Criar um canal de transmissão do leilão (nome, disponível, template)',
      tag: TAG,
      acesso: PAPEIS_DA_TRANSMISSAO.join(', '),
      corpo: canalSchema,
      status: 201,
      resposta: z.object({
        canalTransmissaoUid: z.uuid(),
        nome: z.string(),
        disponivel: z.boolean(),
        templateUid: z.uuid(),
        leilaoUid: z.uuid(),
      }),
      handler: async (req, res, ctx) => {
        await exigirPapelApi(req, ctx, PAPEIS_DA_TRANSMISSAO);
        res.status(201);
        return criarCanal({ db: ctx.db, hotsiteId: ctx.marca.id, entrada: req.body });
      },
    },
    {
      metodo: 'post',
      caminho: '/transmissao/iniciar',
      resumo: 'Iniciar uma transmissão do leilão (URL do stream, vídeo e áudio, posição no template)',
      tag: TAG,
      acesso: PAPEIS_DA_TRANSMISSAO.join(', '),
      corpo: iniciarTransmissaoSchema,
      status: 201,
      resposta: transmissaoSchema,
      handler: async (req, res, ctx) => {
        const u = await exigirPapelApi(req, ctx, PAPEIS_DA_TRANSMISSAO);
        res.status(201);
        return iniciarTransmissao({ db: ctx.db, hotsiteId: ctx.marca.id, entrada: req.body, usuarioId: u.id });
      },
    },
    {
      metodo: 'put',
      caminho: '/transmissao/publicar',
      resumo: 'Publicar a transmissão no auditório: vira o vídeo do leilão e o auditório recebe on-transmissao',
      tag: TAG,
      acesso: PAPEIS_DA_TRANSMISSAO.join(', '),
      corpo: publicarTransmissaoSchema,
      resposta: transmissaoSchema,
      handler: async (req, _res, ctx) => {
        await exigirPapelApi(req, ctx, PAPEIS_DA_TRANSMISSAO);
        return publicarTransmissao({ db: ctx.db, hub: ctx.hub, hotsiteId: ctx.marca.id, entrada: req.body });
      },
    },
    {
      metodo: 'post',
      caminho: '/chat/moderacao',
      resumo: 'Moderar o chat: ocultar uma mensagem, bloquear ou desbloquear um cliente',
      tag: TAG,
      acesso: PAPEIS_DO_PAINEL.join(', '),
      corpo: moderacaoSchema,
      resposta: mensagemSchema,
      handler: async (req, _res, ctx) => {
        const u = await exigirPapelApi(req, ctx, PAPEIS_DO_PAINEL);
        return moderarChat({ db: ctx.db, hub: ctx.hub, hotsiteId: ctx.marca.id, entrada: req.body, staffId: u.id });
      },
    },
  ];
}
