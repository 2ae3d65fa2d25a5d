// Prototype documents over HTTP, not JSON: the upload is one raw body per file (so the browser can
// report progress and nothing is buffered), streamed through the checks into the document store;
// the download streams the stored bytes back to the prototype's seller or an admin (an admin's
// download is recorded first: domain/document-access.ts). Documents answering an information
// request are uploaded the same way to /api/seller/info-requests/{id}/documents.
import { Readable } from 'node:stream';
import type { Context as HonoContext, Hono } from 'hono';
import { withEnrolledRole } from '../auth/two-factor.ts';
import type { Context } from '../context.ts';
import type { Db } from '../db/index.ts';
import type { Env } from '../env.ts';
import { recordDocumentOpened } from '../domain/document-access.ts';
import { refuseClosedDataRoom } from '../domain/data-room-denials.ts';
import { DOCUMENT_NOT_FOUND, assertMayDownload, readableDocument, rememberPageCount, stampKindOf, watermarkFor } from '../domain/document-reading.ts';
import { DocumentJobError, type DocumentJobs } from '../documents/document-jobs.ts';
import { assertCapability } from '../domain/permissions.ts';
import { NotFoundError, UnauthorizedError } from '../domain/errors.ts';
import { INFO_REQUEST_NOT_FOUND, openRequestOfSeller } from '../domain/info-requests.ts';
import { recordTimelineEvent } from '../domain/prototype-timeline.ts';
import { lockStoredBytesOf, quotaExceededMessage, storedBytesOf } from '../domain/storage-quota.ts';
import { sameOriginWrites } from '../http/security.ts';
import { PROTOTYPE_NOT_FOUND, assertMaySubmit } from '../domain/prototype-access.ts';
import { documentSelect } from '../domain/views/document-view.ts';
import { newStorageKey } from '../storage/choose-store.ts';
import { DocumentIntegrityError } from '../storage/document-encryption.ts';
import type { DocumentStore } from '../storage/document-store.ts';
import {
  FILE_NAME_HEADER_MAX,
  FILE_NAME_TOO_LONG,
  TOO_LARGE,
  UNSUPPORTED_TYPE,
  UploadError,
  UploadInspector,
  documentExtension,
  mimeTypeFor,
  sanitizeFileName,
} from '../storage/upload-check.ts';
import { z } from 'zod';
import { INFO_ANSWER_ACCEPTED_EXTENSIONS, UPLOAD_ACCEPTED_EXTENSIONS, UPLOAD_MAX_BYTES } from '~/shared/constants.ts';
import { INT4_MAX, parseRecordId } from '~/shared/schemas/bounds.ts';
import { FILE_NAME_HEADER } from '~/shared/document-urls.ts';
import { type AcceptedExtensions, EMPTY_FILE } from '~/shared/schemas/prototype.ts';
import { prototypeDocument } from '../domain/views/shapes/prototype.ts';
import { RestError, errorResponse } from './adapter.ts';
import { defineHttpRoute, errorBody, json } from './define-route.ts';

const rawFile = {
  required: true,
  content: { 'application/octet-stream': { schema: { type: 'string' as const, contentMediaType: 'application/octet-stream' } } },
};
/** A record id in the path: 1 to INT4_MAX (parseRecordId); anything else is a 404. */
const digitsId = (what: string) => z.object({ id: z.string().openapi({ type: 'integer', minimum: 1, maximum: INT4_MAX, description: what }) });
const fileNameHeader = z.object({ [FILE_NAME_HEADER]: z.string().min(1).describe('The file name, URI-encoded') });
/** An upload: the raw file as the body, its name in the header, to the record the path's id names. */
const uploadOperation = (idDescription: string) => ({
  requestParams: { path: digitsId(idDescription), header: fileNameHeader },
  requestBody: rawFile,
  responses: { 201: json(prototypeDocument, 'The stored document') },
});
/** What a download is served as: the type its checked kind was stored with (storage/upload-check.ts). */
const DOWNLOAD_TYPES = [...new Set(INFO_ANSWER_ACCEPTED_EXTENSIONS.map(mimeTypeFor))];

