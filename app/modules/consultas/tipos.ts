import { ACESSOS } from '~/modules/dominio/acessos';
import type { CLASSES_MONTA } from '@db/schema/consultas';

/** Pequena / média / grande monta. */
export type ClasseMonta = (typeof CLASSES_MONTA)[number];

/** What a check shows when its provider is slow or down (issue #31). */
export const MENSAGEM_CONSULTA_INDISPONIVEL = 'Consulta indisponível, tentaremos de novo';

/** Who runs the detran items: the roles of /admin/leilao-detran (decision 179). */
export const PAPEIS_DETRAN = ACESSOS['/admin/leilao-detran'] as readonly string[];
