import type { CLASSES_MONTA } from '@db/schema/consultas';

/** Pequena / média / grande monta. */
export type ClasseMonta = (typeof CLASSES_MONTA)[number];

/** What a check shows when its provider is slow or down (issue #31). */
export const MENSAGEM_CONSULTA_INDISPONIVEL = 'Consulta indisponível, tentaremos de novo';
