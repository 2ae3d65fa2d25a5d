// What an uploaded document must be: an accepted extension whose content really is that kind of
// file (magic bytes), at most UPLOAD_MAX_BYTES, checked while the bytes stream past.
import { Transform, type TransformCallback } from 'node:stream';
import { UPLOAD_MAX_BYTES } from '~/shared/constants.ts';
import { type DocumentExtension, EMPTY_FILE, FILE_TOO_LARGE, UNSUPPORTED_FILE_TYPE, documentExtension } from '~/shared/schemas/prototype.ts';

export { documentExtension, type DocumentExtension };

export class UploadError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

export const UNSUPPORTED_TYPE = UNSUPPORTED_FILE_TYPE;
/** Longest `x-file-name` header read (URI-encoded); a stored name keeps at most 180 characters anyway. */
export const FILE_NAME_HEADER_MAX = 1024;
export const FILE_NAME_TOO_LONG = `File name is too long (at most ${FILE_NAME_HEADER_MAX} characters)`;
export const TOO_LARGE = FILE_TOO_LARGE;

const PDF = Buffer.from('%PDF-', 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const OLE_CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** A .docx is a zip whose entries include word/... (the name appears in the local file headers). */
const DOCX_ENTRY = Buffer.from('word/', 'latin1');
const HEAD_BYTES = 8;

const KINDS: Record<DocumentExtension, { mime: string; magic: Buffer }> = {
  pdf: { mime: 'application/pdf', magic: PDF },
  png: { mime: 'image/png', magic: PNG },
  jpg: { mime: 'image/jpeg', magic: JPEG },
  jpeg: { mime: 'image/jpeg', magic: JPEG },
  doc: { mime: 'application/msword', magic: OLE_CFB },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', magic: ZIP },
};

/** The Content-Type we store and serve: derived from the checked kind, never from the client. */
export function mimeTypeFor(ext: DocumentExtension): string {
  return KINDS[ext].mime;
}

/**
 * A safe display name: no directories, control or reserved characters, at most 180 characters
 * (the extension kept), never empty.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  let name = base.replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*]/g, '').replace(/\s+/g, ' ');
  name = trimDotsAndSpaces(name);
  if (name.length > 180) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : '';
    name = name.slice(0, 180 - ext.length).trimEnd() + ext;
  }
  return name || 'document';
}

/**
 * Strips leading and trailing dots and spaces (a regex such as /[\s.]+$/ retries from every dot of
 * "a....a" and takes quadratic time). Whitespace is already collapsed to single spaces here.
 */
function trimDotsAndSpaces(name: string): string {
  const trimmable = (ch: string) => ch === '.' || ch === ' ';
  let start = 0;
  let end = name.length;
  while (start < end && trimmable(name[start]!)) start++;
  while (end > start && trimmable(name[end - 1]!)) end--;
  return name.slice(start, end);
}

/**
 * Passes the bytes through unchanged while checking them: fails with 413 past the limit and with
 * 415 when the content is not the kind the extension claims. The failure ends the stream, so the
 * store discards what it had written.
 */
export class UploadInspector extends Transform {
  private size = 0;
  private head = Buffer.alloc(0);
  private headChecked = false;
  private sawDocxEntry = false;
  private tail = Buffer.alloc(0);

  constructor(
    private readonly ext: DocumentExtension,
    private readonly maxBytes: number = UPLOAD_MAX_BYTES,
    /** What a too-large upload is told (the storage quota words it its own way). */
    private readonly tooLargeMessage: string = TOO_LARGE,
  ) {
    super();
  }

  get bytes() {
    return this.size;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return callback(new UploadError(413, this.tooLargeMessage));
    if (!this.headChecked) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES)]).subarray(0, HEAD_BYTES);
      if (this.head.length >= HEAD_BYTES) {
        this.headChecked = true;
        if (!this.headMatches()) return callback(new UploadError(415, UNSUPPORTED_TYPE));
      }
    }
    if (this.ext === 'docx' && !this.sawDocxEntry) {
      // Carry the last few bytes over so a name split across two chunks is still found.
      const window = Buffer.concat([this.tail, chunk]);
      this.sawDocxEntry = window.includes(DOCX_ENTRY);
      this.tail = window.subarray(Math.max(0, window.length - (DOCX_ENTRY.length - 1)));
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    if (this.size === 0) return callback(new UploadError(400, EMPTY_FILE));
    if (!this.headChecked && !this.headMatches()) return callback(new UploadError(415, UNSUPPORTED_TYPE));
    if (this.ext === 'docx' && !this.sawDocxEntry) return callback(new UploadError(415, UNSUPPORTED_TYPE));
    callback();
  }

  private headMatches(): boolean {
    const { magic } = KINDS[this.ext];
    return this.head.length >= magic.length && this.head.subarray(0, magic.length).equals(magic);
  }
}
