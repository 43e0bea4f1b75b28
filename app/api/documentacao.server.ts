import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { Router } from 'express';
import { z } from 'zod';
import { erroApiSchema } from './esquemas';

/**
 * The API reference (docs/api.md). Each router file declares its routes once, as `RotaApi`s (this
 * `DocRota` and the handler: app/api/rota.server.ts), with the same zod schemas its handlers parse; this
 * turns that list into one OpenAPI 3.1 document, served at /v1/openapi.json and rendered by Swagger UI at
 * /v1/docs from assets we serve (no CDN). The router serves the same list, so no route goes undocumented
 * (tests/integration/openapi.test.ts checks the router against the list).
 */
export interface DocRota {
  metodo: 'get' | 'post' | 'put' | 'delete';
  /** Express path, as registered on the router (`/lote/by-id/:id`). */
  caminho: string;
  resumo: string;
  tag: string;
  /** Who may call it, when not everyone (papéis; a bearer token or the session cookie). */
  acesso?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  corpo?: z.ZodType;
  /** The success answer; absent = a JSON answer not yet described by a schema. */
  resposta?: z.ZodType;
  /** The success status (200 unless given). */
  status?: number;
  /** Response headers of a success (`count`, `X-Total-Count`). */
  cabecalhos?: Record<string, string>;
}

/** `/lote/by-id/:id` → `/lote/by-id/{id}`. */
export const caminhoOpenApi = (caminho: string) => caminho.replace(/:(\w+)\??/g, '{$1}');

const DESCRICAO = `API JSON do Martelo (spec 001 §7). Cada marca responde no seu próprio endereço; o mesmo
roteador atende \`/v1\` e \`/v2\` (as mesmas rotas e respostas: \`/v2\` existe porque a spec chama algumas rotas
por \`/{v}\`).

**Dinheiro**: todo valor em dinheiro, na entrada e na saída, é um **inteiro em centavos de real**
(\`105000\` = R$ 1.050,00); porcentagens são **inteiros em pontos-base** (\`500\` = 5%). Datas são ISO 8601.

**Erros**: toda resposta 4xx/5xx é \`{ message, statusCode, error }\` em pt-BR (spec 001 §8), com \`erros\`
(campo → mensagens) em erros de validação e \`requestId\` em 5xx.

**Autenticação**: \`Authorization: Bearer <token>\` de \`POST /v1/usuario/efetuar-login\` (ou o cookie de sessão do site).`;

export function documentoOpenApi(rotas: DocRota[]) {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  for (const r of rotas) {
    // Every path parameter is declared, with its schema when the route gives one.
    const nomes = [...r.caminho.matchAll(/:(\w+)/g)].map((m) => m[1]);
    const forma = r.params?.shape ?? {};
    const params = nomes.length
      ? z.object(Object.fromEntries(nomes.map((n) => [n, (forma as Record<string, z.ZodType>)[n] ?? z.string()])))
      : undefined;
    const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
    registry.registerPath({
      method: r.metodo,
      path: caminhoOpenApi(r.caminho),
      summary: r.resumo,
      tags: [r.tag],
      ...(r.acesso ? { description: `Acesso: ${r.acesso}.`, security: [{ [bearer.name]: [] }] } : {}),
      request: {
        ...(params ? { params } : {}),
        ...(r.query ? { query: r.query } : {}),
        ...(r.corpo ? { body: { content: json(r.corpo) } } : {}),
      },
      responses: {
        [r.status ?? 200]: {
          description: 'Sucesso',
          ...(r.cabecalhos
            ? {
                headers: Object.fromEntries(
                  Object.entries(r.cabecalhos).map(([k, d]) => [k, { description: d, schema: { type: 'string' } }]),
                ),
              }
            : {}),
          content: json(r.resposta ?? z.unknown()),
        },
        default: { description: 'Erro (4xx/5xx), em pt-BR', content: json(erroApiSchema) },
      },
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Martelo API', version: '1', description: DESCRICAO },
    servers: [{ url: '/v1' }, { url: '/v2' }],
  });
}

/**
 * Swagger UI's prebuilt browser files (`swagger-ui-dist`: one script, one stylesheet, no dependencies of
 * its own that run), served by us so the page needs no CDN (decision 140).
 */
const PASTA_SWAGGER_UI = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ARQUIVOS_DA_REFERENCIA: Record<string, string> = {
  '/docs/swagger-ui-bundle.js': join(PASTA_SWAGGER_UI, 'swagger-ui-bundle.js'),
  '/docs/swagger-ui.css': join(PASTA_SWAGGER_UI, 'swagger-ui.css'),
};

/**
 * The reference page's own CSP, set on /docs only: Swagger UI sets style attributes, so styles need
 * 'unsafe-inline' here; scripts stay 'self' + the request's nonce, as on every page; nothing is fetched
 * from elsewhere (the document from our own origin, no validator badge).
 */
const cspDaReferencia = (nonce: string) =>
  [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');

/** The page: Swagger UI reading our document; `base` is /v1 or /v2 (a fixed prefix, never user text). */
const paginaDaReferencia = (base: string, nonce: string) => `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Martelo API</title>
<link rel="stylesheet" href="${base}/docs/swagger-ui.css">
</head>
<body>
<div id="referencia"></div>
<script src="${base}/docs/swagger-ui-bundle.js" nonce="${nonce}"></script>
<script nonce="${nonce}">
SwaggerUIBundle({ url: ${JSON.stringify(`${base}/openapi.json`)}, dom_id: '#referencia', deepLinking: true, validatorUrl: null });
</script>
</body>
</html>
`;

/** GET /openapi.json, /docs and its two files on the API router (the document is built once per router). */
export function rotasDaDocumentacao(router: Router, rotas: () => DocRota[]): void {
  let documento: string | undefined;
  router.get('/openapi.json', (_req, res) => {
    documento ??= JSON.stringify(documentoOpenApi(rotas()));
    res.type('application/json').setHeader('Cache-Control', 'no-cache');
    res.send(documento);
  });
  for (const [caminho, arquivo] of Object.entries(ARQUIVOS_DA_REFERENCIA)) {
    router.get(caminho, (_req, res, next) => {
      res.sendFile(arquivo, { maxAge: '1d' }, (erro) => erro && next(erro));
    });
  }
  router.get('/docs', (req, res) => {
    const nonce = String(res.locals.cspNonce ?? '');
    res.setHeader('Content-Security-Policy', cspDaReferencia(nonce));
    res.type('html').send(paginaDaReferencia(req.baseUrl, nonce));
  });
}

/** The documentation's own routes: the walk of the router skips them (they are not the API). */
export const ROTAS_DA_DOCUMENTACAO = ['/openapi.json', '/docs', ...Object.keys(ARQUIVOS_DA_REFERENCIA)];
