/**
 * pt-BR wording that only the server (app/martelo.server.ts) shows, on plain pages outside Remix (no brand resolved yet):
 * kept out of common.ts, which every page ships to the browser.
 */
export const servidor = {
  site_desconhecido: {
    titulo: 'Site não encontrado',
    texto: 'Nenhum site está configurado para este endereço.',
  },
  indice_local: {
    titulo: 'Martelo: sites de demonstração',
    texto: 'Cada marca responde no seu próprio endereço. Escolha uma:',
  },
} as const;
