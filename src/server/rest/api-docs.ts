// GET /api/openapi.json (the contract, built once when the app is created) and /api/docs, a
// browsable reference: Swagger UI's files served from node_modules (no CDN, works offline) and a
// served initializer script, so the page runs under the site's CSP without inline scripts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Hono } from 'hono';
import { z } from 'zod';
import { pageHeaders } from '../http/security.ts';
import { defineHttpRoute, json } from './define-route.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

const INITIALIZER = `// Starts Swagger UI on this site's OpenAPI document.
window.ui = SwaggerUIBundle({ url: ${JSON.stringify(OPENAPI_PATH)}, dom_id: '#swagger-ui', deepLinking: true });
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Atomix Energy REST API</title>
    <link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/init.js"></script>
  </body>
</html>
`;

/** The files /api/docs/:file serves, by name; nothing else of the package is reachable. */
const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

function swaggerUiDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

const tag = 'Reference';

export const referenceRoutes = [
  defineHttpRoute({
    method: 'GET',
    path: OPENAPI_PATH,
    access: 'public',
    tag,
    summary: 'This document',
    operation: { responses: { 200: json(z.object({ openapi: z.string() }).passthrough(), 'The OpenAPI 3.1 document') } },
  }),
  defineHttpRoute({
    method: 'GET',
    path: API_DOCS_PATH,
    access: 'public',
    tag,
    summary: 'This document, to browse (Swagger UI)',
    operation: { responses: { 200: { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } } } },
  }),
  defineHttpRoute({
    method: 'GET',
    path: `${API_DOCS_PATH}/:file`,
    access: 'public',
    tag,
    summary: "The browsable reference's script and style sheet",
    operation: {
      requestParams: { path: z.object({ file: z.string() }) },
      responses: {
        200: { description: 'The file', content: { 'text/javascript': { schema: { type: 'string' } }, 'text/css': { schema: { type: 'string' } } } },
        404: { description: 'No such file', content: { 'text/plain': { schema: { type: 'string' } } } },
      },
    },
  }),
];

/** Built on the first request for it, once per process: start-up does not pay for it (ADR 0021). */
let openApiJson: Promise<string> | null = null;
const openApiDocument = () => (openApiJson ??= import('./openapi.ts').then(({ buildOpenApiDocument }) => JSON.stringify(buildOpenApiDocument())));

export function mountApiDocs(app: Hono) {
  const dir = swaggerUiDir();
  // Read on first use: most requests never open the reference, and the bundle is 1.7 MB.
  const files = new Map<string, string>();
  const fileText = (name: string) => {
    let text = files.get(name);
    if (text === undefined) {
      text = readFileSync(path.join(dir, name), 'utf8');
      files.set(name, text);
    }
    return text;
  };

  app.get(OPENAPI_PATH, async (c) => c.body(await openApiDocument(), 200, { 'content-type': 'application/json; charset=utf-8' }));
  // A page: the page policy, with no inline script to allow.
  app.get(API_DOCS_PATH, (c) => c.html(PAGE, 200, pageHeaders()));
  app.get(`${API_DOCS_PATH}/:file`, (c) => {
    const name = c.req.param('file');
    if (name === 'init.js') return c.body(INITIALIZER, 200, { 'content-type': 'text/javascript; charset=utf-8' });
    const type = Object.hasOwn(SWAGGER_FILES, name) ? SWAGGER_FILES[name] : undefined;
    if (!type) return c.text('Not found', 404);
    return c.body(fileText(name), 200, { 'content-type': type, 'cache-control': 'public, max-age=86400' });
  });
}
