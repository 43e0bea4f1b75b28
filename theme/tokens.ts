/** Layout breakpoints and containers from the spec (section 9). Plain numbers: media queries cannot read CSS vars. */
export const larguras = { xl: 1900, lg: 1500, md: 1200, sm: 765, xs: 600 } as const;
export const containers = { estreito: 620, medio: 860, largo: 960, padrao: 1140 } as const;

export const midia = {
  ateXs: `screen and (max-width: ${larguras.xs}px)`,
  ateSm: `screen and (max-width: ${larguras.sm}px)`,
  ateMd: `screen and (max-width: ${larguras.md}px)`,
  ateLg: `screen and (max-width: ${larguras.lg}px)`,
  ateXl: `screen and (max-width: ${larguras.xl}px)`,
} as const;

/** Section margins (spec: zero, pequena, media, grande). */
export const margens = { zero: '0', pequena: '16px', media: '40px', grande: '72px' } as const;
