import type { Request } from 'express';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { leilao, veiculo } from '@db/schema';
import { PAGADORES } from '@db/schema/consultas';
import { RESULTADOS_VALIDACAO } from '@db/schema/entrega';
import {
  consultarComProcob,
  respostaDaEquipeSchema,
  responderConsultaCliente,
  situacaoDoCliente,
  usuarioDoUid,
  type SituacaoDoCliente,
} from '~/modules/consultas/clientes.server';
import {
  MENSAGEM_ITEM_NAO_ENCONTRADO,
  MENSAGEM_LEILAO_NAO_ENCONTRADO,
  apagarItemDetran,
  importacaoDetranSchema,
  importarItensDetran,
  itensDoLote,
  obterItemDetran,
  sincronizarItensDetran,
  type ItemDetran,
} from '~/modules/consultas/detran.server';
import { atualizarConsultasDoVeiculo, definirQuemPaga, historicoDoLote } from '~/modules/consultas/historico.server';
import { MENSAGEM_CONSULTA_INDISPONIVEL, PAPEIS_DETRAN } from '~/modules/consultas/tipos';
import { ACESSOS } from '~/modules/dominio/acessos';
import { PAPEL_CLIENTE } from '~/modules/dominio/papeis';
import { exigirPapelApi } from '~/modules/identidade/guard.server';
import { naoEncontrado } from '~/utils/errors';
import { idSchema, uidOuIdSchema } from '~/utils/id';
import { centavos, instante, iso, uuid } from './esquemas';
import { historicoApiSchema, historicoParaApi } from './historico-verificado';
import type { RotaApi } from './rota.server';

/*
 * Checks with third parties (issue #31; decisions 176-180): the traffic authority's items (spec 001 §7
 * GET /detran/lotes/{id}, GET /detran/itens/{id}, DELETE /detran/itens/apagar/{id}, plus the import and the
 * sync the screens use), the vehicle's checked history (refresh; the lot's by-id carries the panel), the
 * auction's terms on debts, and the client checks (documentacao-cdv).
 */

const DETRAN = PAPEIS_DETRAN;
const VEICULO = ACESSOS['/admin/veiculo'] as readonly string[];
const LEILAO = ACESSOS['/admin/leilao'] as readonly string[];
const HABILITACOES = ACESSOS['/admin/habilitacoes'] as readonly string[];
const TAG_DETRAN = 'Detran';
const TAG_HISTORICO = 'Histórico verificado';
const TAG_CLIENTE = 'Consultas do cliente';
const CDV = '/cliente/documentos/documentacao-cdv';

const corpo = (req: Request): unknown => (req.body && typeof req.body === 'object' ? req.body : {});
const pId = z.object({ id: idSchema('id precisa ser um número') });
/** An item by its number or its uid. */
const pItem = z.object({ id: uidOuIdSchema('id precisa ser um número ou um uid') });
const pLeilao = z.object({ leilaoUid: z.uuid({ error: 'leilaoUid inválido' }) });
const pUid = z.object({ uid: z.uuid({ error: 'uid inválido' }) });

export const itemDetranApiSchema = z
  .object({
    id: z.number().int(),
    uid: uuid,
    detranLoteUid: z.number().int().nullable().meta({ description: 'O lote (id) a que o item se liga pelo chassi' }),
    detranImportacaoUid: uuid,
    idObjeto: z.string().nullable(),
    ordemVisualizacao: z.number().int(),
    vistoria: z.string().nullable(),
    placa: z.string().nullable(),
    tipo: z.string().nullable(),
    modelo: z.string().nullable(),
    cor: z.string().nullable(),
    ano: z.number().int().nullable(),
    motor: z.string().nullable(),
    chassi: z.string(),
    renavan: z.string().nullable(),
    condicao: z.string().nullable(),
    valorUnitarioInicial: centavos.nullable(),
    cadastroDetranOK: z.boolean().nullable().meta({ description: 'null: não enviado; false: recusado ou Detran indisponível' }),
    cadastroDetranData: instante.nullable(),
    cadastroDetranResponse: z.string().nullable(),
    createdBy: z.string().nullable(),
    createdAt: instante,
  })
  .meta({ id: 'DetranItem' });

