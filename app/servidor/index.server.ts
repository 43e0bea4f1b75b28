/**
 * What the top-level server.ts takes from the Remix build: the services it composes and the middlewares
 * of its chain. entry.server.tsx re-exports this as `servidor`, so server.ts (compiled on its own to
 * build/server.js) reaches every app module through build/index.js and the process holds one copy of each
 * (docs/decisions/135-servidor-no-topo.md). server.ts imports nothing else of app/.
 */
export { openDatabase } from '@db/client.server';
export { iniciarAvisoAosComitentes } from '~/modules/area-comitente/ofertas.server';
export { createApiRouter } from '~/api/router.server';
export { criarRegistrosAoVivo } from '~/modules/aovivo/registros.server';
export { criarServicoDeBusca } from '~/modules/catalogo/busca.server';
export { criarSelo } from '~/modules/confianca/selo.server';
export { criarProvedores } from '~/modules/consultas/provedores.server';
export { iniciarReconsulta } from '~/modules/consultas/reconsulta.server';
export { createHotsiteCache } from '~/modules/hotsites/hotsite-cache.server';
export { semMarcas } from '~/modules/hotsites/hotsites.server';
export { baseDaMarca } from '~/modules/hotsites/links-da-marca';
export { iniciarEncerrador } from '~/modules/lances/encerramento.server';
export { criarServicoDeLances } from '~/modules/lances/servico.server';
export { iniciarEnvioOutbox } from '~/modules/outbox/envio-outbox.server';
export { iniciarEnvioSeguradoras } from '~/modules/seguradoras/envio.server';
export { canaisDoAmbiente } from '~/modules/notificacoes/canais.server';
export { iniciarNotificacoes } from '~/modules/notificacoes/job.server';
export { iniciarLembretesDePrazo } from '~/modules/confianca/prazos.server';
export { criarPaginasDeVisitante } from '~/paginas/paginas-de-visitante.server';
export { criarPaginasDeLote } from '~/paginas/paginas-de-lote.server';
export { protegerRotas } from '~/paginas/protecao-de-rotas.server';
export { createBus } from '~/realtime/bus.server';
export { criarAdmissao } from '~/utils/admissao.server';
export { descartarCorpoNaoLido } from '~/utils/descarte-de-corpo.server';
export { getEnv } from '~/utils/env.server';
export { registroDePedidos } from '~/utils/log-http.server';
export { createLogger } from '~/utils/logger.server';
export { criarMemoDePaginas } from '~/utils/memo-de-paginas.server';
export { RAIZ } from '~/utils/raiz.server';
export { admitir } from './admissao.server';
export { arquivosDaMarca } from './arquivos-da-marca.server';
export { buildComprimido } from './build-comprimido.server';
export { contextoDaMarca } from './contexto.server';
export { semCamposVazios, tratarErros } from './erros.server';
export { criarHubDoMartelo } from './hub.server';
export { indiceLocal } from './indice-local.server';
export { iniciarLimpeza } from './limpeza.server';
export { modoManutencao } from './manutencao.server';
export { origemDaMarca } from './origem.server';
export { enderecoValido, prepararPedido } from './pedido.server';
export { prontidao, vivo } from './saude.server';
export { cabecalhosDoMartelo } from './seguranca.server';
export { verificacaoDaPlataforma } from './verificacao-plataforma.server';
