import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { buscarCep } from '~/modules/identidade/cep.server';

/** Resource route for the sign-up form's CEP autofill (the lookup adapter stays on the server). */
export async function loader({ params }: LoaderFunctionArgs) {
  const achado = await buscarCep(params.cep ?? '');
  return achado
    ? json(achado, { headers: { 'Cache-Control': 'public, max-age=86400' } })
    : json({ mensagem: 'CEP não encontrado' }, { status: 404 });
}
