// Real PDFs and pictures for the data room's tests (issue 31), made here with the same libraries the
// server uses, so a test never depends on a file it cannot see.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/** A PDF of `pages` A4 pages, each saying "<text> page N". */
export async function samplePdf(pages = 1, text = 'Confidential design'): Promise<Buffer<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n += 1) {
    doc.addPage([595, 842]).drawText(`${text} page ${n}`, { x: 56, y: 770, size: 20, font });
  }
  return Buffer.concat([await doc.save({ useObjectStreams: true })]);
}

/** A plain picture of `width` × `height` in one colour. */
export async function sampleImage(format: 'png' | 'jpeg', width = 320, height = 200): Promise<Buffer<ArrayBuffer>> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } });
  return Buffer.concat([await (format === 'png' ? image.png() : image.jpeg()).toBuffer()]);
}

/** The text PDF.js reads from every page of `bytes`, joined. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return parts.join('\n');
}
