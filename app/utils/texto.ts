/** "Caminhão" → "Caminhao": the letters without their accents (decomposed, marks dropped). */
export const semAcentos = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');

/** "Volkswagen Gol 1.6 MSI" → "volkswagen-gol-1-6-msi" (URL paths, keys); empty when nothing is left. */
export const slug = (s: string) =>
  semAcentos(s)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
