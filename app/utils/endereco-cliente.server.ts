import type { Request } from 'express';

/**
 * The client's address for login limits and "Últimos acessos". `req.ip` reads X-Forwarded-For only
 * from the proxies listed in TRUST_PROXY (server.ts sets `trust proxy`); with none it is the socket's
 * peer, which the client cannot choose.
 */
export const enderecoDoCliente = (req: Pick<Request, 'ip' | 'socket'>): string => req.ip ?? req.socket.remoteAddress ?? 'desconhecido';
