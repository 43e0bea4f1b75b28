import { z } from 'zod';
import { eventoAtivo } from '~/modules/eventos/painel.server';
import { usuarioDoPedido } from '~/modules/identidade/guard.server';
import type { RotaApi } from './rota.server';

const eventoAtivoSchema = z
  .object({
    evento: z
      .object({
        uid: z.string(),
        nome: z.string(),
        data: z.string().meta({ description: 'Início (ISO 8601)' }),
        situacao: z.string(),
      })
      .nullable()
      .meta({ description: 'null: nenhum evento exclusivo aberto para quem pergunta' }),
  })
  .meta({ id: 'EventoAtivo' });

/** Exclusive events (issue #32) in the JSON API. */
export function rotasEventos(): RotaApi[] {
  return [
    {
      metodo: 'get',
      caminho: '/hotsite/busca-evento/ativo',
      resumo: 'O evento exclusivo aberto agora para quem pergunta (convidado que aceitou); evento null se nenhum',
      tag: 'Eventos',
      resposta: eventoAtivoSchema,
      // The spec's caller swallows errors: a visitor, a bad token or a non-guest all get `evento: null`.
      handler: async (req, _res, ctx) => {
        // A session that cannot be used here is asked about as a visitor: `evento: null`, never an error.
        const u = await usuarioDoPedido(req, ctx).catch(() => null);
        return {
          evento: await eventoAtivo({ db: ctx.db, hotsiteId: ctx.marca.id, usuarioId: u?.hotsiteId === ctx.marca.id ? u.id : null }),
        };
      },
    },
  ];
}
