/** The dashboard's periods in days (decision 170); shared by its use case and its screen (browser-safe). */
export const PERIODOS_PAINEL = [1, 7, 30, 90] as const;
