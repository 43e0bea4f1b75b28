import { z } from 'zod';
import { buscaComitenteSchema, buscarLotesDoComitente, comitentesDoLeilao } from '~/modules/area-comitente/lotes.server';
import { comitentesDoUsuario } from '~/modules/comitentes/usuarios-comitente.server';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { exigirPapelApi } from '~/modules/identidade/guard.server';
import type { RotaApi } from './rota.server';
import { uuid } from './esquemas';

/**
 * The seller's side over the API (#30; spec 001 §7): the seller's lots with their private fields and the
 * sellers of an auction. ADM and SAC read every seller of the brand, a seller user only the sellers it is
 * tied to (comitentesDoUsuario), as the seller's page does.
 */
const P = PAPEIS_INTERNOS;
const LEITURA = [P.ADM, P.SAC, P.COMITENTE];
const TAG = 'Comitentes';

const id = z.number().int();
const loteComitenteSchema = z
  .object({
    lote: z.object({
      id,
      uid: uuid,
      veiUid: uuid,
      numero: z.string(),
      nome: z.string(),
      situacao: z.string(),
      leilao: z.object({ uid: uuid, nome: z.string(), data: z.string() }).nullable(),
      comitente: z.object({ id, nome: z.string() }),
      minimo: id.meta({ description: 'centavos' }),
      lance: id.nullable().meta({ description: 'último lance, centavos' }),
      quantidadeLances: id,
      dataFim: z.string().nullable(),
      sequencia: id,
    }),
    informacoesPrivadas: z.object({
      valorComitente: id.nullable().meta({ description: 'valor do comitente, centavos' }),
      placa: z.string().nullable(),
      chassi: z.string().nullable(),
      renavam: z.string().nullable(),
      fipeValor: id.nullable(),
      valorMercado: id.nullable(),
      observacaoInterna: z.string().nullable(),
      documentosRecebidosEm: z.string().nullable(),
    }),
  })
  .meta({ id: 'LoteDoComitente' });
const comitenteDoLeilaoSchema = z
  .object({
    id,
    uid: uuid,
    nomeSite: z.string(),
    logomarcaUrl: z.string().nullable(),
    existeLogomarca: z.boolean(),
    grupo: z.string().nullable(),
    ativo: z.boolean(),
    quantidadeLotes: id,
  })
  .meta({ id: 'ComitenteDoLeilao' });

export function rotasAreaComitente(): RotaApi[] {
  return [
    {
      metodo: 'post',
      caminho: '/lote/busca-elastic-comitente',
      resumo: 'Lotes dos comitentes do usuário, com as informações privadas do comitente',
      tag: TAG,
      acesso: 'Interno - ADM, Interno - SAC, Interno - Comitente (só os seus)',
      corpo: buscaComitenteSchema,
      cabecalhos: { count: 'Total de lotes do filtro (a resposta traz uma página)' },
      resposta: z.array(loteComitenteSchema),
      handler: async (req, res, ctx) => {
        const u = await exigirPapelApi(req, ctx, LEITURA);
        const corpo = buscaComitenteSchema.parse(req.body ?? {});
        const comitentes = await comitentesDoUsuario({ db: ctx.db, hotsiteId: ctx.marca.id, usuario: u });
        const r = await buscarLotesDoComitente({
          db: ctx.db,
          hotsiteId: ctx.marca.id,
          comitentes,
          leilaoUid: corpo.leilaoUid,
          situacao: corpo.situacao,
          de: corpo.from,
          quantos: corpo.size,
        });
        res.setHeader('count', String(r.total));
        res.setHeader('Access-Control-Expose-Headers', 'count');
        return r.itens;
      },
    },
    {
      metodo: 'get',
      caminho: '/comitente/find/by-leilao/:uid',
      resumo: 'Comitentes com lotes num leilão, com a quantidade de lotes de cada um',
      tag: TAG,
      acesso: 'Interno - ADM, Interno - SAC, Interno - Comitente (só os seus)',
      params: z.object({ uid: z.uuid({ error: 'Leilão não encontrado' }) }),
      resposta: z.array(comitenteDoLeilaoSchema),
      handler: async (req, _res, ctx) => {
        const u = await exigirPapelApi(req, ctx, LEITURA);
        const { uid } = z.object({ uid: z.uuid({ error: 'Leilão não encontrado' }) }).parse(req.params);
        const comitentes = await comitentesDoUsuario({ db: ctx.db, hotsiteId: ctx.marca.id, usuario: u });
        return comitentesDoLeilao({ db: ctx.db, hotsiteId: ctx.marca.id, comitentes, leilaoUid: uid });
      },
    },
  ];
}
