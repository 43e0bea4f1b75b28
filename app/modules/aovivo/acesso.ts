import { ACESSOS } from '~/modules/dominio/acessos';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';

/** The auctioneer's panel and commands: the access table's '/leiloeiro' (Leiloeiro + ADM). */
export const PAPEIS_DO_LEILOEIRO = ACESSOS['/leiloeiro'] as readonly string[];
/** The auditorium: dev, ADM and the brand's clients (access table '/auditorio'). */
export const PAPEIS_DO_AUDITORIO = ACESSOS['/auditorio'] as readonly string[];
/** Who joins the auctioneer's room (authors of chat messages, moderation): the panel's roles and SAC. */
export const PAPEIS_DO_PAINEL: readonly string[] = [...PAPEIS_DO_LEILOEIRO, P.SAC];
/** The back-office follow-up of an auction (access table: SAC + ADM). */
export const PAPEIS_DO_ACOMPANHAMENTO = ACESSOS['/admin/backoffice-acompanhar-leilao'] as readonly string[];
/** Broadcast control: the access table's '/admin/transmissao' (Leiloeiro + ADM + MKT). */
export const PAPEIS_DA_TRANSMISSAO = ACESSOS['/admin/transmissao'] as readonly string[];
/**
 * The back-office follow-up room (decision 264): whoever has a follow-up screen with every lot and the
 * clients (SAC + ADM's and the auctioneer's); the seller's follow-up (only its own lots) has no room.
 */
export const PAPEIS_DA_SALA_DE_ACOMPANHAMENTO: readonly string[] = [
  ...new Set([...PAPEIS_DO_ACOMPANHAMENTO, ...(ACESSOS['/leiloeiro-acompanhar-leilao'] as readonly string[])]),
];
