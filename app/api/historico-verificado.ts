import { z } from 'zod';
import { ITENS_CONSULTA_VEICULO, PAGADORES, RESULTADOS_CONSULTA } from '@db/schema/consultas';
import type { HistoricoDoLote } from '~/modules/consultas/historico.server';
import { centavos, instante, iso } from './esquemas';

/** The lot's checked history as the API answers it (lote/by-id and lote/historico-verificado/{id}). */
export const historicoApiSchema = z
  .object({
    consultadoAt: instante.nullable(),
    itens: z.array(
      z.object({
        item: z.enum(ITENS_CONSULTA_VEICULO),
        estado: z.enum(['ok', 'atencao', 'falhou', 'nao_consultado']),
        resultado: z.enum(RESULTADOS_CONSULTA).nullable(),
        valor: centavos.nullable().meta({ description: 'Débitos: o valor encontrado' }),
        detalhe: z.string().nullable().meta({ description: 'MONTA: PEQUENA, MEDIA ou GRANDE; nos outros, o que a fonte disse' }),
        fonte: z.string().nullable(),
        consultadoAt: instante.nullable(),
        ultimoSucessoAt: instante.nullable().meta({ description: 'Quando a última consulta falhou: a hora da última que respondeu' }),
        desatualizado: z.boolean().meta({ description: 'Consultado há mais de 7 dias' }),
        quemPaga: z.enum(PAGADORES).nullable().meta({ description: 'Pelo edital do leilão; null: conforme edital' }),
      }),
    ),
  })
  .meta({ id: 'HistoricoVerificado', description: 'O histórico verificado do veículo do lote, item a item, com fonte e data' });

export const historicoParaApi = (h: HistoricoDoLote): z.infer<typeof historicoApiSchema> => ({
  consultadoAt: iso(h.consultadoAt),
  itens: h.itens.map((i) => ({
    ...i,
    consultadoAt: iso(i.consultadoAt),
    ultimoSucessoAt: iso(i.ultimoSucessoAt),
  })),
});
