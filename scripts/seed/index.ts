import type { Database } from '@db/client.server';
import { lerPastaDaMarca, pastasDemo } from '@tenants/brand-folder.server';
import { onboardHotsite } from '~/modules/hotsites/onboard.server';
import { seedIdentidade } from './identidade';
import { getEnv } from '~/utils/env.server';
import { seedCatalogo, seedReferencias } from './catalogo/index';
import { seedHabilitacoes, seedLances } from './lances';
import { seedUsuariosComitente } from './usuarios-comitente';
import { seedVendas } from './vendas';
import { seedPaginaDoComitente } from './pagina-do-comitente';
import { seedHistoricoDoComitente } from './historico-do-comitente';
import { seedVistorias } from './vistorias';
import { seedEntrega } from './entrega';
import { seedEstoque } from './estoque';
import { seedRemocoes } from './remocoes';
import { seedIntegracao } from './integracao';
import { seedCarimbos } from './carimbos';
import { seedCaixa } from './caixa';
import { seedOperacoes } from './operacoes';
import { seedEventos } from './eventos';
import { seedConsultas } from './consultas';

/**
 * Demo data: every brand folder in tenants/ onboarded (brand, files, pages). Idempotent: brands are
 * upserted by key and existing pages are kept. Answers the onboarded hotsite ids.
 */
export async function seedDemo(database: Database, opcoes: { lotesPorMarca?: number; semente?: number } = {}): Promise<number[]> {
  const { ids, restante } = await seedDemoEmPartes(database, opcoes);
  await restante();
  return ids;
}

/**
 * The demo seed for a first start: every brand, account, sale and bid, with `lotesAgora` lots per brand
 * now; `restante()` inserts the rest of the catalogue (SEED_LOTES_POR_MARCA per brand in all), to be run
 * while the server already answers. Lists grow meanwhile, through the search index's change feed.
 */
export async function seedDemoEmPartes(
  database: Database,
  opcoes: { lotesPorMarca?: number; semente?: number; lotesAgora?: number } = {},
): Promise<{ ids: number[]; restante: (parar?: () => boolean) => Promise<number> }> {
  const adiados: ((parar: () => boolean) => Promise<number>)[] = [];
  const ids: number[] = [];
  for (const pasta of pastasDemo()) {
    const { id } = await onboardHotsite(database.db, lerPastaDaMarca(pasta));
    ids.push(id);
  }
  await seedIdentidade(database.db, ids);
  await seedReferencias(database.db);
  // Demo catalogue per brand (skipped for a brand that already has auctions).
  for (const id of ids) {
    const semente = opcoes.semente === undefined ? id : opcoes.semente * 100_003 + id;
    await seedCatalogo({
      db: database.db,
      hotsiteId: id,
      lotes: opcoes.lotesPorMarca ?? getEnv().SEED_LOTES_POR_MARCA,
      semente,
      lotesAgora: opcoes.lotesAgora,
      adiar: (r) => adiados.push(r),
    });
    await seedCaixa(database.db, id);
    await seedLances(database.db, id);
    await seedHabilitacoes(database.db, id);
    await seedUsuariosComitente(database.db, id);
    await seedVendas(database.db, id);
    await seedPaginaDoComitente(database.db, id);
    await seedVistorias(database.db, id);
    await seedEntrega(database.db, id);
    await seedEstoque(database.db, id);
    await seedRemocoes(database.db, id);
    await seedIntegracao(database.db, id);
    await seedCarimbos(database.db, id);
    await seedOperacoes(database.db, id);
    await seedEventos(database.db, id);
    await seedConsultas(database.db, id);
  }
  const restante = async (parar: () => boolean = () => false) => {
    let n = 0;
    for (const r of adiados) n += await r(parar);
    // The demo seller's past auctions (decision 202): its page's charts fill in while the server answers.
    for (const id of ids) if (!parar()) await seedHistoricoDoComitente(database.db, id);
    // The lots inserted now show bid counts too: their bids, as the first lots got theirs above.
    for (const id of ids) if (!parar()) await seedLances(database.db, id);
    return n;
  };
  return { ids, restante };
}
