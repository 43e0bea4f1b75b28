import type { LoaderFunctionArgs } from '@remix-run/node';
import { exportarGraficoDoComitente } from '~/paginas/pagina-do-comitente.server';

/**
 * /comitente/minha-pagina/exportar?grafico=&formato=csv|xlsx[&de=&ate=&leilao=&agrupar=]: one chart's table (#30),
 * titled in the brand's words.
 */
export const loader = (args: LoaderFunctionArgs) => exportarGraficoDoComitente(args, { palavrasDaMarca: true });