const comoItem = (i: Omit<ItemDetran, 'loteNumero' | 'loteNome'>): z.infer<typeof itemDetranApiSchema> => ({
  id: i.id,
  uid: i.uid,
  detranLoteUid: i.loteId,
  detranImportacaoUid: i.detranImportacaoUid,
  idObjeto: i.idObjeto,
  ordemVisualizacao: i.ordemVisualizacao,
  vistoria: i.vistoria,
  placa: i.placa,
  tipo: i.tipo,
  modelo: i.modelo,
  cor: i.cor,
  ano: i.ano,
  motor: i.motor,
  chassi: i.chassi,
  renavan: i.renavan,
  condicao: i.condicao,
  valorUnitarioInicial: i.valorUnitarioInicial,
  cadastroDetranOK: i.cadastroDetranOK,
  cadastroDetranData: iso(i.cadastroDetranData),
  cadastroDetranResponse: i.cadastroDetranResponse,
  createdBy: i.createdBy,
  createdAt: iso(i.createdAt)!,
});

const situacaoApiSchema = z
  .object({
    situacao: z.enum(RESULTADOS_VALIDACAO),
    tipoAutorizacao: z.string().nullable(),
    motivo: z.string().nullable(),
    consultadoAt: instante.nullable(),
  })
  .meta({ id: 'SituacaoDocumentacaoCdv' });
const situacaoParaApi = (s: SituacaoDoCliente) => ({ ...s, consultadoAt: iso(s.consultadoAt) });

const quemPagaSchema = z
  .object({
    IPVA: z.enum(PAGADORES).optional(),
    MULTAS: z.enum(PAGADORES).optional(),
    LICENCIAMENTO: z.enum(PAGADORES).optional(),
    ALIENACAO: z.enum(PAGADORES).optional(),
  })
  .strict();

