import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { exigirLogin } from '~/modules/identidade/guard.server';
import { excluirBusca, salvarBusca } from '~/modules/notificacoes/buscas-salvas.server';
import { ErroHttp } from '~/utils/errors';
import { lerFormulario } from '~/utils/formulario.server';

/**
 * /notificacoes/buscas: "Avise-me" on the list page saves its filters (`consulta`, the list's query string)
 * with a frequency; the client's notifications page deletes one (`excluir` = its uid).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const u = await exigirLogin(request, context);
  const form = Object.fromEntries(await lerFormulario(request));
  const base = { db: context.db, hotsiteId: context.marca.id, usuarioId: u.id };
  if (typeof form.excluir === 'string') {
    await excluirBusca({ ...base, uid: form.excluir });
    return redirect('/cliente/notificacoes#alertas');
  }
  try {
    const r = await salvarBusca({ ...base, entrada: form });
    if (r.tipo === 'limite') return { ok: false as const, mensagem: `Você já tem ${r.maximo} alertas: exclua um para criar outro.` };
    return { ok: true as const, mensagem: 'Pronto: vamos avisar quando houver novidades para esta busca.' };
  } catch (e) {
    if (e instanceof z.ZodError || e instanceof ErroHttp) throw new ErroHttp(400, 'Escolha a frequência do alerta');
    throw e;
  }
}
