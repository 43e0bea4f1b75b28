import { lerFormulario } from '~/utils/formulario.server';
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { enviarMensagemContato } from '~/modules/conteudo/contato.server';
import { caminhoDeVolta } from '~/utils/voltar';

/** The contact-form block posts here; the visitor goes back to the page it came from with the result. */
export async function action({ request, context: { db, marca } }: ActionFunctionArgs) {
  const form = Object.fromEntries(await lerFormulario(request));
  const voltar = caminhoDeVolta(form.voltar, '/fale-conosco');
  const r = await enviarMensagemContato({ db, hotsiteId: marca.id, entrada: form }).then(
    () => 'enviado',
    (erro) => {
      if (erro?.name === 'ZodError') return 'invalido';
      throw erro;
    },
  );
  return redirect(`${voltar}?contato=${r}#contato`);
}

export const loader = () => redirect('/fale-conosco');
