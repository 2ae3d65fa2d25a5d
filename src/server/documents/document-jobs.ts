// The data room's stamping and rendering, run in worker threads (document-worker.mjs) so the event
// loop never waits on a PDF: at most `workers` jobs at once, at most `queueMax` waiting (beyond that a
// 429), each bounded in time (a worker past its deadline is ended and replaced) and in heap (ADR 0046).
import { Worker } from 'node:worker_threads';
import { workerFile } from '../worker-file.ts';

/** Why a job refused the document; the REST adapter turns each into its 4xx. */
export type DocumentJobRefusal = 'unreadable' | 'encrypted' | 'too_many_pages' | 'too_large' | 'too_complex' | 'timeout' | 'busy';

export class DocumentJobError extends Error {
  constructor(
    readonly code: DocumentJobRefusal,
    message: string,
  ) {
    super(message);
  }
}

export type DocumentLimits = {
  /** Pages a stamped copy may have (each is drawn on). */
  maxStampPages: number;
  /** Pixels an image may have before it is decoded. */
  maxImagePixels: number;
  /** The rendered page fits this box (CSS pixels at about 150 dpi for A4). */
  renderWidth: number;
  renderHeight: number;
  /** Milliseconds one job may take before its worker is ended. */
  jobTimeoutMs: number;
  /** Heap of one worker, in MB: a document that needs more fails alone. */
  workerHeapMb: number;
  workers: number;
  queueMax: number;
};

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  maxStampPages: 2000,
  maxImagePixels: 60_000_000,
  renderWidth: 1240,
  renderHeight: 1754,
  jobTimeoutMs: 20_000,
  workerHeapMb: 384,
  workers: 1,
  queueMax: 48,
};

type Job = { task: string; job: Record<string, unknown> };
type Pending = Job & { resolve: (value: WorkerResult) => void; reject: (error: unknown) => void };
type WorkerResult = { bytes?: Uint8Array; png?: Uint8Array | null; pages?: number };
type Reply = { id: number; ok: true; result: WorkerResult } | { id: number; ok: false; code: string; message: string };

const REFUSALS = new Set<string>(['unreadable', 'encrypted', 'too_many_pages', 'too_large', 'too_complex']);

/** One worker thread; `busy` while it runs a job. */
class Slot {
  worker: Worker | null = null;
  busy = false;
}

export class DocumentJobs {
  private readonly slots: Slot[];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    readonly limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS,
    private readonly log: (line: Record<string, unknown>) => void = () => {},
  ) {
    this.slots = Array.from({ length: Math.max(1, limits.workers) }, () => new Slot());
  }

  /** The PDF's page count, refused as stampPdf would refuse it (run before the access is recorded). */
  async probePdf(bytes: Uint8Array) {
    const result = await this.run('probePdf', { bytes, maxPages: this.limits.maxStampPages });
    return { pages: result.pages ?? 0 };
  }

  async stampPdf(bytes: Uint8Array, lines: string[], metadata: string) {
    const result = await this.run('stampPdf', { bytes, lines, metadata, maxPages: this.limits.maxStampPages });
    return { bytes: result.bytes!, pages: result.pages ?? 0 };
  }

  async stampImage(bytes: Uint8Array, format: 'png' | 'jpeg', lines: string[], metadata: string) {
    const result = await this.run('stampImage', { bytes, lines, metadata, format, maxPixels: this.limits.maxImagePixels });
    return result.bytes!;
  }

  /** The page count as the reader sees it (PDF.js reads a long PDF lazily). */
  async countPages(bytes: Uint8Array) {
    const result = await this.run('countPages', { bytes });
    return result.pages ?? 0;
  }

  /** Page `page` (from 1) as a stamped PNG, or `png: null` past the last page. */
  async renderPage(bytes: Uint8Array, page: number, lines: string[]) {
    const { renderWidth: maxWidth, renderHeight: maxHeight } = this.limits;
    const result = await this.run('renderPage', { bytes, page, lines, maxWidth, maxHeight });
    return { pages: result.pages ?? 0, png: result.png ?? null };
  }

  /** Ends the workers (tests, shutdown); queued jobs are refused. */
  async close() {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new DocumentJobError('busy', 'The server is shutting down.'));
    await Promise.all(this.slots.flatMap((slot) => (slot.worker ? [slot.worker.terminate()] : [])));
  }

  private run(task: string, job: Record<string, unknown>): Promise<WorkerResult> {
    if (this.closed) return Promise.reject(new DocumentJobError('busy', 'The server is shutting down.'));
    if (this.queue.length >= this.limits.queueMax) {
      return Promise.reject(new DocumentJobError('busy', 'Too many pages are being prepared right now. Try again in a moment.'));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ task, job, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    for (const slot of this.slots) {
      if (slot.busy) continue;
      const next = this.queue.shift();
      if (!next) return;
      this.start(slot, next);
    }
  }

  private spawn(slot: Slot): Worker {
    const worker = new Worker(workerFile('document-worker', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: this.limits.workerHeapMb } });
    worker.unref();
    slot.worker = worker;
    return worker;
  }

  private start(slot: Slot, pending: Pending) {
    slot.busy = true;
    const worker = slot.worker ?? this.spawn(slot);
    const id = this.nextId++;
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      slot.busy = false;
      outcome();
      this.pump();
    };
    // A worker that dies or overruns is replaced: the next job gets a fresh one.
    const retire = () => {
      if (slot.worker === worker) slot.worker = null;
      void worker.terminate();
    };
    const onMessage = (reply: Reply) => {
      if (reply.id !== id) return;
      finish(() => {
        if (reply.ok) return pending.resolve(reply.result);
        if (REFUSALS.has(reply.code)) return pending.reject(new DocumentJobError(reply.code as DocumentJobRefusal, reply.message));
        this.log({ level: 'error', msg: 'document job failed', task: pending.task, error: reply.message });
        pending.reject(new DocumentJobError('unreadable', 'This document cannot be processed.'));
      });
    };
    const onError = (error: Error) => {
      retire();
      const heap = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.log({ level: 'warn', msg: 'document worker ended', task: pending.task, error: String(error) });
      finish(() =>
        pending.reject(
          new DocumentJobError(
            heap ? 'too_large' : 'too_complex',
            heap ? 'This document needs more memory than the server gives one document.' : 'This document is too complex to process.',
          ),
        ),
      );
    };
    const onExit = () => {
      retire();
      finish(() => pending.reject(new DocumentJobError('too_complex', 'This document is too complex to process.')));
    };
    const timer = setTimeout(() => {
      retire();
      this.log({ level: 'warn', msg: 'document job timed out', task: pending.task, ms: this.limits.jobTimeoutMs });
      finish(() => pending.reject(new DocumentJobError('timeout', 'This document takes too long to process, so it is not served.')));
    }, this.limits.jobTimeoutMs);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    // The input is copied, not handed over: the caller may still need it (a probe before the stamp).
    worker.postMessage({ id, task: pending.task, job: pending.job });
  }
}