export function rotasConsultas(): RotaApi[] {
  return [
    {
      metodo: 'post',
      caminho: '/detran/importar/:leilaoUid',
      resumo: 'Importar itens do Detran para um leilão (um por chassi; valorUnitarioInicial em centavos)',
      tag: TAG_DETRAN,
      acesso: DETRAN.join(', '),
      params: pLeilao,
      corpo: importacaoDetranSchema,
      status: 201,
      resposta: z.object({ importacaoUid: uuid, itens: z.number().int(), vinculados: z.number().int() }),
      handler: async (req, res, ctx) => {
        const u = await exigirPapelApi(req, ctx, DETRAN);
        const { leilaoUid } = pLeilao.parse(req.params);
        const { itens } = importacaoDetranSchema.parse(corpo(req));
        const r = await importarItensDetran({ db: ctx.db, hotsiteId: ctx.marca.id, leilaoUid, itens, criadoPor: u.nome });
        if (r.tipo === 'leilao_nao_encontrado') throw naoEncontrado(MENSAGEM_LEILAO_NAO_ENCONTRADO);
        res.status(201);
        return { importacaoUid: r.importacaoUid, itens: r.itens, vinculados: r.vinculados };
      },
    },
    {
      metodo: 'post',
      caminho: '/detran/sincronizar/:leilaoUid',
      resumo: 'Enviar ao Detran os itens do leilão ainda não cadastrados (cada um com prazo; Detran fora do ar não trava)',
      tag: TAG_DETRAN,
      acesso: DETRAN.join(', '),
      params: pLeilao,
      resposta: z.object({
        enviados: z.number().int(),
        aceitos: z.number().int(),
        recusados: z.number().int(),
        mensagem: z.string().nullable(),
      }),
      handler: async (req, _res, ctx) => {
        await exigirPapelApi(req, ctx, DETRAN);
        const { leilaoUid } = pLeilao.parse(req.params);
        const [l] = await ctx.db
          .select({ id: leilao.id })
          .from(leilao)
          .where(and(eq(leilao.hotsiteId, ctx.marca.id), eq(leilao.uid, leilaoUid)));
        if (!l) throw naoEncontrado(MENSAGEM_LEILAO_NAO_ENCONTRADO);
        const r = await sincronizarItensDetran({ db: ctx.db, hotsiteId: ctx.marca.id, provedores: ctx.provedores, leilaoUid });
        return {
          enviados: r.enviados,
          aceitos: r.aceitos,
          recusados: r.recusados,
          mensagem: r.indisponivel ? MENSAGEM_CONSULTA_INDISPONIVEL : null,
        };
      },
    },
    {
      metodo: 'get',
      caminho: '/detran/lotes/:id',
      resumo: 'Itens do Detran de um lote (pelo id do lote)',
      tag: TAG_DETRAN,
      acesso: DETRAN.join(', '),
      params: pId,
      resposta: z.array(itemDetranApiSchema),
      handler: async (req, _res, ctx) => {
        await exigirPapelApi(req, ctx, DETRAN);
        const { id } = pId.parse(req.params);
        return (await itensDoLote({ db: ctx.db, hotsiteId: ctx.marca.id, loteId: id })).map(comoItem);
      },
    },
    {
      metodo: 'get',
      caminho: '/detran/itens/:id',
      resumo: 'Um item do Detran (pelo id ou pelo uid)',
      tag: TAG_DETRAN,
      acesso: DETRAN.join(', '),
      params: pItem,
      resposta: itemDetranApiSchema,
      handler: async (req, _res, ctx) => {
        await exigirPapelApi(req, ctx, DETRAN);
        const { id } = pItem.parse(req.params);
        const i = await obterItemDetran({ db: ctx.db, hotsiteId: ctx.marca.id, id });
        if (!i) throw naoEncontrado(MENSAGEM_ITEM_NAO_ENCONTRADO);
        return comoItem(i);
      },
    },
    {
      metodo: 'delete',
      caminho: '/detran/itens/apagar/:id',
      resumo: 'Apagar um item do Detran (pelo id ou pelo uid)',
      tag: TAG_DETRAN,
      acesso: DETRAN.join(', '),
      params: pItem,
      resposta: z.object({ mensagem: z.string() }),
      handler: async (req, _res, ctx) => {
        await exigirPapelApi(req, ctx, DETRAN);
        const { id } = pItem.parse(req.params);
        if (!(await apagarItemDetran({ db: ctx.db, hotsiteId: ctx.marca.id, id }))) throw naoEncontrado(MENSAGEM_ITEM_NAO_ENCONTRADO);
        return { mensagem: 'Item apagado' };
      },
    },
    {
      metodo: 'post',
      caminho: '/veiculo/:uid/consultas',
      resumo:
        'Consultar agora o histórico do veículo (débitos, alienação, bloqueio, recall, monta, leilão); responde mesmo com o provedor fora do ar',
      tag: TAG_HISTORICO,
      acesso: VEICULO.join(', '),
      params: pUid,
      resposta: z.object({ consultado: z.boolean(), fonte: z.string().nullable(), mensagem: z.string().nullable() }),
      handler: async (req, _res, ctx) => {
        await exigirPapelApi(req, ctx, VEICULO);
        const { uid } = pUid.parse(req.params);
        const [v] = await ctx.db
          .select({ id: veiculo.id })
          .from(veiculo)
          .where(and(eq(veiculo.hotsiteId, ctx.marca.id), eq(veiculo.uid, uid)));
        if (!v) throw naoEncontrado('Veículo não encontrado');
        const r = await atualizarConsultasDoVeiculo({ db: ctx.db, hotsiteId: ctx.marca.id, veiculoId: v.id, provedores: ctx.provedores });
        return r.tipo === 'consultado'
          ? { consultado: true, fonte: r.fonte, mensagem: null }
          : { consultado: false, fonte: null, mensagem: MENSAGEM_CONSULTA_INDISPONIVEL };
      },
    },
    {
      metodo: 'get',
      caminho: '/lote/historico-verificado/:id',
      resumo: 'O histórico verificado do lote (o mesmo de lote/by-id): cada item com fonte e data, desatualizado após 7 dias',
      tag: TAG_HISTORICO,
      params: pId,
      resposta: historicoApiSchema,
      handler: async (req, _res, ctx) => {
        const { id } = pId.parse(req.params);
        const h = await historicoDoLote({ db: ctx.db, hotsiteId: ctx.marca.id, loteId: id });
        if (!h) throw naoEncontrado('Lote não encontrado');
        return historicoParaApi(h);
      },
    },
    {
      metodo: 'put',
      caminho: '/leiloes/:leilaoUid/quem-paga',
      resumo: 'Pelo edital: quem paga IPVA, multas, licenciamento e a quitação da alienação (ARREMATANTE ou COMITENTE)',
      tag: TAG_HISTORICO,
      acesso: LEILAO.join(', '),
      params: pLeilao,
      corpo: quemPagaSchema,
      resposta: z.object({ mensagem: z.string() }),
      handler: async (req, _res, ctx) => {
        await exigirPapelApi(req, ctx, LEILAO);
        const { leilaoUid } = pLeilao.parse(req.params);
        const itens = quemPagaSchema.parse(corpo(req));
        const [l] = await ctx.db
          .select({ id: leilao.id })
          .from(leilao)
          .where(and(eq(leilao.hotsiteId, ctx.marca.id), eq(leilao.uid, leilaoUid)));
        if (!l) throw naoEncontrado(MENSAGEM_LEILAO_NAO_ENCONTRADO);
        await definirQuemPaga({ db: ctx.db, hotsiteId: ctx.marca.id, leilaoId: l.id, itens });
        return { mensagem: 'Salvo com sucesso' };
      },
    },
    {
      metodo: 'get',
      caminho: `${CDV}/consultar-minha-situacao-com-procob`,
      resumo: 'Consultar a própria documentação na Procob agora (habilitação para sucata): situacao e tipoAutorizacao',
      tag: TAG_CLIENTE,
      acesso: 'cliente logado',
      resposta: situacaoApiSchema,
      handler: async (req, _res, ctx) => {
        const u = await exigirPapelApi(req, ctx, [PAPEL_CLIENTE]);
        const s = await consultarComProcob({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id, provedores: ctx.provedores });
        if (!s) throw naoEncontrado('Cadastro de cliente não encontrado');
        return situacaoParaApi(s);
      },
    },
    {
      metodo: 'get',
      caminho: `${CDV}/consultar-minha-situacao`,
      resumo: 'A situação da própria habilitação para sucata, sem nova consulta',
      tag: TAG_CLIENTE,
      acesso: 'cliente logado',
      resposta: situacaoApiSchema,
      handler: async (req, _res, ctx) => {
        const u = await exigirPapelApi(req, ctx, [PAPEL_CLIENTE]);
        return situacaoParaApi(await situacaoDoCliente({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u.id }));
      },
    },
    {
      metodo: 'get',
      caminho: `${CDV}/consultar-situacao-com-procob/:uid`,
      resumo: 'Consultar na Procob a documentação de um cliente (uid do usuário ou do cliente)',
      tag: TAG_CLIENTE,
      acesso: HABILITACOES.join(', '),
      params: pUid,
      resposta: situacaoApiSchema,
      handler: async (req, _res, ctx) => {
        await exigirPapelApi(req, ctx, HABILITACOES);
        const { uid } = pUid.parse(req.params);
        const usuarioId = await usuarioDoUid({ db: ctx.db, hotsiteId: ctx.marca.id, uid });
        const s = usuarioId && (await consultarComProcob({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId, provedores: ctx.provedores }));
        if (!s) throw naoEncontrado('Cliente não encontrado');
        return situacaoParaApi(s);
      },
    },
    {
      metodo: 'put',
      caminho: `${CDV}/responder/:uid`,
      resumo: 'A equipe responde a habilitação para sucata de um cliente (Autorizado ou Falha; tipoAutorizacao Manual)',
      tag: TAG_CLIENTE,
      acesso: HABILITACOES.join(', '),
      params: pUid,
      corpo: respostaDaEquipeSchema,
      resposta: situacaoApiSchema,
      handler: async (req, _res, ctx) => {
        const u = await exigirPapelApi(req, ctx, HABILITACOES);
        const { uid } = pUid.parse(req.params);
        const entrada = respostaDaEquipeSchema.parse(corpo(req));
        const usuarioId = await usuarioDoUid({ db: ctx.db, hotsiteId: ctx.marca.id, uid });
        if (!usuarioId) throw naoEncontrado('Cliente não encontrado');
        return situacaoParaApi(
          await responderConsultaCliente({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId, entrada, respondidoPor: u.nome }),
        );
      },
    },
  ];
}
