import type { Db } from '@db/client.server';
import type { Canais } from './despacho.server';
import { provedorHttp } from './provedor-mensagens.server';
import { chavesVapid, enviadorWebPush, type ChavesVapid, type EnviadorPush } from './push.server';

/**
 * The channels as the environment configures them: Web Push always (the VAPID pair read once, on first
 * use), WhatsApp and SMS through the provider when MENSAGENS_API_URL and its token are set.
 */
export function canaisDoAmbiente({
  db,
  vapid,
  mensagens,
  segredo,
  urlBase,
}: {
  db: Db;
  vapid: { publica?: string; privada?: string; assunto: string };
  mensagens: { url?: string; token?: string };
  segredo: string;
  urlBase: Canais['urlBase'];
}): Canais {
  let chaves: Promise<ChavesVapid> | undefined;
  const lerChaves = () =>
    (chaves ??= chavesVapid({ db, doAmbiente: vapid }).catch((e: unknown) => {
      chaves = undefined;
      throw e;
    }));
  const push: EnviadorPush = {
    enviar: async (i, corpo) => enviadorWebPush(await lerChaves(), vapid.assunto).enviar(i, corpo),
  };
  return {
    push,
    mensagens: mensagens.url && mensagens.token ? provedorHttp({ url: mensagens.url, token: mensagens.token }) : undefined,
    segredo,
    urlBase,
  };
}
