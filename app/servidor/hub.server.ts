import type { Express, Request } from 'express';
import type { Db } from '@db/client.server';
import { PAPEIS_DO_PAINEL } from '~/modules/aovivo/acesso';
import { lotesDoLeilaoAcompanhado, salaDeAcompanhamento } from '~/modules/aovivo/acompanhamento.server';
import { enviarMensagemDoChat } from '~/modules/aovivo/chat.server';
import { comandoDaEquipePeloSocket } from '~/modules/aovivo/sinais.server';
import { podeVerLeilao } from '~/modules/eventos/convidados.server';
import type { RegistrosAoVivo } from '~/modules/aovivo/registros.server';
import { publicarTransmissaoPeloSocket } from '~/modules/aovivo/transmissao.server';
import type { HotsiteCache } from '~/modules/hotsites/hotsite-cache.server';
import { carregarUsuario, tokenDoPedido } from '~/modules/identidade/guard.server';
import { temAlgumPapel } from '~/modules/dominio/papeis';
import { autenticarToken } from '~/modules/identidade/sessions.server';
import { sequenciasDosLotes } from '~/modules/lances/consultas.server';
import type { Bus } from '~/realtime/bus.server';
import { createHub, type HubDeps } from '~/realtime/hub.server';
import { MENSAGENS_WS } from '~/realtime/protocol';
import { enderecoDoCliente } from '~/utils/endereco-cliente.server';
import type { Logger } from '~/utils/logger.server';

/**
 * The websocket hub of the instance, wired to the use cases it calls (the hub itself knows none): the brand
 * and the session checked on upgrade, the auctioneer's room, chat, broadcasts, read receipts and page views.
 */
export function criarHubDoMartelo({
  db,
  bus,
  logger,
  hotsites,
  registros,
  app,
  ...ajustes
}: {
  db: Db;
  bus: Bus;
  logger: Logger;
  hotsites: HotsiteCache;
  registros: RegistrosAoVivo;
  /** The Express app, for the client's address as express reads it (TRUST_PROXY). */
  app: () => Express;
} & Pick<HubDeps, 'heartbeatMs' | 'contagem' | 'estadoMs' | 'acompanhamentoMs' | 'maxConexoesPorIp'>) {
  const hub = createHub({
    bus,
    logger,
    ...ajustes,
    resolverHotsite: (req) => hotsites.resolver(req.headers.host),
    // A session that must still enrol in 2FA is no login on the socket either (refused like a bad token).
    autenticar: async (hotsiteId, token) => {
      const s = await autenticarToken({ db, hotsiteId, token });
      return s && !s.cadastro2faPendente ? { usuarioId: s.usuarioId } : null;
    },
    tokenDoCookie: (req) => tokenDoPedido(req),
    // Live auctions: the auctioneer's room is staff's; chat messages go through the live module.
    podeEntrarComoLeiloeiro: async (_hotsiteId, { usuarioId }) =>
      temAlgumPapel((await carregarUsuario(db, usuarioId))?.papeis ?? [], PAPEIS_DO_PAINEL),
    // Exclusive events: a private auction's rooms (its lots, its auditorium, its own) for its accepted guests.
    podeVerLeilao: (hotsiteId, usuarioId, alvo) =>
      podeVerLeilao({ db, hotsiteId, usuarioId, leilao: 'leilaoUid' in alvo ? { uid: alvo.leilaoUid } : { veiUid: alvo.veiUid } }),
    // A private auction's chat takes its accepted guests' messages only (decision 186).
    aoChat: async (hotsiteId, { usuarioId }, { leilaoUid, texto }) =>
      (await podeVerLeilao({ db, hotsiteId, usuarioId, leilao: { uid: leilaoUid } }))
        ? enviarMensagemDoChat({ db, hub, hotsiteId, usuarioId, leilaoUid, texto })
        : MENSAGENS_WS.exclusivo,
    aoPublicarTransmissao: (hotsiteId, { usuarioId }, dados) => publicarTransmissaoPeloSocket({ db, hub, hotsiteId, usuarioId, dados }),
    // Staff following an auction (decision 264), and their broadcast signals (decisions 265-267).
    acompanharLeilao: (hotsiteId, { usuarioId }, leilaoUid) => salaDeAcompanhamento({ db, hotsiteId, usuarioId, leilaoUid }),
    lotesDoAcompanhamento: (hotsiteId, leilaoUid) => lotesDoLeilaoAcompanhado({ db, hotsiteId, leilaoUid }),
    aoComandoDaEquipe: (hotsiteId, { usuarioId }, comando) => comandoDaEquipePeloSocket({ db, hub, hotsiteId, usuarioId, comando }),
    aoLerChat: (hotsiteId, { usuarioId }, { leilaoUid, mensagemUids }) => registros.lerChat(hotsiteId, usuarioId, leilaoUid, mensagemUids),
    aoVisitar: (hotsiteId, v) => registros.visitar({ hotsiteId, ...v }),
    // A cookie-carrying socket's Origin may be any of the brand's addresses, as for pages.
    hostDaMarca: async (host, hotsiteId) => (await hotsites.resolver(host))?.id === hotsiteId,
    // The client's address as express reads it (TRUST_PROXY), for the per-address cap.
    enderecoDoCliente: (req) => {
      const expressApp = app();
      return enderecoDoCliente(
        Object.assign(Object.create(expressApp.request) as Request, {
          app: expressApp,
          headers: req.headers,
          socket: req.socket,
          connection: req.socket,
        }),
      );
    },
    // The lot rooms' beat reads the watched lots' sequence numbers (decision 117).
    sequenciasDosLotes: (hotsiteId, veiUids) => sequenciasDosLotes({ db, hotsiteId, veiUids }),
  });
  return hub;
}
