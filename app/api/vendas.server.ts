import { z } from 'zod';
import {
  CODIGOS_COMPROVANTE,
  FORMAS_PAGAMENTO,
  METODOS_ENTREGA,
  SITUACOES_ENTREGA,
  SITUACOES_PAGAMENTO,
  SITUACOES_VENDA,
} from '@db/schema/vendas';
import { SITUACOES_ESTADIA, SITUACOES_SERVICO } from '@db/schema/entrega';
import { ACESSOS } from '~/modules/dominio/acessos';
import { exigirPapelApi } from '~/modules/identidade/guard.server';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { clienteDoPedido } from '~/modules/lances/participantes.server';
import { alterarMetodoEntrega, idDaVenda, MENSAGENS_VENDA } from '~/modules/vendas/acoes.server';
import { buscarVenda, estatisticasDeVendas, listarVendas, lotesEmCondicional } from '~/modules/vendas/consultas.server';
import { salvarEntregaSchema, salvarMetodoEntrega } from '~/modules/vendas/entrega.server';
import {
  consultaEstadias,
  consultarEstadias,
  respostaValidacaoSchema,
  responderValidacao,
  servicosSolicitados,
} from '~/modules/vendas/estadias.server';
import { idSchema } from '~/utils/id';
import { FILTROS_VENDA } from '~/modules/vendas/regras';
import { ErroHttp } from '~/utils/errors';
import { limiteSchema, PAGINA_MAXIMA } from '~/utils/entrada';
import type { RotaApi } from './rota.server';
import { camposDaConta, centavos, instante, mensagemSchema, uuid } from './esquemas';

/**
 * Post-sale API (issue #14, spec 001 §7 "Bids, purchases and sales"): the client's sales (page of 10,
 * id descending, total in the `count` header), one sale, statistics, staff's read of any sale of the
 * brand, and the post-sale delivery change. Another client's or brand's sale is a 404.
 */
const EQUIPE = ACESSOS['/admin/compras'] as readonly string[];
const EQUIPE_LANCES = ACESSOS['/admin/lance-recebido'] as readonly string[];
/** Stays at the yards (decision 072): yard staff and the sales roles. */
const EQUIPE_ESTADIAS = [PAPEIS_INTERNOS.PATIO, PAPEIS_INTERNOS.ACERTO, PAPEIS_INTERNOS.SAC, PAPEIS_INTERNOS.ADM] as const;
const paramsValidacao = z.object({ id: idSchema('Validação não encontrada') });
const paginaSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'page precisa ser um número inteiro' })
    .int('page precisa ser um número inteiro')
    .min(1, `page deve estar entre 1 e ${PAGINA_MAXIMA}`)
    .max(PAGINA_MAXIMA, `page deve estar entre 1 e ${PAGINA_MAXIMA}`),
);
export const consultaMinhasVendas = z.object({
  page: paginaSchema.optional(),
  limit: limiteSchema(50),
  situacao: z.enum(FILTROS_VENDA, 'situacao deve ser Cancelada, AguardandoPagamento, AguardandoValidacao ou Fechada').optional(),
  sort: z.enum(['id,desc', '-id', 'id desc'], 'sort aceita apenas id,desc').optional(),
});
const paramsVenda = z.object({ id: idDaVenda });
export const corpoAlterarEntrega = z.object({
  metodo: z.enum(METODOS_ENTREGA),
  valor: z.number().int().min(0).meta({ description: 'Frete em centavos (0 para Retirada)' }),
  patUid: z.uuid().optional().meta({ description: 'uid do pátio; obrigatório só para Retirada' }),
  agendadoHorario: z.string().optional().meta({ description: 'Horário da retirada (ISO 8601), dentro do atendimento do pátio' }),
});

