// The data room's heavy work, off the server's event loop (ADR 0046): stamping a PDF (pdf-lib) or an
// image (sharp, the text drawn by @napi-rs/canvas), and rendering one PDF page to PNG (PDF.js + canvas)
// with the watermark burned in. Plain JavaScript so that a worker thread loads it as it is, under tsx,
// Vitest and the built server alike (documents/document-jobs.ts starts, times and replaces it).
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { GlobalFonts, createCanvas } from '@napi-rs/canvas';
import { PDFDocument, PDFName, PDFString, StandardFonts, degrees, rgb } from 'pdf-lib';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
const STANDARD_FONTS = `${path.join(pdfjsRoot, 'standard_fonts')}/`;
const CMAPS = `${path.join(pdfjsRoot, 'cmaps')}/`;
// A font that ships with PDF.js (SIL OFL), so the stamp reads the same on a machine without fonts.
const STAMP_FONT = 'AtomixStamp';
GlobalFonts.registerFromPath(path.join(STANDARD_FONTS, 'LiberationSans-Regular.ttf'), STAMP_FONT);

/** @type {Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | null} */
let pdfjsModule = null;
const pdfjs = () => (pdfjsModule ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/** A refusal the server passes on as a 4xx: `code` names which. */
class Refusal extends Error {
  /** @param {string} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

// The stamp's layout, shared by the PDF and the image: one diagonal band of lines, repeated down the
// page, about 1/40 of the page's diagonal high, at a quarter opacity.
const STAMP_OPACITY = 0.28;
const STAMP_ANGLE = 35;
/** @param {number} width @param {number} height */
function stampGeometry(width, height) {
  const diagonal = Math.hypot(width, height);
  const size = Math.max(12, diagonal / 48);
  return { size, lineGap: size * 1.3, bands: [0.3, 0.65] };
}

/** WinAnsi is all Helvetica can draw: anything else becomes '?' (the metadata keeps the exact text). */
/** @param {string} text */
const winAnsi = (text) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/**
 * @param {Uint8Array} bytes
 * @param {{ ignoreEncryption?: boolean }} [options]
 */
async function loadPdf(bytes, options = {}) {
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true, ...options });
    if (doc.isEncrypted) throw new Refusal('encrypted', 'This PDF is password-protected, so no watermarked copy can be made.');
    // The page tree is walked here, so a broken one is refused as unreadable.
    const pages = doc.getPages();
    return { doc, pages };
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal('unreadable', 'This PDF cannot be read (it is damaged or not a PDF), so no watermarked copy can be made.');
  }
}

/** @param {{ bytes: Uint8Array, maxPages: number }} job */
async function probePdf(job) {
  const { pages: list } = await loadPdf(job.bytes);
  const pages = list.length;
  if (pages === 0) throw new Refusal('unreadable', 'This PDF has no pages.');
  if (pages > job.maxPages)
    throw new Refusal('too_many_pages', `This PDF has more than ${job.maxPages} pages, too many to watermark a copy: read it in the reader.`);
  return { pages };
}

/** @param {{ bytes: Uint8Array, lines: string[], metadata: string, maxPages: number }} job */
async function stampPdf(job) {
  const { doc, pages } = await loadPdf(job.bytes);
  if (pages.length === 0) throw new Refusal('unreadable', 'This PDF has no pages.');
  if (pages.length > job.maxPages)
    throw new Refusal('too_many_pages', `This PDF has more than ${job.maxPages} pages, too many to watermark a copy: read it in the reader.`);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const lines = job.lines.map(winAnsi);
  for (const page of pages) {
    const { width, height } = page.getSize();
    const { size, lineGap, bands } = stampGeometry(width, height);
    const rad = (STAMP_ANGLE * Math.PI) / 180;
    for (const band of bands) {
      lines.forEach((line, i) => {
        const textWidth = font.widthOfTextAtSize(line, size);
        // Centre each line on the band's point, along the diagonal.
        const cx = width / 2 + (band - 0.5) * width * 0.2;
        const cy = height * (1 - band) - i * lineGap;
        page.drawText(line, {
          x: cx - (Math.cos(rad) * textWidth) / 2,
          y: cy - (Math.sin(rad) * textWidth) / 2,
          size,
          font,
          color: rgb(0.75, 0.1, 0.1),
          opacity: STAMP_OPACITY,
          rotate: degrees(STAMP_ANGLE),
        });
      });
    }
  }
  doc.setSubject(job.metadata);
  doc.setKeywords(job.lines);
  doc.getInfoDict().set(PDFName.of('AtomixWatermark'), PDFString.of(winAnsi(job.metadata)));
  const out = await doc.save({ useObjectStreams: true });
  return { bytes: out, pages: pages.length };
}

/**
 * Draws the stamp on a 2D context of `width` × `height` pixels.
 * @param {import('@napi-rs/canvas').SKRSContext2D} ctx @param {number} width @param {number} height @param {string[]} lines
 */
