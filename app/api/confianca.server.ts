import { z } from 'zod';
import type { Contexto } from '~/context';
import { ataDoLote } from '~/modules/confianca/ata.server';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { idSchema } from '~/utils/id';
import type { RotaApi } from './rota.server';
import { centavos, instante } from './esquemas';

/**
 * The trust routes (issue #34): a closed lot's bid record and its public check (decision 196). Open to
 * anyone: a bidder, a seller or a court checks the record without an account.
 */
const params = z.object({ id: idSchema('id precisa ser um número') });
const TAG = 'Confiança';

const hash = z.string().regex(/^[0-9a-f]{64}$/);
const cadeiaSchema = z
  .object({
    integra: z.boolean().meta({ description: 'true quando cada registro confere com seus campos e com o anterior' }),
    cabeca: hash.nullable().meta({ description: 'Hash do último lance (64 zeros sem lances): a cabeça da cadeia' }),
    lances: z.number().int(),
    quebraNoLance: z.number().int().optional().meta({ description: 'Id do primeiro lance que não confere' }),
    motivo: z.enum(['hash', 'elo']).optional().meta({ description: 'hash: campos alterados; elo: lance removido ou inserido' }),
    algoritmo: z.literal('SHA-256'),
    versao: z.literal('v1'),
  })
  .meta({ id: 'CadeiaDeLances' });
const ataSchema = z
  .object({
    marca: z.string(),
    lote: z.object({ id: z.number().int(), numero: z.string(), nome: z.string(), situacao: z.string(), dataFim: instante.nullable() }),
    leilao: z
      .object({ nome: z.string(), data: instante, leiloeiro: z.object({ nome: z.string(), inscricao: z.string() }).nullable() })
      .nullable(),
    lances: z.array(
      z.object({
        id: z.number().int(),
        uid: z.string(),
        hotsiteId: z.number().int(),
        loteId: z.number().int(),
        usuarioId: z.number().int(),
        valor: centavos,
        tipo: z.string(),
        ordem: z.number().int(),
        dataMs: z.number().int().meta({ description: 'Hora do servidor em milissegundos desde 1970 (UTC)' }),
        data: instante,
        apelido: z.string(),
        hashAnterior: hash.nullable(),
        hash: hash.nullable(),
      }),
    ),
    cadeia: cadeiaSchema,
    emitidaEm: instante,
  })
  .meta({ id: 'AtaDeLances' });

async function ata(req: { params: unknown }, ctx: Contexto) {
  const r = await ataDoLote({ db: ctx.db, hotsiteId: ctx.marca.id, loteId: params.parse(req.params).id, marca: ctx.marca.nome });
  if (r.tipo === 'nao-encontrado') throw naoEncontrado('Lote não encontrado');
  if (r.tipo === 'aberto') throw new ErroHttp(409, 'A ata de lances sai quando o lote encerra');
  return r.ata;
}

export function rotasConfianca(): RotaApi[] {
  return [
    {
      metodo: 'get',
      caminho: '/lote/:id/ata',
      resumo: 'Ata de lances de um lote encerrado: cada lance com a hora do servidor, seus campos canônicos e o hash SHA-256 encadeado',
      tag: TAG,
      acesso: 'livre',
      params,
      resposta: ataSchema,
      handler: async (req, _res, ctx) => ata(req, ctx),
    },
    {
      metodo: 'get',
      caminho: '/lote/:id/ata/verificacao',
      resumo:
        'Verificação pública da cadeia de lances de um lote encerrado: recalcula cada hash a partir dos campos gravados (linha v1|id|uid|marca|lote|usuário|valor|tipo|ordem|data em ms|hash anterior)',
      tag: TAG,
      acesso: 'livre',
      params,
      resposta: cadeiaSchema.extend({ lote: z.object({ id: z.number().int(), numero: z.string(), situacao: z.string() }) }),
      handler: async (req, _res, ctx) => {
        const a = await ata(req, ctx);
        return { lote: { id: a.lote.id, numero: a.lote.numero, situacao: a.lote.situacao }, ...a.cadeia };
      },
    },
  ];
}
