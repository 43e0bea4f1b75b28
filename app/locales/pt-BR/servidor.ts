/**
 * pt-BR wording that only server.ts shows, on plain pages outside Remix (no brand resolved yet):
 * kept out of common.ts, which every page ships to the browser.
 */
export const servidor = {
  site_desconhecido: {
    titulo: 'Site não encontrado',
    texto: 'Nenhum site está configurado para este endereço.',
  },
} as const;
