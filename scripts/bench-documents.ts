// `npm run bench:documents`: what the data room's libraries cost (ADR 0046) on a 50-page PDF: the
// time to stamp a copy (pdf-lib) and to render every page (PDF.js + @napi-rs/canvas), each in the
// worker thread the server uses, and the memory they leave (RSS and heap, main thread). The floor,
// measured in the same run, is a plain copy of the bytes through the same worker (probePdf: load
// only), so the ratios say what stamping and drawing add on this machine at this moment.
import os from 'node:os';
import { DEFAULT_DOCUMENT_LIMITS, DocumentJobs } from '../src/server/documents/document-jobs.ts';
import { sampleImage, samplePdf } from '../src/server/test/pdf-fixtures.ts';

const PAGES = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const lines = ['Confidential: Dana Kowalski <dana.kowalski@atomix.test>', '2026-11-26 10:15 UTC | prototype 7 | access record 123'];

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return median(times);
}

const pdf = new Uint8Array(await samplePdf(PAGES, 'Benchmark design document'));
const jpeg = new Uint8Array(await sampleImage('jpeg', 3000, 2000));
const jobs = new DocumentJobs({ ...DEFAULT_DOCUMENT_LIMITS, jobTimeoutMs: 120_000 });
const before = process.memoryUsage();

// Warm the worker (its start and the libraries' loading are paid once per process).
await jobs.probePdf(pdf);
await jobs.renderPage(pdf, 1, lines);

const floor = await timed(() => jobs.probePdf(pdf));
const stamp = await timed(() => jobs.stampPdf(pdf, lines, lines.join(' ')));
const renderAll = await timed(async () => {
  for (let page = 1; page <= PAGES; page += 1) await jobs.renderPage(pdf, page, lines);
});
const image = await timed(() => jobs.stampImage(jpeg, 'jpeg', lines, lines.join(' ')));
const after = process.memoryUsage();
const workerRss = process.resourceUsage().maxRSS * 1024;
await jobs.close();

console.log(
  `bench:documents  ${new Date().toISOString()}  load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}  rounds ${ROUNDS} (median)`,
);
console.log(`PDF: ${PAGES} pages, ${mb(pdf.byteLength)}; JPEG 3000×2000, ${mb(jpeg.byteLength)}`);
console.log(`floor (load the PDF in the worker, pdf-lib): ${floor.toFixed(0)} ms`);
console.log(`stamp a copy, every page (pdf-lib):          ${stamp.toFixed(0)} ms  (${(stamp / floor).toFixed(1)}× floor)`);
console.log(
  `render all ${PAGES} pages (PDF.js + canvas):      ${renderAll.toFixed(0)} ms  (${(renderAll / PAGES).toFixed(0)} ms a page, ${(renderAll / floor).toFixed(1)}× floor)`,
);
console.log(`stamp a 6 MP JPEG (sharp + canvas):          ${image.toFixed(0)} ms  (${(image / floor).toFixed(1)}× floor)`);
console.log(`main thread: RSS ${mb(before.rss)} -> ${mb(after.rss)} (+${mb(after.rss - before.rss)}), heap +${mb(after.heapUsed - before.heapUsed)}`);
console.log(`process peak RSS (main + worker): ${mb(workerRss)}`);
