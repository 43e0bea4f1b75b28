import { z } from 'zod';
import { CANAIS_DE_ENVIO, type CanalDeEnvio } from '@db/schema/notificacoes';
import { ErroHttp } from '~/utils/errors';

/**
 * The calls' notification-options request header (spec 001 §6, decision 211): what a staff call's decision
 * may send to the client it concerns. `padrao` (or no header) = each person's own channels; `nenhum` = the
 * bell alone; a list of channels (`email,push`) = only those of the person's own. It narrows, never widens:
 * a client who turned a channel off is never reached by it.
 */
export const CABECALHO_OPCOES_NOTIFICACAO = 'notification-options';
export const MENSAGEM_OPCOES_INVALIDAS =
  'Cabeçalho notification-options inválido: use padrao, nenhum ou canais separados por vírgula (email, push, whatsapp, sms)';

export const opcoesDeNotificacaoSchema = z
  .string()
  .max(100, MENSAGEM_OPCOES_INVALIDAS)
  .transform((v) => v.trim().toLowerCase())
  .pipe(
    z.union(
      [
        z.literal(['', 'padrao']).transform(() => null),
        z.literal('nenhum').transform((): CanalDeEnvio[] => []),
        z
          .string()
          .transform((v) => v.split(',').map((c) => c.trim()))
          .pipe(z.array(z.enum(CANAIS_DE_ENVIO)).min(1))
          .transform((c) => [...new Set(c)]),
      ],
      { error: MENSAGEM_OPCOES_INVALIDAS },
    ),
  );

/** The header's value → the channels a call allows (null = no narrowing); a bad value is a 400. */
export function lerOpcoesDeNotificacao(valor: string | string[] | undefined): CanalDeEnvio[] | null {
  if (valor === undefined) return null;
  const r = opcoesDeNotificacaoSchema.safeParse(Array.isArray(valor) ? valor.join(',') : valor);
  if (!r.success) throw new ErroHttp(400, MENSAGEM_OPCOES_INVALIDAS, { [CABECALHO_OPCOES_NOTIFICACAO]: [MENSAGEM_OPCOES_INVALIDAS] });
  return r.data;
}
