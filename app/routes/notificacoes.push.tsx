import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { exigirLogin } from '~/modules/identidade/guard.server';
import { cancelarPush, chavesVapid, inscreverPush } from '~/modules/notificacoes/push.server';
import { getEnv } from '~/utils/env.server';
import { ErroHttp } from '~/utils/errors';
import { lerFormulario } from '~/utils/formulario.server';

/**
 * /notificacoes/push: the install's VAPID public key (GET) and this browser's subscription (POST
 * `inscricao` = PushSubscription JSON; `cancelar` = its endpoint), for the logged-in client.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirLogin(request, context);
  const env = getEnv();
  const { publica } = await chavesVapid({ db: context.db, doAmbiente: { publica: env.VAPID_PUBLIC_KEY, privada: env.VAPID_PRIVATE_KEY } });
  return Response.json({ chavePublica: publica });
}

const entradaSchema = z.union([z.object({ inscricao: z.string().min(2).max(4000) }), z.object({ cancelar: z.string().min(1).max(2000) })]);

export async function action({ request, context }: ActionFunctionArgs) {
  const u = await exigirLogin(request, context);
  const lida = entradaSchema.safeParse(Object.fromEntries(await lerFormulario(request)));
  if (!lida.success) throw new ErroHttp(400, 'Inscrição inválida');
  if ('cancelar' in lida.data) {
    await cancelarPush({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id, endpoint: lida.data.cancelar });
    return Response.json({ ok: true });
  }
  let inscricao: unknown;
  try {
    inscricao = JSON.parse(lida.data.inscricao);
  } catch {
    throw new ErroHttp(400, 'Inscrição inválida');
  }
  try {
    await inscreverPush({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id, inscricao });
  } catch (e) {
    if (e instanceof z.ZodError) throw new ErroHttp(400, 'Inscrição inválida');
    throw e;
  }
  return Response.json({ ok: true });
}