/* The documented answers (app/modules/vendas/consultas.server.ts `ResumoVenda`, `VendaDto`; estadias.server.ts). */
const tomSchema = z.enum(['azul', 'ambar', 'verde', 'vermelho', 'cinza']).meta({ description: 'Cor da situação na tela' });
const situacaoVendaSchema = z.enum(SITUACOES_VENDA);
const id = z.number().int();
export const resumoVendaSchema = z
  .object({
    id,
    uid: uuid,
    situacao: situacaoVendaSchema,
    situacaoRotulo: z.string(),
    tom: tomSchema,
    leilao: z.string().nullable(),
    comitente: z.string().nullable(),
    dataPagamento: instante.meta({ description: 'Prazo de pagamento' }),
    createdAt: instante,
    quantidadeItens: z.number().int(),
    lotes: z.string().meta({ description: 'Os lotes da venda, "número · nome" separados por vírgula' }),
    total: centavos,
    valorCondicional: centavos.meta({ description: 'Soma das ofertas aguardando o comitente (nada devido ainda)' }),
    cliente: z.object({ id, nome: z.string(), email: z.string() }),
  })
  .meta({ id: 'ResumoVenda' });
const contaDaVendaSchema = z
  .object({
    ...camposDaConta,
    carteira: z.string().nullable(),
  })
  .meta({ id: 'ContaDaVenda', description: 'A conta em que o cliente paga (do comitente, senão da marca)' });
export const cabecalhoVendaSchema = z
  .object({
    leilao: z.string().nullable(),
    leilaoData: instante.nullable(),
    leiloeiro: z.object({ nome: z.string(), inscricao: z.string() }).nullable(),
    comitente: z.string().nullable(),
    comitenteCnpj: z.string().nullable(),
    conta: contaDaVendaSchema.nullable(),
  })
  .meta({ id: 'CabecalhoDaVenda', description: 'Leilão, leiloeiro, comitente e conta, guardados quando a venda nasceu' });
const totaisSchema = z
  .object({
    total: centavos,
    aprovado: centavos,
    aguardandoValidacao: centavos,
    aguardandoPagamento: centavos,
    divergente: centavos,
    restante: centavos,
    aguardandoFormaPagamento: centavos,
  })
  .meta({ id: 'TotaisDaVenda' });
const loteEmCondicionalDaVendaSchema = z.object({
  loteId: id,
  numero: z.string(),
  nome: z.string(),
  veiUid: uuid,
  valor: centavos.meta({ description: 'A oferta do comprador (seu lance vencedor)' }),
  prazoResposta: instante.nullable().meta({ description: 'Até quando o comitente responde (2º dia útil após o encerramento, 18h)' }),
  novoValor: centavos.nullable().meta({ description: 'Contraproposta do comitente ("Novo valor"), se houver' }),
});
const itemDaVendaSchema = z.object({
  loteId: id,
  numero: z.string(),
  nome: z.string(),
  veiUid: uuid,
  valor: centavos,
  comissao: centavos,
  despachante: centavos,
  outros: centavos,
  remocao: centavos,
  depositoDeBens: centavos,
  vistoria: centavos,
  total: centavos,
  ativo: z.boolean().meta({ description: 'false quando o cliente desistiu e o segundo colocado comprou o lote' }),
});
const pagamentoDaVendaSchema = z.object({
  id,
  uid: uuid,
  tipo: z.enum(FORMAS_PAGAMENTO),
  tipoRotulo: z.string(),
  valor: centavos,
  situacao: z.enum(SITUACOES_PAGAMENTO),
  situacaoRotulo: z.string(),
  motivo: z.string().nullable(),
  data: instante,
});
export const comprovanteDaVendaSchema = z
  .object({
    uid: uuid,
    nomeArquivo: z.string(),
    tipo: z.string().meta({ description: 'Tipo do arquivo (MIME)' }),
    tamanho: z.number().int().meta({ description: 'Bytes' }),
    situacao: z.enum(CODIGOS_COMPROVANTE),
    rotulo: z.string(),
    tom: tomSchema,
    motivo: z.string().nullable(),
    valor: centavos.nullable().meta({ description: 'O valor do pagamento do comprovante' }),
    data: instante,
  })
  .meta({ id: 'ComprovanteDaVenda' });
