/**
 * pt-BR wording that only the server (server.ts, app/servidor/) shows, on plain pages outside Remix (no brand resolved yet):
 * kept out of common.ts, which every page ships to the browser.
 */
export const servidor = {
  site_desconhecido: {
    titulo: 'Site não encontrado',
    texto: 'Nenhum site está configurado para este endereço.',
  },
  /** A request refused before any route sees it (docs/seguranca.md). */
  recusa: {
    titulo: 'Não foi possível concluir',
    endereco: 'Endereço inválido: confira o link e tente de novo.',
    origem: 'Origem da requisição não permitida',
  },
  indice_local: {
    titulo: 'Martelo: sites de demonstração',
    texto: 'Cada marca responde no seu próprio endereço. Escolha uma:',
  },
} as const;