export const uploadDocumentRoute = defineHttpRoute({
  method: 'POST',
  path: '/api/prototypes/:id/documents',
  access: 'user',
  tag: 'Seller',
  summary: 'Upload one document to your prototype',
  description: `The raw file is the body (at most 50 MB; PDF, Word, JPEG or PNG); its name, URI-encoded, is in the \`${FILE_NAME_HEADER}\` header.`,
  errors: [400, 404, 415, 429],
  operation: uploadOperation('Prototype id'),
});

export const uploadAnswerDocumentRoute = defineHttpRoute({
  method: 'POST',
  path: '/api/seller/info-requests/:id/documents',
  access: 'user',
  tag: 'Seller',
  summary: 'Upload one document with your answer to an open information request',
  description:
    `As \`POST /api/prototypes/{id}/documents\` (the same size limit, storage quota and rate limit; besides its types, ` +
    `spreadsheets and text: XLSX, XLS, and UTF-8 CSV, TSV or TXT): the raw file is the body, ` +
    `its name, URI-encoded, in the \`${FILE_NAME_HEADER}\` header. The document joins the prototype's documents and the request's answer.`,
  errors: [400, 404, 409, 415, 429],
  operation: uploadOperation('Information request id'),
});

export const downloadDocumentRoute = defineHttpRoute({
  method: 'GET',
  path: '/api/documents/:id',
  access: 'user',
  tag: 'Seller',
  summary: "Download a document (its prototype's seller or an admin; an admin's download is recorded first)",
  description:
    'The seller gets their original. An admin gets a copy of a PDF, PNG or JPEG stamped on every page with their name and e-mail, ' +
    'the UTC time, the prototype id and the access record id (visibly, and in the PDF metadata); other types as they are. ' +
    'A view-only document is refused to admins (403): they read it in the reader (`GET /api/documents/{id}/pages/{n}`).',
  errors: [403, 404, 422, 429],
  operation: {
    requestParams: { path: digitsId('Document id') },
    responses: {
      200: {
        description: 'The file, as an attachment (Content-Disposition carries its name), served as the type its content was checked to be',
        content: Object.fromEntries(DOWNLOAD_TYPES.map((type) => [type, { schema: { type: 'string' as const, contentMediaType: type } }])),
      },
      500: json(errorBody, "An admin's download could not be recorded, or the stored bytes failed their integrity check: nothing was served"),
    },
  },
});

export const documentPageRoute = defineHttpRoute({
  method: 'GET',
  path: '/api/documents/:id/pages/:n',
  access: 'user',
  tag: 'Seller',
  summary: "One page of a PDF as a PNG with the reader's watermark burned in (its seller or an admin; an admin's page view is recorded first)",
  description:
    'Pages count from 1; past the last page is a 404, a document that is not a PDF a 415, a PDF that cannot be read or drawn ' +
    'in bounded time and memory a 422, and a 429 while too many pages are being drawn.',
  errors: [403, 404, 415, 422, 429],
  operation: {
    requestParams: {
      path: z.object({
        id: z.string().openapi({ type: 'integer', minimum: 1, maximum: INT4_MAX, description: 'Document id' }),
        n: z.string().openapi({ type: 'integer', minimum: 1, maximum: INT4_MAX, description: 'Page number, from 1' }),
      }),
    },
    responses: {
      200: { description: 'The page, rendered and stamped', content: { 'image/png': { schema: { type: 'string' as const, contentMediaType: 'image/png' } } } },
      500: json(errorBody, "An admin's page view could not be recorded, or the stored bytes failed their integrity check: nothing was served"),
    },
  },
});

export const NOT_A_PDF = 'Only a PDF can be read page by page: download this document instead.';
export const PAGE_NOT_FOUND = 'This document has no such page.';

/** Bytes at rest that fail their check (altered, cut, or under a key this server does not hold). */
export const DOCUMENT_INTEGRITY_FAILED = 'This document failed its integrity check, so it is not served. The team has been alerted.';

export const documentRoutes = [uploadDocumentRoute, uploadAnswerDocumentRoute, downloadDocumentRoute, documentPageRoute];

