import { z } from 'zod';
import type { Contexto } from '~/context';
import { exigirPapelApi, usuarioDoPedido, type Pedido, type UsuarioLogado } from '~/modules/identidade/guard.server';
import { consultaDocumentosSchema, documentosDeCompra, leitorDoUsuario } from '~/modules/vendas/nota.server';
import type { RotaApi } from './rota.server';
import { instante } from './esquemas';
import { vendaBaseSchema } from './vendas.server';

/**
 * The purchase documents as data (spec 001 §7: extrato-compra, nota-fiscal, nota-fiscal/auth; decision
 * 070): `{ vendas, cabecalho }` of the sales named by `hashs` (anyone holding the printed document, as
 * the pages extrato/{hash} and nota/{hash}) or `uids` (a login: the buyer's own sales, a seller user's
 * sellers' sales, Acerto/SAC/ADM every sale of the brand). `/nota-fiscal/auth` always needs the login.
 * A sale named only by its hash is answered as its paper shows it (decision 109).
 */
const consultar = async (req: Pedido & { query: unknown }, ctx: Contexto, u: UsuarioLogado | null) =>
  documentosDeCompra({
    db: ctx.db,
    hotsiteId: ctx.marca.id,
    marca: ctx.marca.nome,
    consulta: consultaDocumentosSchema.parse(req.query),
    leitor: await leitorDoUsuario({ db: ctx.db, hotsiteId: ctx.marca.id, usuario: u }),
  });

/** nota.server.ts `VendaDaConsulta`: the sale as a document prints it, the hash only to who already holds it. */
const vendaDoDocumentoSchema = vendaBaseSchema
  .extend({
    hashQrcode: vendaBaseSchema.shape.hashQrcode
      .optional()
      .meta({ description: 'Só para quem consultou por este hash ou para o próprio comprador' }),
    numeroNota: z.number().int().meta({ description: 'Número da nota: o id da venda' }),
    cliente: z.object({
      nome: z.string(),
      id: z.number().int().optional().meta({ description: 'Só para o comprador, a equipe de vendas e o comitente da venda' }),
      email: z.string().optional().meta({ description: 'Só para o comprador, a equipe de vendas e o comitente da venda' }),
    }),
    arrematante: z.object({
      nome: z.string(),
      documento: z.string().nullable().meta({ description: 'CPF ou CNPJ formatado; mascarado (***.456.789-**) para quem só tem o hash' }),
      endereco: z.string().nullable().meta({ description: 'Endereço completo; só "Cidade/UF" para quem só tem o hash' }),
    }),
  })
  .meta({ id: 'VendaDoDocumento' });
const documentosDeCompraSchema = z
  .object({
    vendas: z.array(vendaDoDocumentoSchema),
    cabecalho: z
      .object({
        marca: z.string(),
        leilao: z.string().nullable(),
        leilaoData: instante.nullable(),
        leiloeiro: z.object({ nome: z.string(), inscricao: z.string() }).nullable(),
        comitente: z.string().nullable(),
        comitenteCnpj: z.string().nullable(),
        emitidoEm: instante,
      })
      .meta({ description: 'O que todas as vendas têm em comum (null onde diferem)' }),
  })
  .meta({ id: 'DocumentosDeCompra' });

const TAG = 'Vendas';
const RESUMO_CONSULTA =
  'hashs ou uids (um é obrigatório quando o outro está vazio; um texto vira lista; até 50), filtros leiId, comId, carId, leoId. Resposta { vendas, cabecalho }';
export function rotasDocumentosDeVenda(): RotaApi[] {
  return [
    {
      metodo: 'get',
      caminho: '/extrato-compra',
      resumo: `Extrato de compra: ${RESUMO_CONSULTA}. Por hashs, sem login; por uids, com login`,
      tag: TAG,
      acesso:
        'livre com hashs; uids exigem login (o cliente lê as próprias compras; Comitente, as dos seus comitentes; Acerto, SAC e ADM, todas)',
      query: consultaDocumentosSchema,
      resposta: documentosDeCompraSchema,
      handler: async (req, _res, ctx) => consultar(req, ctx, await usuarioDoPedido(req, ctx)),
    },
    {
      metodo: 'get',
      caminho: '/nota-fiscal/auth',
      resumo: `Nota de venda para quem está logado: ${RESUMO_CONSULTA}`,
      tag: TAG,
      acesso: 'logado (cliente: as próprias compras; Comitente: as dos seus comitentes; Acerto, SAC e ADM: todas as da marca)',
      query: consultaDocumentosSchema,
      resposta: documentosDeCompraSchema,
      handler: async (req, _res, ctx) => consultar(req, ctx, await exigirPapelApi(req, ctx)),
    },
    {
      metodo: 'get',
      caminho: '/nota-fiscal',
      resumo: `Nota de venda: ${RESUMO_CONSULTA}. Por hashs, sem login; por uids, com login`,
      tag: TAG,
      acesso: 'livre com hashs; uids exigem login',
      query: consultaDocumentosSchema,
      resposta: documentosDeCompraSchema,
      handler: async (req, _res, ctx) => consultar(req, ctx, await usuarioDoPedido(req, ctx)),
    },
  ];
}
