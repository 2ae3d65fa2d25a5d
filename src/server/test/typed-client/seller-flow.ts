// A seller's flow written as an outside developer would write it: with a client generated from
// /api/openapi.json (openapi-typescript's types in api.gen.ts, openapi-fetch's client) and nothing
// else of this codebase. typed-client.rest.test.ts generates api.gen.ts from the served document,
// type-checks this file against it (a field, path, parameter or body the document gets wrong fails
// here), then runs it against the app.
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './api.gen.ts';
import type { SellerFlow, WalkedFlow } from './flow-types.ts';

/** The session cookie, kept as a browser keeps it (the request's headers are set in place). */
function cookieJar(): Middleware {
  let cookie = '';
  return {
    onRequest({ request }) {
      if (cookie) request.headers.set('cookie', cookie);
    },
    onResponse({ response }) {
      const set = response.headers.getSetCookie()[0];
      if (set) cookie = set.split(';')[0] ?? '';
    },
  };
}

/** Fails with the status and the `{ message }` the contract documents for every error. */
function check<T>(result: { data?: T; error?: { message: string }; response: Response }, what: string): T {
  if (result.error !== undefined || result.data === undefined) {
    throw new Error(`${what}: ${result.response.status} ${result.error?.message ?? '(no body)'}`);
  }
  return result.data;
}

/** Register, submit a prototype, upload a document and read it back, read the quote and accept it. */
export async function walkSellerFlow(flow: SellerFlow): Promise<WalkedFlow> {
  const client = createClient<paths>({ baseUrl: flow.baseUrl });
  client.use(cookieJar());

  const registered = check(
    await client.POST('/api/register', { body: { email: flow.email, password: 'a long password', firstName: 'Lise', lastName: 'Meitner' } }),
    'register',
  );
  const me = check(await client.GET('/api/auth/user'), 'current user');
  if (me.id !== registered.user.id) throw new Error('signed in as someone else');

  const prototype = check(
    await client.POST('/api/prototypes', {
      body: { inventorName: 'Lise Meitner', prototypeName: 'Fission Cell', energyType: 'nuclear', description: 'A compact cell.', powerOutput: 1200 },
    }),
    'submit',
  );

  const uploaded = check(
    await client.POST('/api/prototypes/{id}/documents', {
      params: { path: { id: prototype.id }, header: { 'x-file-name': encodeURIComponent(flow.file.name) } },
      body: flow.file.content,
      headers: { 'content-type': 'application/octet-stream' },
      bodySerializer: (body) => body,
    }),
    'upload',
  );
  const download = await client.GET('/api/documents/{id}', { params: { path: { id: uploaded.id } }, parseAs: 'blob' });
  const bytes = check(download, 'download');

  await flow.quote(prototype.id);
  const quoted = check(await client.GET('/api/seller/prototypes/{id}', { params: { path: { id: prototype.id } } }), 'read the quote');
  const answered = check(
    await client.POST('/api/seller/prototypes/{id}/quote-response', {
      params: { path: { id: prototype.id } },
      body: { response: 'accepted', note: 'Agreed.' },
    }),
    'answer the quote',
  );

  return {
    userId: registered.user.id,
    prototype: { id: prototype.id, status: prototype.status },
    uploaded: { id: uploaded.id, fileName: uploaded.fileName, fileType: uploaded.fileType, fileSize: uploaded.fileSize },
    downloaded: {
      contentType: download.response.headers.get('content-type'),
      size: bytes.size,
      head: await bytes.slice(0, 8).text(),
    },
    quote: { amount: quoted.atomixQuote, status: quoted.status },
    answered: { status: answered.status, sellerResponse: answered.sellerResponse, sellerResponseNote: answered.sellerResponseNote },
  };
}
