import type { Request, Response } from 'express';
import { CABECALHO_OPCOES_NOTIFICACAO, lerOpcoesDeNotificacao } from '~/modules/notificacoes/opcoes';
import { dispositivoDoPedido, recusarSeBloqueado } from '~/modules/operacoes/bloqueios.server';
import { z } from 'zod';
import type { Contexto } from '~/context';
import { darLance, lanceInputSchema } from '~/modules/lances/lance-manual.server';
import { automaticoInputSchema, cancelarLanceAutomatico, configurarLanceAutomatico } from '~/modules/lances/lance-automatico.server';
import { compreJa } from '~/modules/lances/compre-ja.server';
import { MENSAGENS_LANCE, textoDaRecusa } from '~/modules/lances/mensagens.server';
import type { Recusa, Resultado } from '~/modules/lances/resultado';
import {
  buscarLotesFavoritos,
  criarFavorito,
  LIMITE_FAVORITOS,
  listarFavoritos,
  paginaSchema,
  removerFavorito,
  veiUidSchema,
} from '~/modules/lances/favoritos.server';
import {
  enviarProposta,
  estadoDoLote,
  meusLances,
  meusLancesPaginados,
  meusLancesPaginaSchema,
  meusLancesVencedores,
  propostaSchema,
  ultimasPropostas,
} from '~/modules/lances/consultas.server';
import { clienteDoPedido, estouHabilitado, licitanteParaLote } from '~/modules/lances/participantes.server';
import { pedidoSchema, pedirHabilitacao } from '~/modules/habilitacao/habilitacao.server';
import { exigirPapelApi, usuarioDoPedido } from '~/modules/identidade/guard.server';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { responderCondicional, respostaCondicionalSchema } from '~/modules/lances/encerramento.server';
import { comitentesDoUsuario } from '~/modules/comitentes/usuarios-comitente.server';
import { corpoDeErroDaApi } from '~/utils/errors';
import { limiteSchema } from '~/utils/entrada';
import { idSchema } from '~/utils/id';
import type { ApiHandler, RotaApi } from './rota.server';
import { camposDasTaxas, centavos, instante, mensagemSchema, uuid } from './esquemas';
import { proposta, TIPOS_LANCE, TIPOS_NEGOCIACAO } from '@db/schema';
import { STATUS_LANCE } from '~/modules/lances/regras';
import { loteAoVivoSchema, valorAoVivoSchema } from '~/realtime/protocol';

/**
 * Bidding API (issue #5): bids, automatic bids, buy-now, proposals, my bids, favourites, habilitation.
 * Bid requests may carry an Idempotency-Key header (a replay answers the first answer).
 */
/**
 * A bidding result (modules/lances/resultado.ts) as the API answers it: the status code, and the body
 * in the spec's leilão texts; a refusal takes the API's error shape with its extra members (`proximo`,
 * `lote`). The one place the API turns a result into HTTP; the pages have theirs
 * (app/paginas/resposta-do-lance.server.ts).
 */