export interface DocumentRouteDeps {
  db: Db;
  env: Env;
  log: (line: Record<string, unknown>) => void;
  createContext: (c: HonoContext) => Promise<Context>;
  /** Where the bytes live (storage/choose-store.ts). */
  store: DocumentStore;
  maxBytes?: number;
  /** Stamping and rendering, off the event loop (documents/document-jobs.ts). */
  jobs: DocumentJobs;
}

/** A refusal of the document's content: 422 (it cannot be read or drawn within bounds), or 429 while the workers are full. */
function jobRefusal(error: DocumentJobError) {
  return error.code === 'busy' ? new RestError(429, error.message) : new RestError(422, error.message);
}

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  const whole = Buffer.concat(chunks);
  return new Uint8Array(whole.buffer, whole.byteOffset, whole.byteLength);
}

function decodeFileName(header: string | undefined): string | null {
  if (!header) return null;
  if (header.length > FILE_NAME_HEADER_MAX) throw new UploadError(400, FILE_NAME_TOO_LONG);
  try {
    return decodeURIComponent(header);
  } catch {
    return header;
  }
}

/** attachment; an ASCII fallback and the exact UTF-8 name (RFC 6266 / 5987); no quotes or CR/LF can get in. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Mount before the JSON body limit of /api/* (uploads have their own 50 MB streaming limit), hence
 * the same-origin check is applied here to these paths too.
 */
