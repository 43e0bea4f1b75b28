import { createThemeContract } from '@vanilla-extract/css';

/**
 * The theme contract every style uses. Values come from the hotsite at request time
 * (tenant-vars.ts → assignInlineVars on <html>), so a new brand needs no build.
 */
export const vars = createThemeContract({
  cor: {
    primaria: null,
    secundaria: null,
    gradiente1: null,
    gradiente2: null,
    gradiente3: null,
    textoSobrePrimaria: null,
    textoSobreSecundaria: null,
    fundo: null,
    superficie: null,
    texto: null,
    textoSuave: null,
    borda: null,
    sucesso: null,
    alerta: null,
    perigo: null,
    info: null,
  },
  fonte: { corpo: null },
  raio: { pequeno: null, medio: null },
});
