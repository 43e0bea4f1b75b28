import { exportarGraficoDoComitente } from '~/paginas/pagina-do-comitente.server';

/** /comitente/minha-pagina/exportar?grafico=&formato=csv|xlsx[&de=&ate=&leilao=&agrupar=]: one chart's table (#30). */
export const loader = exportarGraficoDoComitente;
