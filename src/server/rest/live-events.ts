// GET /trpc/live.events: the tab's live stream, served in the wire format of tRPC's
// httpSubscriptionLink (server-sent events: `connected`, data, `ping`, `serialized-error`, `return`)
// by calling the `live.events` subscription through createCaller, as the REST adapters do.
//
// Why not tRPC's own handler: its SSE producer costs about 58 KB of heap per idle stream (a chain of
// web streams and a ping timer each), which 1,000 open tabs would pay all the time; this one stream
// and one shared ping cost about a fifth of that (ADR 0020).
import { TRPCError } from '@trpc/server';
import { getErrorShape, getTRPCErrorFromUnknown } from '@trpc/server/unstable-core-do-not-import';
import type { Context as HonoContext, Hono } from 'hono';
import superjson from 'superjson';
import type { LiveEvent } from '~/shared/live-events.ts';
import type { Context } from '../context.ts';
import type { Logger } from '../http/request-log.ts';
import { appRouter, createCaller } from '../routers/_app.ts';

/** A ping keeps proxies from closing a quiet stream (nginx's default read timeout is 60 s). */
export const LIVE_PING_MS = 20_000;
/** A tab that hears nothing for this long reconnects (a laptop that slept, a proxy that dropped it). */
const RECONNECT_AFTER_INACTIVITY_MS = LIVE_PING_MS * 2 + 5_000;
/** Pings queued for a client that reads nothing: past this, it is gone and the stream ends. */
const MAX_UNREAD_PINGS = 30;

const PATH = 'live.events';
const HEADERS = {
  'Content-Type': 'text/event-stream',
  // A person's own events: no cache keeps them, no proxy rewrites the stream.
  'Cache-Control': 'no-store, no-transform',
  'X-Accel-Buffering': 'no',
} as const;

const encoder = new TextEncoder();
const frame = (lines: string) => encoder.encode(`${lines}\n\n`);
const PING = frame('event: ping\ndata: ');
const CONNECTED = frame(`event: connected\ndata: ${JSON.stringify({ reconnectAfterInactivityMs: RECONNECT_AFTER_INACTIVITY_MS })}`);
const RETURN = frame('event: return\ndata: ');

export interface LiveEventsOptions {
  createContext: (c: HonoContext) => Promise<Context>;
  log: Logger;
}

export function mountLiveEvents(app: Hono, { createContext, log }: LiveEventsOptions) {
  // One timer pings every open stream.
  const open = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const pinger = setInterval(() => {
    for (const controller of open) {
      if ((controller.desiredSize ?? 0) < -MAX_UNREAD_PINGS) {
        open.delete(controller);
        controller.error(new Error('client stopped reading'));
      } else controller.enqueue(PING);
    }
  }, LIVE_PING_MS);
  pinger.unref();

  app.get(`/trpc/${PATH}`, async (c) => {
    const ctx = await createContext(c);
    const tabGone = c.req.raw.signal;
    const errorFrame = (cause: unknown) => {
      const error = getTRPCErrorFromUnknown(cause);
      if (error.code === 'INTERNAL_SERVER_ERROR') log({ level: 'error', msg: 'live stream failed', error: String(error.cause ?? error) });
      const shape = getErrorShape({ config: appRouter._def._config, error, type: 'subscription', path: PATH, input: undefined, ctx });
      return frame(`event: serialized-error\ndata: ${JSON.stringify(superjson.serialize(shape))}`);
    };

    let events: AsyncIterator<LiveEvent> | null = null;
    let refused: Uint8Array | null = null;
    try {
      events = (await createCaller(ctx, { signal: tabGone }).live.events())[Symbol.asyncIterator]();
    } catch (error) {
      refused = errorFrame(error instanceof TRPCError ? error : getTRPCErrorFromUnknown(error));
    }

    let self: ReadableStreamDefaultController<Uint8Array> | null = null;
    const finish = (last: Uint8Array) => {
      if (!self) return;
      open.delete(self);
      self.enqueue(last);
      self.close();
      self = null;
    };
    const body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          controller.enqueue(CONNECTED);
          if (refused) {
            controller.enqueue(refused);
            controller.close();
            return;
          }
          self = controller;
          open.add(controller);
        },
        // Called when the client has taken what was queued: the next event waits until then, so a
        // slow reader holds back the stream's own queue (which collapses into one resync).
        async pull(controller) {
          if (!events || !self) return;
          try {
            const next = await events.next();
            if (!self) return;
            if (next.done) finish(RETURN);
            else controller.enqueue(frame(`data: ${JSON.stringify(superjson.serialize(next.value))}`));
          } catch (error) {
            finish(errorFrame(error));
          }
        },
        cancel() {
          if (self) open.delete(self);
          self = null;
          void events?.return?.();
        },
      },
      { highWaterMark: 0 },
    );
    // Through the Hono context, so that a renewed session cookie (createContext) goes out with it.
    return c.body(body, 200, HEADERS);
  });
}
