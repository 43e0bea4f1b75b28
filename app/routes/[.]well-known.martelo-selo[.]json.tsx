import type { LoaderFunctionArgs } from '@remix-run/node';
import { assinarSelo, documentoDoSelo, dominiosDaMarca } from '~/modules/confianca/selo.server';

/**
 * /.well-known/martelo-selo.json: the brand's seal signed by the platform (decision 197) — its domains, its
 * auctioneers and the only accounts and PIX keys that receive its money — with the platform's public key
 * and the address of the platform's verification page, where the same document is served.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { db, marca, selo, urlBase } = context;
  const documento = await documentoDoSelo({ db, marca, dominios: dominiosDaMarca(marca, selo, urlBase) });
  return new Response(JSON.stringify(assinarSelo(documento, selo), null, 2), {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' },
  });
}
