/**
 * Every component file of the house (app/components) with where /design-system shows it and its
 * accessibility state (decision 238). `catalogo`: drawn on /design-system in each brand's theme, both
 * wordings, desktop and phone widths, and checked there by axe in the browser suite. A screen-sized
 * composition that needs a whole page's data names the screen where it is seen instead, and the browser
 * test that runs axe on it. `inventario.test.ts` fails when a component file is missing from this list.
 */
export interface ItemDoInventario {
  arquivo: string;
  componentes: string;
  exibicao: 'catalogo' | { tela: string };
  acessibilidade: string;
}

const AXE_GERAL = 'axe sem violações graves ou críticas (tests/e2e/acessibilidade.test.ts)';
const AXE_CATALOGO = 'axe sem violações graves ou críticas no catálogo (tests/e2e/design-system.test.ts)';

export const INVENTARIO: readonly ItemDoInventario[] = [
  {
    arquivo: 'aviso.tsx',
    componentes: 'Aviso',
    exibicao: 'catalogo',
    acessibilidade: `role status, ou alert no erro (anunciado na hora); ${AXE_CATALOGO}`,
  },
  {
    arquivo: 'layout.css.ts',
    componentes: 'botao, botaoSecundario, container',
    exibicao: 'catalogo',
    acessibilidade: `contraste do texto escolhido pela cor da marca; foco visível; ${AXE_CATALOGO}`,
  },
  {
    arquivo: 'formulario/campos.tsx',
    componentes: 'Campo, Caixa',
    exibicao: 'catalogo',
    acessibilidade: `rótulo ligado ao campo, erro em aria-describedby e aria-invalid; ${AXE_CATALOGO}`,
  },
  {
    arquivo: 'catalogo/card-lote.tsx',
    componentes: 'CardLote, GradeLotes',
    exibicao: 'catalogo',
    acessibilidade: `faixa de fotos focável e nomeada, fotos com texto alternativo; ${AXE_CATALOGO}`,
  },
  {
    arquivo: 'catalogo/carimbos.tsx',
    componentes: 'Carimbos',
    exibicao: 'catalogo',
    acessibilidade: `imagem com alt, ou o nome em texto; ${AXE_CATALOGO}`,
  },
  {
    arquivo: 'catalogo/favorito-card.tsx',
    componentes: 'FavoritoCard, FormularioFavoritos',
    exibicao: 'catalogo',
    acessibilidade: `botão com nome e aria-pressed; ${AXE_CATALOGO}`,
  },
  {
    arquivo: 'vendas/partes.tsx',
    componentes: 'Selo, BlocoTotais, ItensDaVenda, LinhaDoTempo, LinhaDeVenda, QrDeVerificacao…',
    exibicao: 'catalogo',
    acessibilidade: `Selo no catálogo; os demais em /cliente/compras (tests/e2e/vendas.test.ts); ${AXE_CATALOGO}`,
  },
  {
    arquivo: 'backoffice/pecas.tsx',
    componentes: 'TabelaRolavel, Paginacao, Escolha, Secao',
    exibicao: 'catalogo',
    acessibilidade: `região rolável focável e nomeada; navegação com aria-label; ${AXE_CATALOGO}`,
  },
  {
    arquivo: 'operacoes/lista-de-incidentes.tsx',
    componentes: 'ListaDeIncidentes, IncidentesDoRegistro',
    exibicao: 'catalogo',
    acessibilidade: `tabela com cabeçalhos; ${AXE_CATALOGO}`,
  },
  { arquivo: 'blocks/icone.tsx', componentes: 'Icone', exibicao: 'catalogo', acessibilidade: `decorativo (aria-hidden); ${AXE_CATALOGO}` },
  {
    arquivo: 'blocks/index.tsx',
    componentes: 'Paragrafos e os renderizadores de blocos',
    exibicao: 'catalogo',
    acessibilidade: `Paragrafos no catálogo; blocos na página inicial; ${AXE_CATALOGO}`,
  },
  {
    arquivo: 'confianca/ata-de-lances.tsx',
    componentes: 'LinksDaAta, AtasDaVenda',
    exibicao: 'catalogo',
    acessibilidade: `links com texto; ${AXE_CATALOGO}`,
  },
  {
    arquivo: 'aovivo/video.tsx',
    componentes: 'Video',
    exibicao: 'catalogo',
    acessibilidade: `sem vídeo: texto; com vídeo: sem legendas (limitação declarada em /acessibilidade); ${AXE_CATALOGO}`,
  },
  {
    arquivo: 'vendas/autorizacao-revogada.tsx',
    componentes: 'AutorizacaoRevogada',
    exibicao: { tela: '/retirada-por-terceiros' },
    acessibilidade: 'página inteira com h1; sem verificação do axe ainda',
  },
  {
    arquivo: 'privacidade/privacidade.css.ts',
    componentes: 'cartões e listas da privacidade',
    exibicao: { tela: '/cliente/privacidade' },
    acessibilidade: 'axe na página de privacidade (tests/e2e/privacidade.test.ts)',
  },
  {
    arquivo: 'aovivo/acompanhamento.tsx',
    componentes: 'AcompanhamentoDoLeilao',
    exibicao: { tela: '/admin/acompanhar-leilao' },
    acessibilidade: 'tabela ao vivo; sem verificação do axe ainda',
  },
  {
    arquivo: 'aovivo/aviso-da-transmissao.tsx',
    componentes: 'AvisoDaTransmissao',
    exibicao: { tela: '/auditorio' },
    acessibilidade: 'role=status (lido ao chegar); botão Fechar com nome; sem verificação do axe ainda',
  },
  { arquivo: 'aovivo/auditorio.tsx', componentes: 'Auditorio, AutorDoLance', exibicao: { tela: '/auditorio' }, acessibilidade: AXE_GERAL },
  {
    arquivo: 'aovivo/painel-do-leiloeiro.tsx',
    componentes: 'PainelDoLeiloeiro',
    exibicao: { tela: '/leiloeiro' },
    acessibilidade: AXE_GERAL,
  },
  {
    arquivo: 'aovivo/transmissao-plataforma.tsx',
    componentes: 'TransmissaoNaPlataforma, CampoCanal, CaixasVideoAudio',
    exibicao: { tela: '/admin/transmissao' },
    acessibilidade: 'sem verificação do axe ainda',
  },
  {
    arquivo: 'backoffice/abas-veiculo.tsx',
    componentes: 'AbaDoVeiculo',
    exibicao: { tela: '/admin/veiculo' },
    acessibilidade: 'abas como links; exercitado em tests/e2e/backoffice.test.ts',
  },
  {
    arquivo: 'backoffice/campos-de-transporte.tsx',
    componentes: 'CamposDeTransporte',
    exibicao: { tela: '/admin/remocao e a aba Remoções de /admin/veiculo' },
    acessibilidade: 'selects rotulados; exercitado em tests/e2e/remocao-na-aba-do-veiculo.test.ts e remocao-seguradora.test.ts',
  },
  {
    arquivo: 'backoffice/envio-fotos.tsx',
    componentes: 'EnvioDeFotos',
    exibicao: { tela: '/admin/veiculo' },
    acessibilidade: 'campo de arquivo rotulado; exercitado em tests/e2e/backoffice.test.ts',
  },
  {
    arquivo: 'backoffice/escolha-de-leilao.tsx',
    componentes: 'EscolhaDeLeilao',
    exibicao: { tela: '/admin/documentos-leilao' },
    acessibilidade: 'sem verificação do axe ainda',
  },
  {
    arquivo: 'backoffice/importacao.tsx',
    componentes: 'ImportarLinhas',
    exibicao: { tela: '/admin/leilao/{id}/importacao' },
    acessibilidade: 'sem verificação do axe ainda',
  },
  {
    arquivo: 'backoffice/resposta-condicional.tsx',
    componentes: 'RespostaCondicional, CondicionalDaVenda',
    exibicao: { tela: '/admin/vendas' },
    acessibilidade: 'exercitado em tests/e2e/condicional.test.ts',
  },
  {
    arquivo: 'blocks/formularios.tsx',
    componentes: 'BuscaRapida, FormularioContato, Newsletter',
    exibicao: { tela: '/' },
    acessibilidade: AXE_GERAL,
  },
  { arquivo: 'blocks/pagina-de-blocos.tsx', componentes: 'PaginaDeBlocos', exibicao: { tela: '/' }, acessibilidade: AXE_GERAL },
  { arquivo: 'cabecalho.tsx', componentes: 'Cabecalho', exibicao: { tela: 'todas as páginas' }, acessibilidade: AXE_GERAL },
  { arquivo: 'rodape.tsx', componentes: 'Rodape, RedesSociais', exibicao: { tela: 'todas as páginas' }, acessibilidade: AXE_GERAL },
  {
    arquivo: 'catalogo/blocos-catalogo.tsx',
    componentes: 'LotesDestaque, LeiloesAtivos, Agenda, Categorias…',
    exibicao: { tela: '/' },
    acessibilidade: AXE_GERAL,
  },
  {
    arquivo: 'catalogo/erro-catalogo.tsx',
    componentes: 'ErroCatalogo',
    exibicao: { tela: 'erro de lista' },
    acessibilidade: 'título e texto; sem verificação do axe ainda',
  },
  { arquivo: 'catalogo/filtros-lista.tsx', componentes: 'FiltrosDaLista', exibicao: { tela: '/leilao' }, acessibilidade: AXE_GERAL },
  {
    arquivo: 'catalogo/inicio-por-modo.tsx',
    componentes: 'InicioPorModo, MinhasPropostas',
    exibicao: { tela: '/' },
    acessibilidade: AXE_GERAL,
  },
  { arquivo: 'catalogo/lista-lotes.tsx', componentes: 'ListaLotes', exibicao: { tela: '/leilao' }, acessibilidade: AXE_GERAL },
  { arquivo: 'catalogo/pagina-inicial.tsx', componentes: 'PaginaInicial', exibicao: { tela: '/' }, acessibilidade: AXE_GERAL },
  { arquivo: 'catalogo/pagina-lote.tsx', componentes: 'PaginaLote', exibicao: { tela: 'página do lote' }, acessibilidade: AXE_GERAL },
  {
    arquivo: 'comitente/grafico.tsx',
    componentes: 'Grafico',
    exibicao: { tela: '/admin/relatorios-comitente' },
    acessibilidade: `SVG com tabela equivalente; ${AXE_GERAL}`,
  },
  {
    arquivo: 'confianca/selo.tsx',
    componentes: 'SeloDaMarca',
    exibicao: { tela: 'rodapé de todas as páginas' },
    acessibilidade: AXE_GERAL,
  },
  {
    arquivo: 'consultas/historico-verificado.tsx',
    componentes: 'HistoricoVerificado',
    exibicao: { tela: 'página do lote' },
    acessibilidade: 'exercitado em tests/e2e/historico-verificado.test.ts',
  },
  {
    arquivo: 'consultas/laudo-detran.tsx',
    componentes: 'LaudoDetran',
    exibicao: { tela: '/laudo-detran' },
    acessibilidade: 'página de impressão; sem verificação do axe ainda',
  },
  {
    arquivo: 'habilitacao/caixa-de-habilitacao.tsx',
    componentes: 'CaixaDeHabilitacao',
    exibicao: { tela: 'página do lote' },
    acessibilidade: AXE_GERAL,
  },
  {
    arquivo: 'habilitacao/decisoes-de-habilitacao.tsx',
    componentes: 'DecisoesDeHabilitacao',
    exibicao: { tela: '/admin/habilitacoes' },
    acessibilidade: 'sem verificação do axe ainda',
  },
  {
    arquivo: 'identidade/confirmar-contato.tsx',
    componentes: 'ConfirmarContato',
    exibicao: { tela: '/email' },
    acessibilidade: 'exercitado em tests/e2e/identidade.test.ts',
  },
  { arquivo: 'identidade/formulario-login.tsx', componentes: 'FormularioLogin', exibicao: { tela: '/login' }, acessibilidade: AXE_GERAL },
  {
    arquivo: 'identidade/inatividade.tsx',
    componentes: 'Inatividade',
    exibicao: { tela: 'área logada' },
    acessibilidade: 'diálogo de aviso; exercitado em tests/e2e/identidade.test.ts',
  },
  {
    arquivo: 'identidade/sessao-logada.tsx',
    componentes: 'SessaoLogada',
    exibicao: { tela: 'área logada' },
    acessibilidade: 'sem interface própria',
  },
  {
    arquivo: 'lances/avisos-de-lance.tsx',
    componentes: 'AvisosDeLance',
    exibicao: { tela: 'página do lote' },
    acessibilidade: 'toasts anunciados; exercitado em tests/e2e/status-do-lance.test.ts',
  },
  { arquivo: 'lances/botao-favorito.tsx', componentes: 'BotaoFavorito', exibicao: { tela: 'página do lote' }, acessibilidade: AXE_GERAL },
  {
    arquivo: 'lances/confirmacao-compre-ja.tsx',
    componentes: 'ResumoDoCompreJa',
    exibicao: { tela: 'página do lote' },
    acessibilidade: 'exercitado em tests/e2e/compre-ja.test.ts',
  },
  {
    arquivo: 'lances/formulario-de-lance.tsx',
    componentes: 'FormularioDeLance, BarraDeLanceMovel',
    exibicao: { tela: 'página do lote' },
    acessibilidade: AXE_GERAL,
  },
  {
    arquivo: 'lances/painel-de-lances.tsx',
    componentes: 'PainelDeLances',
    exibicao: { tela: 'página do lote' },
    acessibilidade: AXE_GERAL,
  },
  { arquivo: 'notificacoes/avise-me.tsx', componentes: 'AviseMe', exibicao: { tela: '/leilao' }, acessibilidade: AXE_GERAL },
  { arquivo: 'notificacoes/sino.tsx', componentes: 'Sino', exibicao: { tela: 'cabeçalho logado' }, acessibilidade: AXE_GERAL },
  {
    arquivo: 'operacoes/operacoes.css.ts',
    componentes: 'estilos das operações',
    exibicao: { tela: '/admin/incidentes' },
    acessibilidade: 'exercitado em tests/e2e/operacoes-equipe.test.ts',
  },
  {
    arquivo: 'pagina-nao-encontrada.tsx',
    componentes: 'PaginaNaoEncontrada',
    exibicao: { tela: 'endereço inexistente' },
    acessibilidade: 'título e link de volta; sem verificação do axe ainda',
  },
  {
    arquivo: 'preguicoso.tsx',
    componentes: 'carregamento sob demanda',
    exibicao: { tela: 'todas as páginas' },
    acessibilidade: 'sem interface própria',
  },
  {
    arquivo: 'toast.tsx',
    componentes: 'ProvedorDeToasts, useToast',
    exibicao: { tela: 'todas as páginas' },
    acessibilidade: 'região role status anunciada; exercitado em tests/e2e/status-do-lance.test.ts',
  },
  {
    arquivo: 'vendas/autorizacao-terceiro.tsx',
    componentes: 'EstadoDaAutorizacao',
    exibicao: { tela: '/cliente/compras' },
    acessibilidade: 'exercitado em tests/e2e/vendas.test.ts',
  },
  {
    arquivo: 'vendas/nota.tsx',
    componentes: 'NotaDeVenda',
    exibicao: { tela: 'nota da venda' },
    acessibilidade: 'exercitado em tests/e2e/documentos-venda.test.ts',
  },
  {
    arquivo: 'catalogo/botao-comparar.tsx',
    componentes: 'BotaoComparar',
    exibicao: { tela: 'página do lote' },
    acessibilidade: 'botão com aria-pressed, erro em role alert; exercitado em tests/e2e/conveniencias.test.ts',
  },
  {
    arquivo: 'catalogo/simulador-de-compra.tsx',
    componentes: 'SimuladorDeCompra',
    exibicao: { tela: 'página do lote' },
    acessibilidade:
      'campo rotulado, erro em aria-describedby e role alert, resultado em região aria-live; exercitado em tests/e2e/conveniencias.test.ts',
  },
  {
    arquivo: 'comitente/chaves-de-api.tsx',
    componentes: 'PainelDeChaves',
    exibicao: { tela: '/comitente/minha-pagina/chaves' },
    acessibilidade: 'tabela com cabeçalhos, resultado no Aviso (role status ou alert), permissões num grupo rotulado',
  },
  {
    arquivo: 'confianca/prazos.tsx',
    componentes: 'PrazosDaCompra',
    exibicao: { tela: '/cliente/compras/{id}' },
    acessibilidade:
      'lista ordenada de prazos, estado em texto (Feito, Pendente), não só em cor; exercitado em tests/e2e/prazos-da-compra.test.ts',
  },
  {
    arquivo: 'confianca/verificacoes.tsx',
    componentes: 'VerificacoesDoLeilao',
    exibicao: { tela: '/admin/leilao/{id}' },
    acessibilidade: 'seção rotulada, cada regra com aria-label Atendida ou Não atendida, não só em cor',
  },
  {
    arquivo: 'operacoes/fichas.tsx',
    componentes: 'EscolhaDoLeilao, FichaLeiloeiro, FichaVidro',
    exibicao: { tela: '/ficha-leiloeiro e /ficha-lotes-vidro' },
    acessibilidade: 'tabelas com cabeçalhos, próprias para impressão; exercitado em tests/e2e/fichas-e-fotos.test.ts',
  },
];