function drawStamp(ctx, width, height, lines) {
  const { size, lineGap, bands } = stampGeometry(width, height);
  ctx.save();
  ctx.globalAlpha = STAMP_OPACITY;
  ctx.fillStyle = 'rgb(191, 26, 26)';
  ctx.font = `${size}px ${STAMP_FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const band of bands) {
    ctx.save();
    ctx.translate(width / 2 + (band - 0.5) * width * 0.2, height * band);
    ctx.rotate((-STAMP_ANGLE * Math.PI) / 180);
    // A light halo under the text keeps it readable on dark pictures too.
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.9)';
    ctx.lineWidth = Math.max(1, size / 6);
    lines.forEach((line, i) => ctx.strokeText(line, 0, i * lineGap));
    lines.forEach((line, i) => ctx.fillText(line, 0, i * lineGap));
    ctx.restore();
  }
  ctx.restore();
}

/** @param {{ bytes: Uint8Array, lines: string[], metadata: string, format: 'png' | 'jpeg', maxPixels: number }} job */
async function stampImage(job) {
  const input = sharp(job.bytes, { limitInputPixels: job.maxPixels, failOn: 'error' });
  let meta;
  try {
    meta = await input.metadata();
  } catch (error) {
    const tooBig = /pixel limit/i.test(String(error));
    throw new Refusal(
      tooBig ? 'too_large' : 'unreadable',
      tooBig ? 'This image is too large to watermark.' : 'This image cannot be read, so no watermarked copy can be made.',
    );
  }
  // EXIF orientation applied first, so the stamp is upright as the viewer sees the picture.
  const oriented = (meta.orientation ?? 1) >= 5;
  const width = oriented ? meta.height : meta.width;
  const height = oriented ? meta.width : meta.height;
  if (!width || !height) throw new Refusal('unreadable', 'This image cannot be read, so no watermarked copy can be made.');
  const canvas = createCanvas(width, height);
  drawStamp(canvas.getContext('2d'), width, height, job.lines);
  const overlay = await canvas.encode('png');
  const composed = input.rotate().composite([{ input: overlay }]);
  // The copy keeps the original's channels: no alpha added to a picture that had none.
  const stamped = (meta.hasAlpha ? composed : composed.removeAlpha()).withMetadata({ exif: { IFD0: { ImageDescription: job.metadata } } });
  try {
    const bytes = job.format === 'png' ? await stamped.png().toBuffer() : await stamped.jpeg({ quality: 90 }).toBuffer();
    return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
  } catch {
    throw new Refusal('unreadable', 'This image cannot be read, so no watermarked copy can be made.');
  }
}

/** @param {Uint8Array} bytes */
async function openWithPdfjs(bytes) {
  const { getDocument } = await pdfjs();
  const task = getDocument({
    data: bytes,
    standardFontDataUrl: STANDARD_FONTS,
    cMapUrl: CMAPS,
    cMapPacked: true,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy();
    const locked = error instanceof Error && error.name === 'PasswordException';
    throw new Refusal(
      locked ? 'encrypted' : 'unreadable',
      locked ? 'This PDF is password-protected, so it cannot be shown.' : 'This PDF cannot be read (it is damaged or not a PDF).',
    );
  }
}

/** The page count as PDF.js reads it (lazily: a long PDF is not parsed whole). @param {{ bytes: Uint8Array }} job */
async function countPages(job) {
  const doc = await openWithPdfjs(job.bytes);
  try {
    return { pages: doc.numPages };
  } finally {
    await doc.destroy();
  }
}

/**
 * Page `page` (from 1) as PNG, at most `maxWidth` × `maxHeight` pixels, stamped.
 * @param {{ bytes: Uint8Array, page: number, lines: string[], maxWidth: number, maxHeight: number }} job
 */
async function renderPage(job) {
  const doc = await openWithPdfjs(job.bytes);
  try {
    const pages = doc.numPages;
    if (job.page > pages) return { pages, png: null };
    let page;
    try {
      page = await doc.getPage(job.page);
    } catch {
      throw new Refusal('unreadable', `Page ${job.page} of this PDF cannot be read (it is damaged).`);
    }
    const base = page.getViewport({ scale: 1 });
    // Bounded whatever the page claims to measure: the page fits the box, never larger than 3×.
    const scale = Math.min(job.maxWidth / base.width, job.maxHeight / base.height, 3);
    if (!Number.isFinite(scale) || scale <= 0) throw new Refusal('unreadable', `Page ${job.page} of this PDF has no usable size.`);
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.ceil(viewport.width));
    const height = Math.max(1, Math.ceil(viewport.height));
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    try {
      // PDF.js draws on @napi-rs/canvas in Node (its own canvas factory does the same).
      await page.render({ canvasContext: ctx, canvas, viewport }).promise;
    } catch {
      throw new Refusal('unreadable', `Page ${job.page} of this PDF cannot be drawn (it is damaged).`);
    }
    drawStamp(ctx, width, height, job.lines);
    const png = await canvas.encode('png');
    return { pages, png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength) };
  } finally {
    await doc.destroy();
  }
}

/** @type {Record<string, (job: any) => Promise<{ bytes?: Uint8Array, png?: Uint8Array | null, pages?: number }>>} */
const TASKS = { probePdf, stampPdf, stampImage, countPages, renderPage };

/** @param {{ id: number, task: string, job: unknown }} message */
async function answer(message) {
  try {
    const run = TASKS[message.task];
    if (!run) throw new Error(`unknown task ${message.task}`);
    const result = await run(message.job);
    // Only a buffer the result owns whole is handed over; a pooled one is copied.
    const transfer = [result.bytes, result.png]
      .filter((b) => b instanceof Uint8Array && b.byteOffset === 0 && b.byteLength === b.buffer.byteLength)
      .map((b) => /** @type {ArrayBuffer} */ (/** @type {Uint8Array} */ (b).buffer));
    parentPort?.postMessage({ id: message.id, ok: true, result }, transfer);
  } catch (error) {
    const refusal = error instanceof Refusal;
    parentPort?.postMessage({
      id: message.id,
      ok: false,
      code: refusal ? error.code : error instanceof RangeError ? 'too_complex' : 'failed',
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

parentPort?.on('message', (message) => void answer(message));
