/**
 * The condition of a vehicle in a traffic-authority auction (Resolução CONTRAN 623/2016, art. 11; decision
 * 179): conserved vehicles are sold to drive; scrap is sold for parts (aproveitável, with or without its
 * engine) or to be pressed (inservível), and only to buyers with the scrap habilitation.
 */
export const CONDICOES_DETRAN = [
  'Conservado',
  'Sucata aproveitável',
  'Sucata aproveitável com motor inservível',
  'Sucata inservível',
] as const;
