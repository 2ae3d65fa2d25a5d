// The files a seller has picked, checked on arrival, then uploaded in parallel with progress.
import { useCallback, useState } from 'react';
import { UPLOAD_ACCEPTED_EXTENSIONS } from '~/shared/constants.ts';
import { type AcceptedExtensions, documentProblem } from '~/shared/schemas/prototype.ts';
import { type UploadedDocument, uploadDocument } from './upload-document.ts';

export interface PickedFile {
  id: string;
  file: File;
  /** 0..1 while uploading or done; null before. */
  progress: number | null;
  state: 'ready' | 'uploading' | 'done' | 'failed';
  error?: string;
}

export interface RefusedFile {
  name: string;
  reason: string;
}

let counter = 0;
/** Files upload side by side, a few at a time. */
const PARALLEL_UPLOADS = 3;

async function mapWithLimit<T, R>(items: T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** `accepted`: the extensions this upload takes (a prototype's documents by default). */
export function useDocumentUploads(accepted: AcceptedExtensions = UPLOAD_ACCEPTED_EXTENSIONS) {
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [refused, setRefused] = useState<RefusedFile[]>([]);

  const add = useCallback(
    (incoming: File[]) => {
      const picked: PickedFile[] = [];
      const rejected: RefusedFile[] = [];
      for (const file of incoming) {
        const problem = documentProblem(file, accepted);
        if (problem) rejected.push({ name: file.name, reason: problem });
        else picked.push({ id: `f${++counter}`, file, progress: null, state: 'ready' });
      }
      setFiles((current) => [...current, ...picked]);
      setRefused(rejected);
    },
    [accepted],
  );

  const remove = useCallback((id: string) => setFiles((current) => current.filter((f) => f.id !== id)), []);
  const clear = useCallback(() => {
    setFiles([]);
    setRefused([]);
  }, []);

  const patch = (id: string, change: Partial<PickedFile>) => setFiles((current) => current.map((f) => (f.id === id ? { ...f, ...change } : f)));

  /** Uploads every file not yet stored; resolves with the stored ones and the failures. */
  const uploadAll = useCallback(
    async (prototypeId: number, url?: string) => {
      const pending = files.filter((f) => f.state !== 'done');
      const results = await mapWithLimit(pending, PARALLEL_UPLOADS, async (picked) => {
        patch(picked.id, { state: 'uploading', progress: 0, error: undefined });
        try {
          const stored = await uploadDocument(prototypeId, picked.file, (progress) => patch(picked.id, { progress }), url);
          patch(picked.id, { state: 'done', progress: 1 });
          return { ok: true as const, stored };
        } catch (error) {
          const message = error instanceof Error ? error.message : 'Upload failed';
          patch(picked.id, { state: 'failed', error: message });
          return { ok: false as const, name: picked.file.name, message };
        }
      });
      return {
        stored: results.flatMap((r) => (r.ok ? [r.stored] : [])) as UploadedDocument[],
        failed: results.flatMap((r) => (r.ok ? [] : [{ name: r.name, message: r.message }])),
      };
    },
    [files],
  );

  return { files, refused, add, remove, clear, uploadAll };
}