/** The sale without its proofs and events: what the purchase documents share with the sale (VendaDto). */
export const vendaBaseSchema = resumoVendaSchema.extend({
  hashQrcode: z.string().meta({ description: 'Hash dos documentos impressos (extrato/{hash}, nota/{hash})' }),
  cabecalho: cabecalhoVendaSchema,
  arremate: centavos,
  valorComissao: centavos,
  valorDespachante: centavos,
  valorRemocao: centavos,
  valorVistoria: centavos,
  valorOutros: centavos,
  valorTaxaAdm: centavos,
  valorSedex: centavos,
  valorDesconto: centavos,
  valorCreditoIndicacao: centavos.meta({ description: 'crédito do Indique e ganhe descontado da comissão, já fora do total' }),
  liquido: centavos.meta({ description: 'total − desconto' }),
  totais: totaisSchema,
  orientacao: z.string(),
  situacaoEntrega: z.enum(SITUACOES_ENTREGA),
  mensagemCompra: z.string(),
  metodoEntrega: z.string().nullable(),
  agendadoHorario: instante.nullable(),
  patio: z.object({ id, uid: uuid, nome: z.string(), cidade: z.string(), estadoUf: z.string() }).nullable(),
  motivoCancelada: z.string().nullable(),
  entregaVeiculo: z.enum(['Retirada', 'Frete']).nullable(),
  valorFrete: centavos,
  ufFrete: z.string().nullable(),
  valorEstadia: centavos.meta({ description: 'Estadia cobrada na entrega (incluída no total)' }),
  diariasEstadia: z.number().int(),
  lotesEmCondicional: z.array(loteEmCondicionalDaVendaSchema).meta({ description: 'Lotes desta venda aguardando o comitente' }),
  itens: z.array(itemDaVendaSchema),
  pagamentos: z.array(pagamentoDaVendaSchema),
});
export const vendaSchema = vendaBaseSchema
  .extend({
    comprovantes: z.array(comprovanteDaVendaSchema),
    eventos: z.array(z.object({ texto: z.string(), autor: z.string().nullable(), data: instante })),
  })
  .meta({ id: 'Venda' });
const estatisticasSchema = z
  .object({
    total: z.number().int().meta({ description: 'Quantidade de compras' }),
    porSituacao: z
      .record(situacaoVendaSchema, z.number().int())
      .meta({ description: 'Quantidade por situação (toda situação, 0 sem compras)' }),
  })
  .meta({ id: 'EstatisticasDeVendas' });
const loteEmCondicionalSchema = z
  .object({
    loteId: id,
    numero: z.string(),
    nome: z.string(),
    veiUid: uuid,
    leilao: z.string().nullable(),
    valor: centavos.meta({ description: 'Meu lance, o último do lote' }),
    encerradoEm: instante.nullable(),
    prazoResposta: instante.nullable().meta({ description: 'Até quando o comitente responde (2º dia útil após o encerramento, 18h)' }),
    vendaId: id.nullable().meta({ description: 'A venda em que o lote entra se o comitente liberar' }),
  })
  .meta({ id: 'LoteEmCondicional' });
const servicoSolicitadoSchema = z
  .object({
    uid: uuid,
    tipo: z.string(),
    situacao: z.enum(SITUACOES_SERVICO),
    agendadoPara: instante.nullable(),
    dataSolicitacao: instante.nullable(),
    observacao: z.string().nullable(),
    vendaId: id.nullable(),
    estadiaUid: uuid,
    patio: z.object({ uid: uuid, nome: z.string(), cidade: z.string(), estadoUf: z.string() }),
    veiculo: z.object({ uid: uuid, nome: z.string(), placa: z.string().nullable() }),
  })
  .meta({ id: 'ServicoSolicitado' });
const estadiaSchema = z
  .object({
    id,
    uid: uuid,
    situacao: z.enum(SITUACOES_ESTADIA),
    diaInicio: z.string().meta({ description: 'Dia (AAAA-MM-DD)' }),
    diaFim: z.string().nullable().meta({ description: 'Dia (AAAA-MM-DD); null enquanto ativa' }),
    vaga: z.string().nullable(),
    codigoChave: z.string().nullable(),
    observacao: z.string().nullable(),
    patio: z.object({ uid: uuid, nome: z.string() }),
    veiculo: z.object({ uid: uuid, nome: z.string(), placa: z.string().nullable() }),
    diarias: z.number().int(),
    valorDiaria: centavos,
    valorEstadia: centavos.meta({ description: 'diarias × valorDiaria' }),
    quantidadeServicos: z.number().int(),
  })
  .meta({ id: 'Estadia' });