export function respostaDaApi(r: Resultado): { status: number; corpo: object } {
  const recusa = (x: Recusa, status: number, extra: Record<string, unknown> = {}) => ({
    status,
    corpo: corpoDeErroDaApi(status, textoDaRecusa(x, MENSAGENS_LANCE), extra),
  });
  switch (r.tipo) {
    case 'aceito':
      return { status: 201, corpo: { lance: r.lance, lote: r.lote, status: r.status } };
    case 'registrado':
      return { status: 201, corpo: { lance: r.lance, lote: r.lote } };
    case 'automatico-salvo':
      return { status: 201, corpo: { lanceAutomatico: r.lanceAutomatico, lote: r.lote, status: r.status } };
    case 'comprado':
      return { status: 201, corpo: { lance: r.lance, lote: r.lote, status: 'vencedor' } };
    case 'automatico-cancelado':
      return { status: 200, corpo: { mensagem: MENSAGENS_LANCE.automaticoCancelado } };
    case 'abaixo':
    case 'maximo-abaixo':
      return recusa(r, 409, { proximo: r.proximo });
    case 'coberto':
      return recusa(r, 409, { proximo: r.proximo, lote: r.lote });
    case 'lote-nao-encontrado':
    case 'configuracao-nao-encontrada':
      return recusa(r, 404);
    case 'chave-reutilizada':
      return recusa(r, 422);
    default:
      return recusa(r, 409);
  }
}
const enviar = (res: Response, r: Resultado) => {
  const { status, corpo } = respostaDaApi(r);
  res.status(status).json(corpo);
  return undefined;
};
const idLote = (v: unknown) => idSchema('Identificador de lote inválido').parse(v);
const idLeilao = idSchema('Identificador de leilão inválido');
const consultaHabilitado = z.object({ leilaoId: idLeilao.optional() });
const consultaFavoritos = z.object({ limit: limiteSchema(LIMITE_FAVORITOS) });
const remocaoFavorito = z.object({ veiUid: z.uuid('veiUid inválido').optional() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The bidder of a bid call: a blocked address or device is refused first (decision 192; a cached matcher, no query). */
const licitanteHabilitado = async (req: Request, ctx: Contexto, loteId: unknown) => {
  await recusarSeBloqueado({
    db: ctx.db,
    hotsites: ctx.hotsites,
    hotsiteId: ctx.marca.id,
    ip: ctx.ip,
    dispositivo: dispositivoDoPedido((n) => req.get(n)),
    acao: 'lance',
  });
  return licitanteParaLote(req, { lances: ctx.lances, hotsiteId: ctx.marca.id, loteId: Number(loteId) });
};

const TAG = 'Lances';
const situacaoSchema = z.enum(['Habilitado', 'Pendente', 'Recusado']);
const estouHabilitadoSchema = z.object({
  leilaoId: z.number().int().nullable(),
  habilitado: z.boolean(),
  situacao: situacaoSchema.nullable(),
  motivo: z.string().nullable(),
  leiloes: z.array(z.number().int()),
  todosOsLeiloes: z.boolean(),
  habilitacaoSucata: z.object({ situacao: z.string(), tipoAutorizacao: z.string().nullable() }).nullable(),
});
const pedidoRespostaSchema = z.object({ mensagem: z.string(), leilaoId: z.number().int(), situacao: situacaoSchema });

/** The lot's money as the realtime events carry it (valorAoVivoSchema), in integer centavos. */
const valorAoVivoApiSchema = valorAoVivoSchema
  .extend({
    lance: centavos.nullable().meta({ description: 'O último lance; null sem lances' }),
    atual: centavos.meta({ description: 'O último lance, senão o mínimo' }),
    proximo: centavos.meta({ description: 'Próximo lance aceito' }),
    incremento: centavos,
  })
  .meta({ id: 'ValorAoVivo' });
/** The changed part of the lot after a bid: the same as the realtime `on-elastic-response` event. */
const loteAoVivoApiSchema = loteAoVivoSchema
  .extend({
    loteId: z.number().int(),
    valor: valorAoVivoApiSchema,
    dataFim: instante.nullable().meta({ description: 'Fim do lote (pode ter crescido com o lance)' }),
    situacao: z.string(),
    seq: z
      .number()
      .int()
      .meta({ description: 'Número de sequência do lote: um buraco na sequência pede um novo GET /lances/lote/{veiUid}' }),
  })
  .meta({ id: 'LoteAoVivo', description: 'A parte do lote que mudou, igual ao evento on-elastic-response do tempo real' });
const statusLanceSchema = z.enum(STATUS_LANCE).meta({ id: 'StatusLance', description: 'A situação do cliente no lote (spec 001 §4)' });
const lanceFeitoSchema = z
  .object({
    id: z.number().int(),
    uid: uuid,
    loteId: z.number().int(),
    valor: centavos,
    tipo: z.enum(['Manual', 'Compre Já']),
    data: instante,
  })
  .meta({ id: 'LanceFeito' });
const resultadoLanceSchema = z
  .object({ lance: lanceFeitoSchema, lote: loteAoVivoApiSchema, status: statusLanceSchema })
  .meta({ id: 'ResultadoLance' });
const resultadoCompreJaSchema = resultadoLanceSchema
  .extend({ status: z.literal('vencedor') })
  .meta({ id: 'ResultadoCompreJa', description: 'O lote fica com o cliente (AG_PAGAMENTO)' });
const resultadoAutomaticoSchema = z
  .object({
    lanceAutomatico: z.object({ id: z.number().int(), loteId: z.number().int(), valorMaximo: centavos }),
    lote: loteAoVivoApiSchema,
    status: z.enum(['ganhando', 'superado']).meta({ description: 'ganhando enquanto o lance automático lidera' }),
  })
  .meta({ id: 'ResultadoLanceAutomatico' });
const lanceDoHistoricoSchema = z.object({
  id: z.number().int(),
  valor: centavos,
  tipo: z.enum(TIPOS_LANCE),
  apelido: z.string().nullable().meta({ description: 'Apelido de quem deu o lance; null num lance de pista' }),
  lanceDePista: z.boolean().meta({ description: 'Lance do leiloeiro em nome do público presencial (tipo Leiloeiro)' }),
  cidade: z.string().nullable(),
  data: instante,
});
const estadoDoLoteSchema = z
  .object({
    loteId: z.number().int(),
    veiUid: uuid,
    nome: z.string(),
    numero: z.string(),
    valor: valorAoVivoApiSchema.extend({ minimo: centavos }),
    dataFim: instante.nullable(),
    situacao: z.string(),
    seq: z.number().int(),
    quantidadeLances: z.number().int(),
    apelido: z.string().nullable().meta({ description: 'Apelido de quem deu o lance atual; null sem lances ou num lance de pista' }),
    lanceDePista: z.boolean().meta({ description: 'O lance atual é um lance de pista (do leiloeiro, pelo público presencial)' }),
    compreJa: centavos.nullable(),
    somenteBuyNowProposta: z.boolean().meta({ description: 'O lote não aceita lances: só proposta ou Compre Já' }),
    judicial: z.boolean().meta({
      description:
        'Lote de leilão judicial: aceita proposta por escrito, à vista ou parcelada (CPC, art. 895), qualquer que seja o modo de venda',
    }),
    taxas: z.object({
      ...camposDasTaxas,
    }),
    historico: z.array(lanceDoHistoricoSchema).meta({ description: 'Os últimos 20 lances, do mais novo; só apelido e cidade' }),
    meu: z
      .object({
        valor: centavos.nullable().meta({ description: 'Seu maior lance não cancelado no lote' }),
        maximoAutomatico: centavos.nullable().meta({ description: 'Seu lance automático ativo (valor máximo)' }),
        status: statusLanceSchema,
      })
      .nullable()
      .meta({ description: 'Com sessão: a sua situação no lote, lida junto com o lote (mesmo seq); sem sessão, null' }),
  })
  .meta({ id: 'EstadoDoLote' });
const propostaEnviadaSchema = z
  .object({
    id: z.number().int(),
    uid: uuid,
    loteId: z.number().int(),
    valor: centavos,
    situacao: z.literal('Enviada'),
    data: instante,
    mensagem: z.string(),
  })
  .meta({ id: 'PropostaEnviada' });
const propostaRespostaSchema = z
  .object({
    id: z.number().int(),
    uid: uuid,
    loteId: z.number().int(),
    veiUid: uuid,
    nome: z.string(),
    numero: z.string(),
    valor: centavos,
    situacao: z.enum(proposta.situacao.enumValues),
    data: instante,
  })
  .meta({ id: 'Proposta' });
const meuLanceSchema = z
  .object({
    loteId: z.number().int(),
    veiUid: uuid,
    leilaoId: z.number().int().nullable(),
    leilaoNome: z.string().nullable(),
    nome: z.string(),
    numero: z.string(),
    situacao: z.string(),
    dataFim: instante.nullable(),
    valor: centavos.meta({ description: 'Meu maior lance no lote' }),
    lanceAtual: centavos.nullable(),
    proximo: centavos,
    qtdLancesEnviados: z.number().int(),
    tipoLance: z.enum(TIPOS_LANCE).meta({ description: 'O tipo do meu maior lance' }),
    data: instante.meta({ description: 'Meu último lance' }),
    valorMaximoAutomatico: centavos.nullable().meta({ description: 'Meu lance automático ativo no lote' }),
    ganhandoPerdendo: statusLanceSchema,
  })
  .meta({ id: 'MeuLance', description: 'Um lote em que dei lance' });
const lanceVencedorSchema = z
  .object({
    lanceId: z.number().int().nullable().meta({ description: 'Meu último lance no lote (null só se não houver lance meu nele)' }),
    loteId: z.number().int(),
    veiUid: uuid,
    nome: z.string(),
    numero: z.string(),
    situacaoLote: z.string(),
    tipoLance: z.enum(TIPOS_LANCE).nullable(),
    tipoNegociacao: z.enum(TIPOS_NEGOCIACAO),
    valor: centavos.nullable(),
    data: instante.meta({ description: 'Encerramento do lote' }),
    hash: z
      .string()
      .nullable()
      .meta({ description: 'Hash encadeado do lance vencedor (SHA-256, conferível na ata do lote); null sem lance meu' }),
    vendaUid: uuid.nullable().meta({ description: 'A venda do lote; null enquanto não houver (condicional)' }),
    hashQrcode: z.string().nullable().meta({ description: 'Hash do extrato da venda (extrato/{hash})' }),
    situacaoVenda: z.string().nullable(),
    pagamento: z
      .object({
        dataLimite: instante,
        total: centavos,
        aprovado: centavos,
        aguardandoValidacao: centavos,
        restante: centavos.meta({ description: 'O que falta pagar (nunca negativo)' }),
      })
      .nullable(),
    envio: z
      .object({
        metodoEnvio: z.string().nullable().meta({ description: 'Envio dos documentos: Sedex, Carta Registrada ou Retirada' }),
        valorSedex: centavos,
        situacao: z.string().meta({ description: 'Situação da entrega' }),
        entregaVeiculo: z.string().nullable().meta({ description: 'Retirada no pátio ou Frete' }),
      })
      .nullable(),
    agendamento: z
      .object({ dataHorario: instante, dataSolicitacao: instante.nullable(), situacao: z.string(), patio: z.string().nullable() })
      .nullable()
      .meta({ description: 'A retirada agendada no pátio' }),
    remocao: z
      .object({ situacao: z.string(), previsao: z.string().nullable(), chegada: z.string().nullable() })
      .nullable()
      .meta({ description: 'A última remoção do veículo' }),
    estadia: z
      .object({ situacao: z.string(), diaFim: z.string().nullable() })
      .nullable()
      .meta({ description: 'A estadia do veículo no pátio' }),
    respostaCondicional: z.string().nullable(),
  })
  .meta({ id: 'LanceVencedor', description: 'Um lote que ganhei, encerrado nos últimos 7 dias' });
const favoritoSchema = z
  .object({
    id: z.number().int(),
    veiUid: uuid,
    loteId: z.number().int().nullable().meta({ description: 'O lote mais novo do veículo; null se não houver' }),
    createdAt: instante,
  })
  .meta({ id: 'Favorito' });
const favoritoCriadoSchema = z.object({ id: z.number().int(), veiUid: uuid, mensagem: z.string() }).meta({ id: 'FavoritoCriado' });
const loteFavoritoSchema = z
  .object({
    id: z.number().int(),
    uid: uuid,
    veiUid: uuid,
    favoritoId: z.number().int(),
    nome: z.string(),
    numero: z.string(),
    situacao: z.string(),
    dataFim: instante.nullable(),
    valorAtual: centavos.meta({ description: 'O último lance, senão o mínimo' }),
    minimo: centavos,
    incremento: centavos,
    lance: centavos.nullable(),
    localizacaoCidade: z.string().nullable(),
    localizacaoUf: z.string().nullable(),
    categoria: z.string().nullable(),
    marcaNome: z.string().nullable(),
    modelo: z.string().nullable(),
    anoModelo: z.number().int().nullable(),
  })
  .meta({ id: 'LoteFavorito', description: 'O lote mais novo de um veículo favorito' });

const CLIENTE = 'cliente logado e habilitado no leilão do lote';
const paramsLote = z.object({ loteId: idSchema('Identificador de lote inválido') });
const paramsId = z.object({ id: idSchema('Identificador de lote inválido') });
const IDEMPOTENCIA = ' Aceita o cabeçalho Idempotency-Key: repetir o pedido devolve a primeira resposta.';

export function rotasDeLances(): RotaApi[] {
  const automatico: ApiHandler = async (req, res, ctx) => {
    const corpo = { ...req.body, ...(req.params.loteId ? { loteId: req.params.loteId } : {}) };
    const licitante = await licitanteHabilitado(req, ctx, corpo.loteId);
    const r = await configurarLanceAutomatico({
      db: ctx.db,
      lances: ctx.lances,
      hub: ctx.hub,
      hotsiteId: ctx.marca.id,
      licitante,
      entrada: corpo,
      idempotencyKey: req.get('idempotency-key'),
      tipoDaMarca: ctx.marca.tipo,
    });
    return enviar(res, r);
  };
  const remover: ApiHandler = async (req, _res, ctx) => {
    const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
    // By veiUid (body or path) or by favourite id (path); spec section 7 allows both.
    const param = req.params.id;
    const veiUid = remocaoFavorito.parse(req.body ?? {}).veiUid ?? (param && UUID.test(param) ? param : undefined);
    const id = veiUid || param === undefined ? undefined : idSchema('Identificador de favorito inválido').parse(param);
    return removerFavorito({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, veiUid, id });
  };
  return [
    {
      metodo: 'post',
      caminho: '/lances',
      resumo: 'Dar um lance (valor em centavos).' + IDEMPOTENCIA,
      tag: TAG,
      acesso: CLIENTE,
      corpo: lanceInputSchema,
      resposta: resultadoLanceSchema,
      status: 201,
      handler: async (req, res, ctx) => {
        const licitante = await licitanteHabilitado(req, ctx, req.body?.loteId);
        const r = await darLance({
          db: ctx.db,
          lances: ctx.lances,
          hub: ctx.hub,
          hotsiteId: ctx.marca.id,
          licitante,
          entrada: req.body,
          idempotencyKey: req.get('idempotency-key'),
          tipoDaMarca: ctx.marca.tipo,
        });
        return enviar(res, r);
      },
    },
    {
      metodo: 'post',
      caminho: '/lances/automatico',
      resumo: 'Configurar lance automático (valorMaximo em centavos).' + IDEMPOTENCIA,
      tag: TAG,
      acesso: CLIENTE,
      corpo: automaticoInputSchema,
      resposta: resultadoAutomaticoSchema,
      status: 201,
      handler: automatico,
    },
    {
      metodo: 'put',
      caminho: '/lances/automatico/:loteId',
      resumo: 'Alterar o lance automático de um lote.' + IDEMPOTENCIA,
      tag: TAG,
      acesso: CLIENTE,
      params: paramsLote,
      corpo: automaticoInputSchema.omit({ loteId: true }),
      resposta: resultadoAutomaticoSchema,
      status: 201,
      handler: automatico,
    },
    {
      metodo: 'delete',
      caminho: '/lances/automatico/:loteId',
      resumo: 'Cancelar o lance automático de um lote',
      tag: TAG,
      acesso: 'cliente logado',
      params: paramsLote,
      resposta: mensagemSchema,
      handler: async (req, res, ctx) => {
        const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
        return enviar(
          res,
          await cancelarLanceAutomatico({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, loteId: idLote(req.params.loteId) }),
        );
      },
    },
    {
      metodo: 'post',
      caminho: '/lote/:id/compre-ja',
      resumo: 'Comprar já pelo valor de Compre Já.' + IDEMPOTENCIA,
      tag: TAG,
      acesso: CLIENTE,
      params: paramsId,
      resposta: resultadoCompreJaSchema,
      status: 201,
      handler: async (req, res, ctx) => {
        const loteId = idLote(req.params.id);
        const licitante = await licitanteHabilitado(req, ctx, loteId);
        return enviar(
          res,
          await compreJa({
            db: ctx.db,
            lances: ctx.lances,
            hub: ctx.hub,
            hotsiteId: ctx.marca.id,
            licitante,
            loteId,
            idempotencyKey: req.get('idempotency-key'),
            tipoDaMarca: ctx.marca.tipo,
          }),
        );
      },
    },
    // Snapshot of a lot's dispute (public): the realtime client refetches it after a gap or reconnect.
    {
      metodo: 'get',
      caminho: '/lances/lote/:veiUid',
      resumo: 'Estado da disputa de um lote (o cliente de tempo real relê após uma falha de sequência)',
      tag: TAG,
      resposta: estadoDoLoteSchema,
      handler: async (req, res, ctx) => {
        res.setHeader('Cache-Control', 'no-store');
        // A session of this brand also gets its own standing (the bid panel's status); a visitor, or a
        // session that cannot be used here, gets the public snapshot (meu: null) rather than an error.
        const u = await usuarioDoPedido(req, ctx).catch(() => null);
        const usuarioId = u?.hotsiteId === ctx.marca.id ? u.id : null;
        return estadoDoLote({ db: ctx.db, hotsiteId: ctx.marca.id, veiUid: req.params.veiUid, usuarioId });
      },
    },
    {
      metodo: 'post',
      caminho: '/propostas',
      resumo: 'Enviar proposta (valor em centavos)',
      tag: TAG,
      acesso: 'cliente logado',
      corpo: propostaSchema,
      resposta: propostaEnviadaSchema,
      status: 201,
      handler: async (req, res, ctx) => {
        const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
        res.status(201);
        return enviarProposta({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, entrada: req.body });
      },
    },
    {
      metodo: 'get',
      caminho: '/leilao/lotes/buscar-ultimas-proposta',
      resumo: 'Minhas últimas propostas (as 20 mais novas)',
      tag: TAG,
      acesso: 'cliente logado',
      resposta: z.array(propostaRespostaSchema),
      handler: async (req, _res, ctx) => {
        const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
        return ultimasPropostas({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id });
      },
    },
    {
      metodo: 'get',
      caminho: '/cliente/meus-lances-rapido',
      resumo: 'Meus lances: um item por lote, do lance mais novo',
      tag: TAG,
      acesso: 'cliente logado',
      resposta: z.array(meuLanceSchema),
      handler: async (req, _res, ctx) => {
        const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
        return meusLances({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id });
      },
    },
    {
      metodo: 'get',
      caminho: '/cliente/meus-lances',
      resumo:
        'Meus lances por página e filtro (aba: todos, vencendo, superado, vencedor, condicional, finalizado); total no cabeçalho X-Total-Count',
      tag: TAG,
      acesso: 'cliente logado',
      query: meusLancesPaginaSchema,
      resposta: z.array(meuLanceSchema),
      cabecalhos: { 'X-Total-Count': 'Total de lotes do filtro' },
      handler: async (req, res, ctx) => {
        const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
        const r = await meusLancesPaginados({
          db: ctx.db,
          hotsiteId: ctx.marca.id,
          usuarioId: u.id,
          entrada: { pagina: req.query.pagina, porPagina: req.query.porPagina, aba: req.query.aba },
        });
        res.setHeader('X-Total-Count', String(r.total));
        return r.itens;
      },
    },
    {
      metodo: 'get',
      caminho: '/cliente/meus-lances-vencedores/:id',
      resumo: 'Meus lances vencedores de um leilão (0 = todos), dos últimos 7 dias',
      tag: TAG,
      acesso: 'cliente logado',
      resposta: z.array(lanceVencedorSchema),
      handler: async (req, _res, ctx) => {
        const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
        // 0 means every auction (the spec's "all"); any other value is an auction id.
        const leilaoId = req.params.id === '0' ? 0 : idLeilao.parse(req.params.id);
        return meusLancesVencedores({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, leilaoId });
      },
    },
    {
      metodo: 'get',
      caminho: '/cliente/estou-habilitado',
      resumo:
        'Estou habilitado? Para o leilão pedido: habilitado, situacao (Habilitado, Pendente, Recusado ou null) e motivo da recusa; ' +
        'sem leilaoId, se está habilitado em algum. Lotes de sucata exigem também habilitacaoSucata.',
      tag: TAG,
      acesso: 'cliente logado',
      query: consultaHabilitado,
      resposta: estouHabilitadoSchema,
      handler: async (req, _res, ctx) => {
        const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
        const { leilaoId } = consultaHabilitado.parse({ leilaoId: req.query.leilaoId || undefined });
        return estouHabilitado({ db: ctx.db, marca: ctx.marca, usuarioId: u.id, leilaoId: leilaoId ?? null });
      },
    },
    {
      metodo: 'post',
      caminho: '/cliente/habilitar',
      resumo:
        'Pedir habilitação num leilão, aceitando o edital e o regulamento: 201 habilitado na hora; 202 pendente de aprovação ' +
        'da equipe quando a marca exige (habilitacaoComAprovacao)',
      tag: TAG,
      acesso: 'cliente logado',
      corpo: pedidoSchema,
      resposta: pedidoRespostaSchema,
      status: 201,
      handler: async (req, res, ctx) => {
        const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
        const r = await pedirHabilitacao({ db: ctx.db, hub: ctx.hub, marca: ctx.marca, usuarioId: u.id, entrada: req.body });
        res.status(r.situacao === 'Pendente' ? 202 : 201);
        return r;
      },
    },
    // The seller's (or ADM's) answer to a conditional sale: a seller user answers only for their sellers.
    {
      metodo: 'put',
      caminho: '/leiloes/lotes/:id/resposta-condicional',
      resumo:
        'Responder a uma venda condicional. O cabeçalho notification-options (padrao, nenhum ou canais: email,push) ' +
        'limita por onde o comprador é avisado; o aviso no site sempre aparece',
      tag: TAG,
      acesso: 'Interno - Comitente (só dos seus comitentes) ou Interno - ADM',
      params: paramsId,
      corpo: respostaCondicionalSchema,
      handler: async (req, _res, ctx) => {
        const u = await exigirPapelApi(req, ctx, [PAPEIS_INTERNOS.COMITENTE, PAPEIS_INTERNOS.ADM]);
        const comitentes = await comitentesDoUsuario({ db: ctx.db, hotsiteId: ctx.marca.id, usuario: u });
        return responderCondicional({
          db: ctx.db,
          hub: ctx.hub,
          hotsiteId: ctx.marca.id,
          loteId: idLote(req.params.id),
          entrada: req.body,
          comitentes,
          respondidoPor: u.nome,
          canaisNotificacao: lerOpcoesDeNotificacao(req.headers[CABECALHO_OPCOES_NOTIFICACAO]),
        });
      },
    },
    // Favourites (spec section 7).
    {
      metodo: 'get',
      caminho: '/cliente/favoritos',
      resumo: 'Meus favoritos (uids dos veículos)',
      tag: 'Favoritos',
      acesso: 'cliente logado',
      query: consultaFavoritos,
      resposta: z.array(favoritoSchema),
      handler: async (req, _res, ctx) => {
        const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
        const { limit } = consultaFavoritos.parse({ limit: req.query.limit });
        return listarFavoritos({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, limite: limit });
      },
    },
    {
      metodo: 'get',
      caminho: '/cliente/favoritos/completo',
      resumo: 'Meus favoritos com o lote (os 100 mais novos)',
      tag: 'Favoritos',
      acesso: 'cliente logado',
      resposta: z.array(loteFavoritoSchema),
      handler: async (req, _res, ctx) => {
        const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
        return (
          await buscarLotesFavoritos({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, entrada: { pagina: 1, porPagina: 100 } })
        ).itens;
      },
    },
    {
      metodo: 'post',
      caminho: '/cliente/favoritos',
      resumo: 'Favoritar um veículo',
      tag: 'Favoritos',
      acesso: 'cliente logado',
      corpo: veiUidSchema,
      resposta: favoritoCriadoSchema,
      status: 201,
      handler: async (req, res, ctx) => {
        const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
        const r = await criarFavorito({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, entrada: req.body });
        res.status(201);
        return r;
      },
    },
    {
      metodo: 'delete',
      caminho: '/cliente/favoritos/:id',
      resumo: 'Remover favorito pelo id do favorito ou pelo veiUid',
      tag: 'Favoritos',
      acesso: 'cliente logado',
      resposta: mensagemSchema,
      handler: remover,
    },
    {
      metodo: 'delete',
      caminho: '/cliente/favoritos',
      resumo: 'Remover favorito pelo veiUid do corpo',
      tag: 'Favoritos',
      acesso: 'cliente logado',
      corpo: remocaoFavorito,
      resposta: mensagemSchema,
      handler: remover,
    },
    {
      metodo: 'get',
      caminho: '/lote/buscar-favoritos',
      resumo: 'Lotes favoritos, por página',
      tag: 'Favoritos',
      acesso: 'cliente logado',
      query: paginaSchema,
      resposta: z.array(loteFavoritoSchema),
      cabecalhos: { 'X-Total-Count': 'Total de favoritos' },
      handler: async (req, res, ctx) => {
        const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
        const r = await buscarLotesFavoritos({
          db: ctx.db,
          hotsiteId: ctx.marca.id,
          usuarioId: u.id,
          entrada: { pagina: req.query.pagina, porPagina: req.query.porPagina },
        });
        res.setHeader('X-Total-Count', String(r.total));
        return r.itens;
      },
    },
  ];
}
