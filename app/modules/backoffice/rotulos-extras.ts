import type { PosicaoCarimbo, TipoDocumentoLeilao } from '@db/schema';

/** Labels of the auction extras' screens (shared by server and browser: not in a .server file). */
export const ROTULOS_DOCUMENTO: Record<TipoDocumentoLeilao, string> = {
  EDITAL: 'Edital',
  REGULAMENTO: 'Regulamento',
  OUTRO: 'Outro',
};

export const ROTULOS_POSICAO: Record<PosicaoCarimbo, string> = {
  'superior-esquerda': 'Superior esquerda',
  superior: 'Superior',
  'superior-direita': 'Superior direita',
  esquerda: 'Esquerda',
  centro: 'Centro',
  direita: 'Direita',
  'inferior-esquerda': 'Inferior esquerda',
  inferior: 'Inferior',
  'inferior-direita': 'Inferior direita',
};
