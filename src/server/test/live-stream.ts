// Reads a live stream (GET /trpc/live.events, server-sent events) the way httpSubscriptionLink does,
// for tests and the live benchmark: frames in arrival order, with the time each arrived.
import superjson from 'superjson';
import { type LiveEvent, isLiveEvent } from '~/shared/live-events.ts';

export type LiveFrame = { at: number } & (
  { kind: 'connected' } | { kind: 'event'; event: LiveEvent } | { kind: 'error'; code: string; httpStatus: number; message: string } | { kind: 'end' }
);

export interface LiveStreamReader {
  /** The answer's status line: 200 for a stream, or the refusal's own (401, 429, 503, with a JSON body). */
  readonly status: number;
  readonly headers: Headers;
  /** The next frame that is not a ping; rejects after `timeoutMs` without one. */
  next(timeoutMs?: number): Promise<LiveFrame>;
  /** The next event frame (skipping none: any other frame fails). */
  nextEvent(timeoutMs?: number): Promise<LiveEvent & { at: number }>;
  /** Frames received and not yet taken. */
  readonly pending: LiveFrame[];
  close(): void;
}

/** Splits an SSE text stream into frames (event name and data), ignoring pings and comments. */
function parseBlock(block: string, at: number): LiveFrame | null {
  let event = 'message';
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data += line.slice(6);
  }
  if (event === 'ping') return null;
  if (event === 'connected') return { kind: 'connected', at };
  if (event === 'return') return { kind: 'end', at };
  if (event === 'serialized-error') {
    const shape = superjson.deserialize<{ message: string; data: { code: string; httpStatus: number } }>(JSON.parse(data));
    return { kind: 'error', code: shape.data.code, httpStatus: shape.data.httpStatus, message: shape.message, at };
  }
  const value = superjson.deserialize(JSON.parse(data));
  if (!isLiveEvent(value)) throw new Error(`Not a live event: ${data}`);
  return { kind: 'event', event: value, at };
}

/** Opens the stream through `fetchLike` (a Hono app's `request`, or `fetch` against a running server). */
export async function openLiveStream(
  fetchLike: (url: string, init: RequestInit) => Response | Promise<Response>,
  url: string,
  headers: Record<string, string>,
): Promise<LiveStreamReader> {
  const abort = new AbortController();
  const response = await fetchLike(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  if (!response.body) throw new Error(`No stream: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const pending: LiveFrame[] = [];
  let waiting = null as (() => void) | null;
  let buffer = '';
  let done = false;
  void (async () => {
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const frame = parseBlock(buffer.slice(0, cut), performance.now());
          buffer = buffer.slice(cut + 2).replace(/^\n+/, '');
          if (frame) pending.push(frame);
        }
        waiting?.();
      }
    } catch {
      // aborted by close()
    }
    done = true;
    pending.push({ kind: 'end', at: performance.now() });
    waiting?.();
  })();

  async function next(timeoutMs = 5_000): Promise<LiveFrame> {
    const deadline = performance.now() + timeoutMs;
    while (pending.length === 0) {
      if (done) return { kind: 'end', at: performance.now() };
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`No live frame within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      waiting = null;
    }
    return pending.shift()!;
  }

  return {
    status: response.status,
    headers: response.headers,
    next,
    async nextEvent(timeoutMs) {
      const frame = await next(timeoutMs);
      if (frame.kind !== 'event') throw new Error(`Expected a live event, got ${JSON.stringify(frame)}`);
      return { ...frame.event, at: frame.at };
    },
    pending,
    close: () => abort.abort(),
  };
}
