/**
 * The 35 section kinds (`elemento`) a hotsite page can hold. Each has one renderer in
 * app/components/blocks/. Kinds marked `dados` read live data (lots, auctions, yards, freight)
 * and use the brand's wording.
 */
export const ELEMENTOS = {
  'banner-carrossel': 'Carrossel de banners (itens: título, subtítulo, botão, imagem)',
  'barra-aviso': 'Barra de aviso no topo da página',
  titulo: 'Título de seção',
  texto: 'Texto (parágrafos separados por linha em branco)',
  'texto-imagem': 'Texto com imagem ao lado',
  imagem: 'Imagem com link opcional',
  video: 'Vídeo incorporado (YouTube/Vimeo)',
  galeria: 'Galeria de imagens',
  'lotes-destaque': 'Lotes em destaque (dados)',
  'lotes-categoria': 'Lotes de uma categoria (dados)',
  'leiloes-ativos': 'Leilões ativos (dados)',
  agenda: 'Agenda de leilões (dados)',
  'contagem-regressiva': 'Contagem regressiva até uma data',
  categorias: 'Atalhos de categorias de veículos',
  marcas: 'Atalhos de marcas de veículos',
  'busca-rapida': 'Busca rápida de lotes',
  'como-funciona': 'Passos de como funciona',
  diferenciais: 'Diferenciais com ícone',
  depoimentos: 'Depoimentos de clientes',
  'perguntas-frequentes': 'Perguntas frequentes (acordeão)',
  'formulario-contato': 'Formulário de contato',
  newsletter: 'Inscrição na newsletter',
  'mapa-patios': 'Mapa e lista de pátios (dados)',
  'tabela-frete': 'Tabela de frete (dados)',
  'formas-pagamento': 'Formas de pagamento',
  'logos-comitentes': 'Logos de comitentes (dados)',
  numeros: 'Números em destaque',
  'chamada-acao': 'Chamada para ação com botão',
  'cards-links': 'Cards com link',
  'botao-whatsapp': 'Botão de WhatsApp',
  'redes-sociais': 'Links das redes sociais da marca',
  parceiros: 'Logos de parceiros',
  espacador: 'Espaço em branco',
  'lista-icones': 'Lista com ícones',
  'mapa-localizacao': 'Mapa com o endereço da marca',
} as const;

export type Elemento = keyof typeof ELEMENTOS;
export const ELEMENTO_IDS = Object.keys(ELEMENTOS) as [Elemento, ...Elemento[]];
