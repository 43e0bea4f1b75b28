import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { dadosDeSessaoDaRaiz } from '~/paginas/raiz.server';
import { estiloDaMarca } from '~/modules/hotsites/estilo.server';
import { getEnv } from '~/utils/env.server';
import { avisoDeManutencao } from './manutencao.server';

/**
 * The root loader: the brand that dresses every page (its theme, canonical address) and who is
 * logged in. Kept out of root.tsx so the browser's root chunk imports nothing from @remix-run/node.
 */
export async function carregarCasca({ request, context }: LoaderFunctionArgs) {
  const { marca } = context;
  const url = new URL(request.url);
  const [{ usuario, aviso, headers }, manutencao] = await Promise.all([dadosDeSessaoDaRaiz(request, context), avisoDeManutencao(context)]);
  return json(
    {
      marca,
      estilo: estiloDaMarca(marca),
      canonico: marca.linkCanonico ? `${marca.linkCanonico}${url.pathname === '/' ? '' : url.pathname}` : null,
      usuario,
      aviso,
      /** The banner of a maintenance window ahead (everyone) or under way (staff, who still get in). */
      manutencao,
      /** Without SMTP (the demo) each logged-in person reads their own messages at /minhas-mensagens. */
      caixaDeMensagens: !getEnv().SMTP_URL,
      /** The brand's seal on the platform's own verification page (footer and payment pages; decision 197). */
      urlDoSelo: `${context.selo.urlPlataforma}/verificar/${marca.id}`,
      /** Shown by the error page so a report can be matched with the server log. */
      requestId: context.requestId,
    },
    { headers },
  );
}
