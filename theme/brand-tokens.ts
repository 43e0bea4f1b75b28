/**
 * Brand colours → sanitised theme tokens. Pure (no vanilla-extract import), so server code run by
 * tsx can validate colours too; tenant-vars.ts binds these tokens to the theme contract.
 */
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';

extend([a11yPlugin]);

export interface CoresDaMarca {
  corPrimaria: string;
  corSecundaria: string;
  corGradient1: string;
  corGradient2: string;
  corGradient3: string;
  fonte?: string | null;
}

const PADRAO = {
  primaria: '#1f4e8c',
  secundaria: '#f28c28',
  texto: '#1d2330',
  textoSuave: '#5b6475',
  fundo: '#f5f6f8',
  superficie: '#ffffff',
  borda: '#dde1e8',
} as const;

/**
 * Any CSS colour a person may type (#abc, #aabbcc, rgb(), hsl(), names) parsed by colord and
 * re-serialised as #rrggbb(aa). Anything else is refused: only this output ever reaches a page.
 */
export function sanitizarCor(valor: unknown): string | null {
  if (typeof valor !== 'string' || valor.length > 64) return null;
  const cor = colord(valor.trim());
  return cor.isValid() ? cor.toHex() : null;
}

/** A font family name, letters/digits/space/hyphen only; always followed by a safe system stack. */
export function pilhaDeFonte(fonte: string | null | undefined): string {
  const sistema = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
  if (!fonte || !/^[A-Za-z0-9 -]{1,40}$/.test(fonte.trim())) return sistema;
  return `"${fonte.trim()}", ${sistema}`;
}

/** White or near-black text, whichever reads better on the given background. */
function textoSobre(fundo: string): string {
  return colord(fundo).isLight() ? PADRAO.texto : '#ffffff';
}

export function tokensDaMarca(marca: CoresDaMarca) {
  const primaria = sanitizarCor(marca.corPrimaria) ?? PADRAO.primaria;
  const secundaria = sanitizarCor(marca.corSecundaria) ?? PADRAO.secundaria;
  return {
    cor: {
      primaria,
      secundaria,
      gradiente1: sanitizarCor(marca.corGradient1) ?? primaria,
      gradiente2: sanitizarCor(marca.corGradient2) ?? primaria,
      gradiente3: sanitizarCor(marca.corGradient3) ?? secundaria,
      textoSobrePrimaria: textoSobre(primaria),
      textoSobreSecundaria: textoSobre(secundaria),
      fundo: PADRAO.fundo,
      superficie: PADRAO.superficie,
      texto: PADRAO.texto,
      textoSuave: PADRAO.textoSuave,
      borda: PADRAO.borda,
      sucesso: '#2e7d32',
      alerta: '#f59e0b',
      perigo: '#c62828',
      info: '#1565c0',
    },
    fonte: { corpo: pilhaDeFonte(marca.fonte) },
    raio: { pequeno: '6px', medio: '12px' },
  };
}
