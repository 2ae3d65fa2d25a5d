// The content checks of uploads (issue 34, point 14): spreadsheets by their zip's central directory,
// CSV/TSV/TXT as UTF-8 text without NUL, however the bytes are split into chunks, within the size limit.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { xlsxOf, zipOf } from '../test/zip.ts';
import { type DocumentExtension, NOT_UTF8_TEXT, UploadError, UploadInspector, mimeTypeFor } from './upload-check.ts';

/** Streams the bytes through the inspector in chunks of `chunk` bytes: null when accepted, else the error. */
async function inspect(ext: DocumentExtension, bytes: Buffer, chunk = 7, maxBytes?: number): Promise<UploadError | null> {
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunk) pieces.push(bytes.subarray(i, i + chunk));
  try {
    await pipeline(
      Readable.from(pieces),
      new UploadInspector(ext, maxBytes),
      new Writable({
        write: (_c, _e, done) => done(),
      }),
    );
    return null;
  } catch (error) {
    if (error instanceof UploadError) return error;
    throw error;
  }
}

describe('UploadInspector: spreadsheets', () => {
  it('accepts a workbook whose central directory lists [Content_Types].xml and xl/workbook.xml, in any chunking', async () => {
    const xlsx = xlsxOf();
    for (const chunk of [1, 3, 64, xlsx.length]) expect(await inspect('xlsx', xlsx, chunk), `chunks of ${chunk}`).toBeNull();
    expect(mimeTypeFor('xlsx')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('accepts a workbook larger than the tail it keeps, with a comment after the directory', async () => {
    const big = xlsxOf({ 'xl/media/image1.png': Buffer.alloc(3 * 1024 * 1024, 7) });
    const commented = Buffer.concat([big.subarray(0, big.length - 2), Buffer.from([5, 0]), Buffer.from('hello')]);
    expect(await inspect('xlsx', big, 64 * 1024)).toBeNull();
    expect(await inspect('xlsx', commented, 64 * 1024)).toBeNull();
  });

  it('refuses a Word file, a plain zip, a zip that only names the parts in its data, and a cut or damaged directory', async () => {
    const word = zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
    const plain = zipOf({ 'data.csv': 'a,b\n1,2\n' });
    const named = zipOf({ 'notes.txt': 'xl/workbook.xml [Content_Types].xml' });
    const xlsx = xlsxOf();
    const damaged = Buffer.from(xlsx);
    damaged.writeUInt32LE(0xdeadbeef, xlsx.readUInt32LE(xlsx.length - 6)); // the first directory entry's signature
    for (const [name, bytes] of Object.entries({ word, plain, named, cut: xlsx.subarray(0, xlsx.length - 10), damaged })) {
      expect((await inspect('xlsx', bytes))?.status, name).toBe(415);
    }
    expect((await inspect('xlsx', Buffer.from('%PDF-1.7 not a workbook')))?.status).toBe(415);
  });

  it('takes an .xls by its compound-file signature', async () => {
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512, 0)]);
    expect(await inspect('xls', xls)).toBeNull();
    expect((await inspect('xls', xlsxOf()))?.status).toBe(415);
  });
});

describe('UploadInspector: text', () => {
  it('accepts UTF-8 CSV, TSV and TXT (with a BOM, accents, CRLF), a character split across chunks included', async () => {
    const csv = Buffer.from('\ufeffwind speed (m/s),power (kW),note\r\n2,1.5,"Zürich, calm"\r\n12,48.2,— full load\r\n');
    for (const chunk of [1, 2, 5, csv.length]) expect(await inspect('csv', csv, chunk), `chunks of ${chunk}`).toBeNull();
    expect(await inspect('tsv', Buffer.from('speed\tpower\n2\t1.5\n'))).toBeNull();
    expect(await inspect('txt', Buffer.from('Test log, 24 h run. 温度 OK.\n'))).toBeNull();
    expect(mimeTypeFor('csv')).toBe('text/csv; charset=utf-8');
  });

  it('refuses binary content, other encodings and a character cut at the end with 415 and a clear message', async () => {
    const cases = {
      nul: Buffer.from('a,b\n1,\u0000\n'),
      latin1: Buffer.from('caf\xe9,1\n', 'latin1'),
      utf16: Buffer.from('\ufeffa,b\n', 'utf16le'),
      pdf: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3])]),
      cut: Buffer.from('price,€').subarray(0, -1),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      const error = await inspect('csv', bytes, 3);
      expect(error?.status, name).toBe(415);
      expect(error?.message, name).toBe(NOT_UTF8_TEXT);
    }
  });

  it('keeps the size limit and refuses an empty file', async () => {
    expect((await inspect('csv', Buffer.alloc(101, 0x61), 10, 100))?.status).toBe(413);
    expect(await inspect('csv', Buffer.alloc(100, 0x61), 10, 100)).toBeNull();
    expect((await inspect('txt', Buffer.alloc(0)))?.status).toBe(400);
  });
});
