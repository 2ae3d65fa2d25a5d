// The REST test client's contract check: an answer of a documented path must have a documented
// status, a content type that status documents, and its JSON body and documented headers must match
// that status's schemas.
import { type ZodTypeAny, z } from 'zod';
import { contractFor } from '../rest/openapi.ts';

/** Where each path is declared (its output shape, its errors): see rest/endpoints/index.ts. */
const CONTRACT_FILE = 'its declaration in src/server/rest/endpoints/';

function problems(error: z.ZodError): string {
  return error.issues.map((issue) => `  - ${issue.path.join('.') || '(body)'}: ${issue.message}`).join('\n');
}

const mediaType = (contentType: string | null) => contentType?.split(';')[0]!.trim().toLowerCase() ?? '';

export function assertMatchesContract(method: string, url: string, response: Response, json: unknown) {
  const pathname = new URL(url, 'http://localhost').pathname;
  const found = contractFor(method, pathname);
  if (!found) return;
  const { key, operation } = found;
  const spec = operation.responses[String(response.status) as `${2 | 3 | 4 | 5}00`];
  if (!spec || '$ref' in spec) {
    throw new Error(
      `${method} ${url} answered ${response.status}, a status the contract does not document for "${key}": ` +
        `add a ${response.status} response to it in ${CONTRACT_FILE} (or fix the route). Body: ${JSON.stringify(json)}`,
    );
  }
  // The media type served is one the status documents (parameters such as charset aside).
  const served = mediaType(response.headers.get('content-type'));
  const documented = Object.keys(spec.content ?? {}).map(mediaType);
  if (served && documented.length && !documented.includes(served)) {
    throw new Error(`${method} ${url} answered ${response.status} as ${served}; "${key}" documents ${documented.join(', ')} (${CONTRACT_FILE}).`);
  }
  const schema = spec.content?.['application/json']?.schema;
  // A documented alternative to JSON (a CSV export) is checked for its media type alone.
  const alternative = served !== 'application/json' && documented.includes(served);
  if (schema instanceof z.ZodType && !alternative) {
    const type = response.headers.get('content-type') ?? '';
    if (!type.startsWith('application/json')) {
      throw new Error(`${method} ${url} answered ${response.status} with ${type || 'no content type'}; "${key}" documents JSON.`);
    }
    const result = (schema as ZodTypeAny).safeParse(json);
    if (!result.success) {
      throw new Error(
        `${method} ${url} answered ${response.status} with a body that does not match "${key}" in ${CONTRACT_FILE}:\n` +
          `${problems(result.error)}\nBody: ${JSON.stringify(json).slice(0, 2000)}`,
      );
    }
  }
  if (spec.headers instanceof z.ZodObject) {
    const shape = spec.headers.shape as Record<string, ZodTypeAny>;
    const headers = Object.fromEntries(Object.keys(shape).map((name) => [name, response.headers.get(name) ?? undefined]));
    const result = spec.headers.safeParse(headers);
    if (!result.success) {
      throw new Error(`${method} ${url} answered ${response.status} without the headers "${key}" documents:\n${problems(result.error)}`);
    }
  }
}