const TAG = 'Vendas';
const CLIENTE = 'cliente logado (as próprias compras)';
export function rotasDeVendas(): RotaApi[] {
  return [
    {
      metodo: 'get',
      caminho: '/leilao/vendas/buscar-venda/minhas-vendas',
      resumo: 'Minhas compras: 10 por página (limit), id decrescente, filtro por situação; total no cabeçalho count',
      tag: TAG,
      acesso: CLIENTE,
      query: consultaMinhasVendas,
      cabecalhos: { count: 'Total de vendas do filtro' },
      resposta: z.array(resumoVendaSchema),
      handler: async (req, res, ctx) => {
        const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
        const q = consultaMinhasVendas.parse(req.query);
        const { vendas, total } = await listarVendas({
          db: ctx.db,
          hotsiteId: ctx.marca.id,
          leitor: { usuarioId: u.id },
          filtro: q.situacao ?? null,
          pagina: q.page ?? 1,
          porPagina: q.limit ?? 10,
        });
        res.setHeader('count', String(total));
        res.setHeader('Access-Control-Expose-Headers', 'count');
        return vendas;
      },
    },
    {
      metodo: 'get',
      caminho: '/leilao/vendas/buscar-venda/minhas-vendas-estatisticas',
      resumo: 'Quantidade de compras por situação',
      tag: TAG,
      acesso: CLIENTE,
      resposta: estatisticasSchema,
      handler: async (req, _res, ctx) => {
        const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
        return estatisticasDeVendas({ db: ctx.db, hotsiteId: ctx.marca.id, leitor: { usuarioId: u.id } });
      },
    },
    {
      metodo: 'get',
      caminho: '/leilao/vendas/buscar-venda/minhas-vendas/:id',
      resumo: 'Uma compra: itens, pagamentos, comprovantes, totais, orientação e histórico',
      tag: TAG,
      acesso: CLIENTE,
      params: paramsVenda,
      resposta: vendaSchema,
      handler: async (req, _res, ctx) => {
        const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
        const { id } = paramsVenda.parse(req.params);
        const v = await buscarVenda({ db: ctx.db, hotsiteId: ctx.marca.id, leitor: { usuarioId: u.id }, id });
        if (!v) throw new ErroHttp(404, MENSAGENS_VENDA.naoEncontrada);
        return v;
      },
    },
    {
      metodo: 'get',
      caminho: '/leilao/vendas/buscar-venda/minhas-vendas-lotes-condicional',
      resumo: 'Meus lotes em venda condicional (aguardando a resposta do comitente)',
      tag: TAG,
      acesso: CLIENTE,
      resposta: z.array(loteEmCondicionalSchema),
      handler: async (req, _res, ctx) => {
        const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
        return lotesEmCondicional({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id });
      },
    },
    {
      metodo: 'get',
      caminho: '/minhas-compras/meus-comprovantes-de-lote/:id',
      resumo: 'Os comprovantes enviados para uma compra (id da venda), com situação e motivo',
      tag: TAG,
      acesso: CLIENTE,
      params: paramsVenda,
      resposta: z.array(comprovanteDaVendaSchema),
      handler: async (req, _res, ctx) => {
        const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
        const { id } = paramsVenda.parse(req.params);
        const v = await buscarVenda({ db: ctx.db, hotsiteId: ctx.marca.id, leitor: { usuarioId: u.id }, id });
        if (!v) throw new ErroHttp(404, MENSAGENS_VENDA.naoEncontrada);
        return v.comprovantes;
      },
    },
    {
      // 001 §7 `GET /{v}/comprovantes-de-lote/{id}`: the staff's side of the buyer's call above (issue #33).
      metodo: 'get',
      caminho: '/comprovantes-de-lote/:id',
      resumo: 'Os comprovantes enviados para qualquer compra da marca (id da venda), com situação e motivo (equipe)',
      tag: TAG,
      acesso: EQUIPE.join(', '),
      params: paramsVenda,
      resposta: z.array(comprovanteDaVendaSchema),
      handler: async (req, _res, ctx) => {
        await exigirPapelApi(req, ctx, EQUIPE);
        const { id } = paramsVenda.parse(req.params);
        const v = await buscarVenda({ db: ctx.db, hotsiteId: ctx.marca.id, leitor: 'equipe', id });
        if (!v) throw new ErroHttp(404, MENSAGENS_VENDA.naoEncontrada);
        return v.comprovantes;
      },
    },
    {
      metodo: 'get',
      caminho: '/leilao/vendas/buscar-venda/:id',
      resumo: 'Qualquer venda da marca (equipe)',
      tag: TAG,
      acesso: EQUIPE.join(', '),
      params: paramsVenda,
      resposta: vendaSchema,
      handler: async (req, _res, ctx) => {
        await exigirPapelApi(req, ctx, EQUIPE);
        const { id } = paramsVenda.parse(req.params);
        const v = await buscarVenda({ db: ctx.db, hotsiteId: ctx.marca.id, leitor: 'equipe', id });
        if (!v) throw new ErroHttp(404, MENSAGENS_VENDA.naoEncontrada);
        return v;
      },
    },
    {
      metodo: 'put',
      caminho: '/cliente/meus-lances/salvar-metodo-entrega',
      resumo:
        'Como receber o veículo: Retirada no pátio (patUid obrigatório) ou Frete para a UF do cliente pelo valor da tabela de frete (valor em centavos, conferido)',
      tag: TAG,
      acesso: CLIENTE,
      corpo: salvarEntregaSchema,
      resposta: mensagemSchema,
      handler: async (req, _res, ctx) => {
        const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
        return salvarMetodoEntrega({
          db: ctx.db,
          hub: ctx.hub,
          hotsiteId: ctx.marca.id,
          usuarioId: u.id,
          entrada: req.body ?? {},
          autor: u.nome,
        });
      },
    },
    {
      metodo: 'get',
      caminho: '/estadias/servicos-solicitados',
      resumo: 'Serviços solicitados pelo cliente nas estadias dos seus veículos (retiradas agendadas), com pátio e situação',
      tag: TAG,
      acesso: CLIENTE,
      resposta: z.array(servicoSolicitadoSchema),
      handler: async (req, _res, ctx) => {
        const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
        return servicosSolicitados({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id });
      },
    },
    {
      metodo: 'get',
      caminho: '/estadias/qb',
      resumo: 'Estadias da marca nos pátios: diárias e valor da estadia (diárias × valor da diária do pátio); total no cabeçalho count',
      tag: TAG,
      acesso: EQUIPE_ESTADIAS.join(', '),
      query: consultaEstadias,
      cabecalhos: { count: 'Total de estadias do filtro' },
      resposta: z.array(estadiaSchema),
      handler: async (req, res, ctx) => {
        await exigirPapelApi(req, ctx, EQUIPE_ESTADIAS);
        const { itens, total } = await consultarEstadias({ db: ctx.db, hotsiteId: ctx.marca.id, entrada: req.query });
        res.setHeader('count', String(total));
        res.setHeader('Access-Control-Expose-Headers', 'count');
        return itens;
      },
    },
    {
      metodo: 'put',
      caminho: '/leiloes/lotes/lote-cliente-validacoes/responder-validacao/:id',
      resumo: 'Responder uma validação do cliente no lote: Autorizado, Falha ou Divergente (uma vez; auditado)',
      tag: TAG,
      acesso: EQUIPE_LANCES.join(', '),
      params: paramsValidacao,
      corpo: respostaValidacaoSchema,
      handler: async (req, _res, ctx) => {
        const u = await exigirPapelApi(req, ctx, EQUIPE_LANCES);
        const { id } = paramsValidacao.parse(req.params);
        return responderValidacao({ db: ctx.db, hotsiteId: ctx.marca.id, id, entrada: req.body ?? {}, autor: { id: u.id, nome: u.nome } });
      },
    },
    {
      metodo: 'put',
      caminho: '/cliente/meus-lances/alterar-metodo-entrega/pos-venda/:id',
      resumo: 'Alterar o método de entrega de uma compra: Sedex, Carta Registrada ou Retirada (patUid obrigatório só para Retirada)',
      tag: TAG,
      acesso: CLIENTE,
      params: paramsVenda,
      corpo: corpoAlterarEntrega,
      resposta: mensagemSchema,
      handler: async (req, _res, ctx) => {
        const u = await clienteDoPedido(req, { db: ctx.db, hotsiteId: ctx.marca.id });
        const { id } = paramsVenda.parse(req.params);
        return alterarMetodoEntrega({
          db: ctx.db,
          hub: ctx.hub,
          hotsiteId: ctx.marca.id,
          vendaId: id,
          usuarioId: u.id,
          entrada: req.body ?? {},
          autor: u.nome,
          urlBase: ctx.urlBase,
        });
      },
    },
  ];
}
