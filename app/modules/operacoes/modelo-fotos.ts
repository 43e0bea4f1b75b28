/*
 * Photo models (decision 221) as pure rules: how staff type a model's shots, and which shots a lot still
 * lacks. A shot is matched by its name without case, accents or extra spaces ("lateral  ESQUERDA" is
 * "Lateral esquerda"), so a photo named by hand still counts.
 */

export const POSICOES_MAXIMO = 30;
export const POSICAO_TAMANHO_MAXIMO = 60;

export const MENSAGENS_MODELO = {
  demais: `Informe no máximo ${POSICOES_MAXIMO} fotos obrigatórias`,
  longa: `Cada foto obrigatória pode ter no máximo ${POSICAO_TAMANHO_MAXIMO} caracteres`,
  repetida: (nome: string) => `A foto "${nome}" aparece mais de uma vez`,
  invalida: 'Caractere inválido no texto',
} as const;

/** The key two names of one shot share. */
export const chaveDaPosicao = (nome: string) => nome.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * A model's shots as staff type them, one a line (or separated by ";"): trimmed, blank lines dropped, in
 * the order typed. Answers the list or the first reason it cannot be saved.
 */
export function lerPosicoes(texto: string): { ok: true; posicoes: string[] } | { ok: false; mensagem: string } {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(texto)) return { ok: false, mensagem: MENSAGENS_MODELO.invalida };
  const posicoes = texto
    .split(/[\n;]/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  if (posicoes.length > POSICOES_MAXIMO) return { ok: false, mensagem: MENSAGENS_MODELO.demais };
  if (posicoes.some((p) => p.length > POSICAO_TAMANHO_MAXIMO)) return { ok: false, mensagem: MENSAGENS_MODELO.longa };
  const vistas = new Set<string>();
  for (const p of posicoes) {
    const chave = chaveDaPosicao(p);
    if (vistas.has(chave)) return { ok: false, mensagem: MENSAGENS_MODELO.repetida(p) };
    vistas.add(chave);
  }
  return { ok: true, posicoes };
}

/** The model's shots no photo of the lot names yet, in the model's order. */
export function posicoesFaltando(posicoes: readonly string[], descricoesDasFotos: readonly (string | null)[]): string[] {
  const tem = new Set(descricoesDasFotos.filter((d): d is string => !!d).map(chaveDaPosicao));
  return posicoes.filter((p) => !tem.has(chaveDaPosicao(p)));
}
