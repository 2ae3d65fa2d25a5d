// What an uploaded document must be: an accepted extension whose content really is that kind of
// file (magic bytes, a spreadsheet's zip entries, UTF-8 text), at most UPLOAD_MAX_BYTES, checked
// while the bytes stream past.
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

/**
 * What the content must be: starting with magic bytes (a .docx: and naming a word/ entry); a zip
 * whose central directory lists these entries; or UTF-8 text without NUL (CSV, TSV and TXT have no
 * magic bytes).
 */
type Content = { magic: Buffer; zipEntries?: readonly string[] } | { text: true };

const KINDS: Record<DocumentExtension, { mime: string; content: Content }> = {
  pdf: { mime: 'application/pdf', content: { magic: PDF } },
  png: { mime: 'image/png', content: { magic: PNG } },
  jpg: { mime: 'image/jpeg', content: { magic: JPEG } },
  jpeg: { mime: 'image/jpeg', content: { magic: JPEG } },
  doc: { mime: 'application/msword', content: { magic: OLE_CFB } },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', content: { magic: ZIP } },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    content: { magic: ZIP, zipEntries: ['[Content_Types].xml', 'xl/workbook.xml'] },
  },
  xls: { mime: 'application/vnd.ms-excel', content: { magic: OLE_CFB } },
  csv: { mime: 'text/csv; charset=utf-8', content: { text: true } },
  tsv: { mime: 'text/tab-separated-values; charset=utf-8', content: { text: true } },
  txt: { mime: 'text/plain; charset=utf-8', content: { text: true } },
};

export const NOT_UTF8_TEXT = `${UNSUPPORTED_FILE_TYPE}: CSV, TSV and TXT files must be UTF-8 text`;

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
  private readonly content: Content;
  /** Text: decoded as it passes, so a sequence split across chunks is judged whole. */
  private readonly decoder: TextDecoder | null;
  /** A zip to open: its last bytes, where the central directory is. */
  private readonly zipTail: ZipTail | null;

  constructor(
    private readonly ext: DocumentExtension,
    private readonly maxBytes: number = UPLOAD_MAX_BYTES,
    /** What a too-large upload is told (the storage quota words it its own way). */
    private readonly tooLargeMessage: string = TOO_LARGE,
  ) {
    super();
    this.content = KINDS[ext].content;
    this.decoder = 'text' in this.content ? new TextDecoder('utf-8', { fatal: true }) : null;
    this.zipTail = 'magic' in this.content && this.content.zipEntries ? new ZipTail() : null;
  }

  get bytes() {
    return this.size;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return callback(new UploadError(413, this.tooLargeMessage));
    if (this.decoder) {
      if (!isText(this.decoder, chunk)) return callback(new UploadError(415, NOT_UTF8_TEXT));
      return callback(null, chunk);
    }
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
    this.zipTail?.push(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    if (this.size === 0) return callback(new UploadError(400, EMPTY_FILE));
    if (this.decoder) return callback(isText(this.decoder, null) ? undefined : new UploadError(415, NOT_UTF8_TEXT));
    if (!this.headChecked && !this.headMatches()) return callback(new UploadError(415, UNSUPPORTED_TYPE));
    if (this.ext === 'docx' && !this.sawDocxEntry) return callback(new UploadError(415, UNSUPPORTED_TYPE));
    if (this.zipTail && 'magic' in this.content && this.content.zipEntries) {
      const names = this.zipTail.entryNames(this.size);
      if (!names || !this.content.zipEntries.every((name) => names.has(name))) return callback(new UploadError(415, UNSUPPORTED_TYPE));
    }
    callback();
  }

  private headMatches(): boolean {
    if (!('magic' in this.content)) return false;
    const { magic } = this.content;
    return this.head.length >= magic.length && this.head.subarray(0, magic.length).equals(magic);
  }
}

/** UTF-8 without NUL so far (a chunk), or to the end (null: no sequence may be left unfinished). */
function isText(decoder: TextDecoder, chunk: Buffer | null): boolean {
  if (chunk?.includes(0)) return false;
  try {
    decoder.decode(chunk ?? undefined, { stream: chunk !== null });
    return true;
  } catch {
    return false;
  }
}

/**
 * The last bytes of a zip, for its central directory (which sits at the end, before the end record
 * and its comment of up to 64 KB). A spreadsheet's directory is a few KB; one that does not fit in
 * TAIL_BYTES is refused rather than buffered.
 */
const TAIL_BYTES = 1024 * 1024;
const END_RECORD = 0x06054b50;
const END_RECORD_BYTES = 22;
const DIRECTORY_ENTRY = 0x02014b50;
const DIRECTORY_ENTRY_BYTES = 46;

class ZipTail {
  private chunks: Buffer[] = [];
  private length = 0;

  push(chunk: Buffer) {
    this.chunks.push(chunk);
    this.length += chunk.length;
    while (this.chunks.length > 1 && this.length - this.chunks[0]!.length >= TAIL_BYTES) this.length -= this.chunks.shift()!.length;
  }

  /** The names in the central directory, or null when it is not a well-formed (non-ZIP64) zip. */
  entryNames(totalSize: number): Set<string> | null {
    const tail = Buffer.concat(this.chunks).subarray(-TAIL_BYTES);
    const tailStart = totalSize - tail.length;
    // The end record: its signature, with a comment that runs exactly to the end of the file.
    let end = -1;
    for (let i = tail.length - END_RECORD_BYTES; i >= Math.max(0, tail.length - END_RECORD_BYTES - 0xffff); i--) {
      if (tail.readUInt32LE(i) === END_RECORD && i + END_RECORD_BYTES + tail.readUInt16LE(i + 20) === tail.length) {
        end = i;
        break;
      }
    }
    if (end < 0) return null;
    const count = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    // ZIP64 (not needed below 4 GB) and a directory that is not right before the end record are refused.
    if (count === 0xffff || directoryOffset === 0xffffffff || directoryOffset + directorySize !== tailStart + end) return null;
    let at = directoryOffset - tailStart;
    if (at < 0) return null;
    const names = new Set<string>();
    for (let n = 0; n < count; n++) {
      if (at + DIRECTORY_ENTRY_BYTES > end || tail.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
      const nameLength = tail.readUInt16LE(at + 28);
      const next = at + DIRECTORY_ENTRY_BYTES + nameLength + tail.readUInt16LE(at + 30) + tail.readUInt16LE(at + 32);
      if (next > end) return null;
      names.add(tail.toString('utf8', at + DIRECTORY_ENTRY_BYTES, at + DIRECTORY_ENTRY_BYTES + nameLength));
      at = next;
    }
    return at === end ? names : null;
  }
}
