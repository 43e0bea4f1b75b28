import { exportarGraficoDoComitente } from '~/paginas/pagina-do-comitente.server';

/** /admin/relatorios-comitente/graficos?grafico=&formato=csv|xlsx[&comitente=&de=&ate=&agrupar=]: a chart's table (#30). */
export const loader = exportarGraficoDoComitente;
