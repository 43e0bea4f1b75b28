import { preguicoso } from '../preguicoso';

/** The habilitation box, fetched by the browser only on a list that shows one (an auction's lots; issue #16). */
export const CaixaDeHabilitacaoSobDemanda = preguicoso(() => import('./caixa-de-habilitacao').then((m) => m.CaixaDeHabilitacao));
