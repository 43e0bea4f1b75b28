import { lerFormulario } from '~/utils/formulario.server';
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { inscreverNewsletter } from '~/modules/conteudo/contato.server';
import { caminhoDeVolta } from '~/utils/voltar';

/** The newsletter block posts here; the visitor goes back to the page it came from with the result. */
export async function action({ request, context: { db, marca } }: ActionFunctionArgs) {
  const form = Object.fromEntries(await lerFormulario(request));
  const voltar = caminhoDeVolta(form.voltar, '/');
  const r = await inscreverNewsletter({ db, hotsiteId: marca.id, entrada: form }).then(
    () => 'inscrito',
    (erro) => {
      if (erro?.name === 'ZodError') return 'invalido';
      throw erro;
    },
  );
  return redirect(`${voltar}?newsletter=${r}#newsletter`);
}

export const loader = () => redirect('/');