export function mountDocumentRoutes(app: Hono, deps: DocumentRouteDeps) {
  const { store } = deps;
  const maxBytes = deps.maxBytes ?? UPLOAD_MAX_BYTES;
  const fail = (c: HonoContext, error: unknown) =>
    error instanceof UploadError ? c.json({ message: error.message }, error.status) : errorResponse(c, error, deps.log);

  /**
   * One upload: the caller may upload (not restricted or banned, under the rate limit), `target`
   * names the caller's prototype (and the open information request the file answers), then the
   * bytes stream through the checks into the store, within the seller's quota.
   */
  async function receiveUpload(
    c: HonoContext,
    accepted: AcceptedExtensions,
    target: (user: NonNullable<Context['user']>) => Promise<{ prototypeId: number; infoRequestId: number | null }>,
  ) {
    const ctx = await deps.createContext(c);
    if (!ctx.user) throw new UnauthorizedError('Unauthorized');
    const user = ctx.user;
    assertMaySubmit(user, ctx.clock.now());
    await assertCapability(ctx.db, user, 'documents.upload', ctx.clock.now());
    await ctx.limiter.consume('documentUploads', user.id);
    const quota = ctx.config.storageQuotaBytes;
    const { prototypeId, infoRequestId } = await target(user);

    const rawName = decodeFileName(c.req.header(FILE_NAME_HEADER));
    if (!rawName) throw new UploadError(400, 'Missing file name');
    const fileName = sanitizeFileName(rawName);
    const ext = documentExtension(fileName, accepted);
    if (!ext) throw new UploadError(415, UNSUPPORTED_TYPE);
    const declared = Number(c.req.header('content-length') ?? Number.NaN);
    if (Number.isFinite(declared) && declared > maxBytes) throw new UploadError(413, TOO_LARGE);
    // Refused before a byte is read when it cannot fit; the exact check is at the row's insert.
    const usedBefore = await storedBytesOf(deps.db, user.id);
    if (usedBefore + (Number.isFinite(declared) ? Math.max(declared, 1) : 1) > quota) {
      throw new UploadError(413, quotaExceededMessage(quota, usedBefore));
    }
    const body = c.req.raw.body;
    if (!body) throw new UploadError(400, EMPTY_FILE);

    const key = newStorageKey(prototypeId);
    // Stop reading as soon as the upload passes what is left of the quota, not after storing it all.
    const room = quota - usedBefore;
    const inspector = room < maxBytes ? new UploadInspector(ext, room, quotaExceededMessage(quota, usedBefore)) : new UploadInspector(ext, maxBytes);
    const source = Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
    source.on('error', (error) => inspector.destroy(error));
    // The row is written in the store's transaction: it exists exactly when the bytes do.
    // The quota is checked under a per-seller lock held until this row is written, so parallel
    // uploads cannot overfill it.
    const document = await store.save(key, source.pipe(inspector), async (tx, size) => {
      const used = await lockStoredBytesOf(tx, user.id);
      if (used + size > quota) throw new UploadError(413, quotaExceededMessage(quota, used));
      const created = await tx.prototypeDocument.create({
        data: { prototypeId, fileName, fileType: mimeTypeFor(ext), fileSize: size, storageKey: key, uploadedBy: user.id, infoRequestId },
        select: documentSelect,
      });
      await recordTimelineEvent(tx, {
        prototypeId,
        event: 'document_uploaded',
        performedBy: user.id,
        metadata: { fileName, fileSize: size, ...(infoRequestId ? { infoRequestId } : {}) },
      });
      return created;
    });
    return c.json(document, 201);
  }

  app.use(uploadDocumentRoute.path, sameOriginWrites(deps.env.ALLOWED_ORIGINS));
  app.post(uploadDocumentRoute.path, async (c) => {
    try {
      return await receiveUpload(c, UPLOAD_ACCEPTED_EXTENSIONS, async (user) => {
        const prototypeId = parseRecordId(c.req.param('id'));
        const prototype =
          prototypeId === null ? null : await deps.db.prototype.findFirst({ where: { id: prototypeId, sellerId: user.id }, select: { id: true } });
        if (!prototype) throw new NotFoundError(PROTOTYPE_NOT_FOUND);
        return { prototypeId: prototype.id, infoRequestId: null };
      });
    } catch (error) {
      return fail(c, error);
    }
  });

  // A document sent with the answer to an information request: the same rules, attached to the
  // request (which must be the caller's and still open); spreadsheets and text files are welcome too.
  app.use(uploadAnswerDocumentRoute.path, sameOriginWrites(deps.env.ALLOWED_ORIGINS));
  app.post(uploadAnswerDocumentRoute.path, async (c) => {
    try {
      return await receiveUpload(c, INFO_ANSWER_ACCEPTED_EXTENSIONS, async (user) => {
        const id = parseRecordId(c.req.param('id'));
        if (id === null) throw new NotFoundError(INFO_REQUEST_NOT_FOUND);
        const request = await openRequestOfSeller(deps.db, user.id, id);
        return { prototypeId: request.prototypeId, infoRequestId: request.id };
      });
    } catch (error) {
      return fail(c, error);
    }
  });

  /** The document's bytes; sealed bytes that fail their check are never served (ADR 0042). */
  async function openStored(document: { id: number; storageKey: string }) {
    try {
      return await store.get(document.storageKey);
    } catch (error) {
      if (!(error instanceof DocumentIntegrityError)) throw error;
      deps.log({ level: 'error', msg: 'document failed its integrity check', documentId: document.id });
      throw new RestError(500, DOCUMENT_INTEGRITY_FAILED);
    }
  }

  /** Who reads the document, and as what: its seller, or the team behind the data room's gate. */
  async function openForReading(c: HonoContext, release: 'document_copy' | 'page_view') {
    const ctx = await deps.createContext(c);
    if (!ctx.user) throw new UnauthorizedError('Unauthorized');
    const reader = withEnrolledRole(ctx.user, ctx.session, ctx.config);
    const { document, admin } = await readableDocument(deps.db, reader, parseRecordId(c.req.param('id')));
    const now = ctx.clock.now();
    // An admin before the data room opens (terms, attestation, revoked, retention, conflict) gets 403
    // and the refusal is recorded (ADR 0045); not a byte is read.
    if (admin) {
      const page = release === 'page_view' ? parseRecordId(c.req.param('n')) : null;
      await refuseClosedDataRoom(deps.db, reader, { prototypeId: document.prototypeId, documentId: document.id, release, page }, now, {
        retentionDays: ctx.config.dataRoomRetentionDays,
      });
    }
    return { ctx, reader, document, admin, now };
  }

  async function storedBytes(document: { id: number; storageKey: string }) {
    const stored = await openStored(document);
    if (!stored) {
      deps.log({ level: 'error', msg: 'document bytes missing', documentId: document.id });
      throw new NotFoundError(DOCUMENT_NOT_FOUND);
    }
    return stored;
  }

  const served = (body: ReadableStream | Uint8Array, type: string, size: number, fileName: string | null) =>
    new Response(body as BodyInit, {
      status: 200,
      headers: {
        'content-type': type,
        'content-length': String(size),
        ...(fileName === null ? {} : { 'content-disposition': contentDisposition(fileName) }),
        'cache-control': 'private, no-store',
      },
    });

  app.get(downloadDocumentRoute.path, async (c) => {
    try {
      const { ctx, reader, document, admin, now } = await openForReading(c, 'document_copy');
      assertMayDownload(document, admin);
      const stored = await storedBytes(document);
      // The seller's own downloads are theirs: the original, not listed.
      if (!admin) return served(Readable.toWeb(stored.stream) as ReadableStream, document.fileType, stored.size, document.fileName);
      const opening = { documentId: document.id, prototypeId: document.prototypeId, userId: reader.id, openedAt: now };
      const kind = stampKindOf(document.fileType);
      if (kind === null) {
        // Nothing to stamp on: served as it is, and recorded as the original (before a byte is sent).
        try {
          await recordDocumentOpened(deps.db, ctx.meta, { ...opening, kind: 'download', copy: 'original' });
        } catch (error) {
          stored.stream.destroy();
          throw error;
        }
        return served(Readable.toWeb(stored.stream) as ReadableStream, document.fileType, stored.size, document.fileName);
      }
      const original = await readAll(stored.stream);
      // A PDF that cannot be stamped is refused before the access is recorded.
      if (kind === 'pdf') {
        const { pages } = await deps.jobs.probePdf(original);
        if (document.pageCount === null) await rememberPageCount(deps.db, document.id, pages);
      }
      const { accessRecordId } = await recordDocumentOpened(deps.db, ctx.meta, { ...opening, kind: 'download', copy: 'stamped' });
      const { lines, metadata } = watermarkFor(reader, now, document.prototypeId, accessRecordId);
      const copy = kind === 'pdf' ? (await deps.jobs.stampPdf(original, lines, metadata)).bytes : await deps.jobs.stampImage(original, kind, lines, metadata);
      return served(copy, document.fileType, copy.byteLength, document.fileName);
    } catch (error) {
      return fail(c, error instanceof DocumentJobError ? jobRefusal(error) : error);
    }
  });

  // The reader: one page rendered to PNG with the reader's stamp; the file itself never leaves.
  app.get(documentPageRoute.path, async (c) => {
    try {
      const { ctx, reader, document, admin, now } = await openForReading(c, 'page_view');
      if (stampKindOf(document.fileType) !== 'pdf') throw new RestError(415, NOT_A_PDF);
      const page = parseRecordId(c.req.param('n'));
      if (page === null || (document.pageCount !== null && page > document.pageCount)) throw new NotFoundError(PAGE_NOT_FOUND);
      const original = await readAll((await storedBytes(document)).stream);
      let pages = document.pageCount;
      if (pages === null) {
        pages = await deps.jobs.countPages(original);
        await rememberPageCount(deps.db, document.id, pages);
      }
      if (page > pages) throw new NotFoundError(PAGE_NOT_FOUND);
      // An admin's page view is recorded before the page is drawn; its id is on the stamp.
      const accessRecordId = admin
        ? (
            await recordDocumentOpened(deps.db, ctx.meta, {
              documentId: document.id,
              prototypeId: document.prototypeId,
              userId: reader.id,
              openedAt: now,
              kind: 'page_view',
              page,
            })
          ).accessRecordId
        : null;
      const { lines } = watermarkFor(reader, now, document.prototypeId, accessRecordId);
      const rendered = await deps.jobs.renderPage(original, page, lines);
      if (!rendered.png) throw new NotFoundError(PAGE_NOT_FOUND);
      return new Response(rendered.png as BodyInit, {
        status: 200,
        headers: {
          'content-type': 'image/png',
          'content-length': String(rendered.png.byteLength),
          'cache-control': 'private, no-store',
          'x-page-count': String(pages),
        },
      });
    } catch (error) {
      return fail(c, error instanceof DocumentJobError ? jobRefusal(error) : error);
    }
  });
}
