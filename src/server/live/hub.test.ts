// The hub's dispatch rules (who hears what) and the stream's queue, without a database.
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '~/shared/live-events.ts';
import { type LiveSubscriber, createLiveHub, parseLiveWire } from './hub.ts';
import { LiveStreamEnded, liveStream } from './stream.ts';

function subscriber(userId: string, isAdmin = false) {
  const heard: LiveEvent[] = [];
  const calls = { sessionsEnded: 0, shutdown: 0 };
  const s: LiveSubscriber = {
    userId,
    isAdmin,
    deliver: (event) => heard.push(event),
    sessionsEnded: () => calls.sessionsEnded++,
    shutdown: () => calls.shutdown++,
  };
  return { s, heard, calls };
}

describe('live hub', () => {
  it('hands an event to the named users and, when marked, to every admin, once each', () => {
    const hub = createLiveHub();
    const amara = subscriber('amara');
    const amaraOtherTab = subscriber('amara');
    const kenji = subscriber('kenji');
    const admin = subscriber('admin-1', true);
    for (const x of [amara, amaraOtherTab, kenji, admin]) hub.add(x.s);
    expect(hub.size).toBe(4);

    hub.dispatch({ e: { topic: 'prototype', id: 7 }, u: ['amara'], a: 1 });
    hub.dispatch({ e: { topic: 'notifications' }, u: ['kenji'] });
    hub.dispatch({ e: { topic: 'bulk' }, a: 1 });
    // An admin named among the users hears it once, not twice.
    hub.dispatch({ e: { topic: 'ticket', id: 3 }, u: ['admin-1'], a: 1 });

    expect(amara.heard).toEqual([{ topic: 'prototype', id: 7 }]);
    expect(amaraOtherTab.heard).toEqual([{ topic: 'prototype', id: 7 }]);
    expect(kenji.heard).toEqual([{ topic: 'notifications' }]);
    expect(admin.heard).toEqual([{ topic: 'prototype', id: 7 }, { topic: 'bulk' }, { topic: 'ticket', id: 3 }]);
  });

  it('tells only the named users that sessions ended, sends a resync to everyone, and forgets removed streams', () => {
    const hub = createLiveHub();
    const amara = subscriber('amara');
    const kenji = subscriber('kenji', true);
    const removeAmara = hub.add(amara.s);
    hub.add(kenji.s);
    hub.dispatch({ ended: ['amara', 'nobody'] });
    expect(amara.calls.sessionsEnded).toBe(1);
    expect(kenji.calls.sessionsEnded).toBe(0);
    hub.dispatch({ e: { topic: 'resync' } });
    expect(kenji.heard).toEqual([{ topic: 'resync' }]);
    removeAmara();
    removeAmara();
    expect(hub.size).toBe(1);
    hub.dispatch({ e: { topic: 'notifications' }, u: ['amara'] });
    expect(amara.heard).toEqual([{ topic: 'resync' }]);
  });

  it('on close ends every stream, and any stream that joins later at once', async () => {
    const hub = createLiveHub();
    const amara = subscriber('amara');
    hub.add(amara.s);
    await hub.close();
    expect(amara.calls.shutdown).toBe(1);
    const late = subscriber('late');
    hub.add(late.s);
    await Promise.resolve();
    expect(late.calls.shutdown).toBe(1);
  });

  it('reads only well-formed channel messages', () => {
    expect(parseLiveWire('{"e":{"topic":"prototype","id":5},"u":["a"],"a":1}')).toEqual({ e: { topic: 'prototype', id: 5 }, u: ['a'], a: 1 });
    expect(parseLiveWire('{"ended":["a","b"]}')).toEqual({ ended: ['a', 'b'] });
    for (const bad of [
      '',
      'null',
      '[]',
      'not json',
      '{"e":{"topic":"secrets"}}',
      '{"e":{"topic":"prototype"}}',
      '{"e":{"topic":"bulk"},"u":[1]}',
      '{"ended":[1]}',
    ]) {
      expect(parseLiveWire(bad), bad).toBeNull();
    }
  });
});

describe('live stream', () => {
  const user = { id: 'amara', isAdmin: false };
  const farFuture = new Date(Date.now() + 86_400_000);
  const living = { expiresAt: farFuture, isAdmin: false };

  it('yields events in order, drops a duplicate still waiting, and collapses a flood into one resync', async () => {
    const hub = createLiveHub();
    const stream = liveStream({ hub, user, expiresAt: farFuture, checkSession: async () => living });
    expect(hub.size).toBe(1); // joined before anything is read
    const first = stream.next();
    hub.dispatch({ e: { topic: 'prototype', id: 1 }, u: ['amara'] });
    expect((await first).value).toEqual({ topic: 'prototype', id: 1 });
    hub.dispatch({ e: { topic: 'notifications' }, u: ['amara'] });
    hub.dispatch({ e: { topic: 'notifications' }, u: ['amara'] });
    hub.dispatch({ e: { topic: 'ticket', id: 2 }, u: ['amara'] });
    expect((await stream.next()).value).toEqual({ topic: 'notifications' });
    expect((await stream.next()).value).toEqual({ topic: 'ticket', id: 2 });
    for (let id = 1; id <= 60; id++) hub.dispatch({ e: { topic: 'prototype', id }, u: ['amara'] });
    const after = await stream.next();
    expect(after.value).toEqual({ topic: 'resync' }); // 50 waited, the 51st replaced them all
    await stream.return(undefined);
    expect(hub.size).toBe(0);
  });

  it('ends with session_ended when its session is gone after a sessions-ended message, and keeps going while it lives', async () => {
    const hub = createLiveHub();
    let alive = true;
    let checks = 0;
    const stream = liveStream({
      hub,
      user,
      expiresAt: farFuture,
      checkSession: async () => {
        checks++;
        return alive ? living : null;
      },
    });
    const first = stream.next();
    hub.dispatch({ ended: ['amara'] }); // another session of the user ended: this one lives
    hub.dispatch({ e: { topic: 'bulk' }, u: ['amara'] });
    expect((await first).value).toEqual({ topic: 'bulk' });
    alive = false;
    hub.dispatch({ ended: ['amara'] });
    await expect(stream.next()).rejects.toEqual(new LiveStreamEnded('session_ended'));
    expect(checks).toBe(2);
    expect(hub.size).toBe(0);
  });

  it("hears the admins' events as the session's user stands at the last check, not as at the opening", async () => {
    const hub = createLiveHub();
    let isAdmin = false;
    const stream = liveStream({ hub, user, expiresAt: farFuture, checkSession: async () => ({ expiresAt: farFuture, isAdmin }) });
    const first = stream.next();
    hub.dispatch({ e: { topic: 'bulk' }, a: 1 }); // not an admin yet: not heard
    isAdmin = true; // e.g. enrolled in two-factor sign-in: announced as { ended } by the users trigger
    hub.dispatch({ ended: ['amara'] });
    expect((await first).value).toEqual({ topic: 'resync' }); // what the tab may see changed
    hub.dispatch({ e: { topic: 'ticket', id: 7 }, a: 1 });
    expect((await stream.next()).value).toEqual({ topic: 'ticket', id: 7 });
    isAdmin = false;
    hub.dispatch({ ended: ['amara'] });
    expect((await stream.next()).value).toEqual({ topic: 'resync' });
    hub.dispatch({ e: { topic: 'ticket', id: 8 }, a: 1 }); // no longer heard
    hub.dispatch({ e: { topic: 'notifications' }, u: ['amara'] });
    expect((await stream.next()).value).toEqual({ topic: 'notifications' });
    expect(hub.size).toBe(1);
    await stream.return(undefined);
    expect(hub.size).toBe(0);
  });

  it('checks the session again when it would expire', async () => {
    const hub = createLiveHub();
    const stream = liveStream({ hub, user, expiresAt: new Date(Date.now() + 30), checkSession: async () => null });
    await expect(stream.next()).rejects.toEqual(new LiveStreamEnded('session_ended'));
  });

  it('ends with shutdown when the hub closes, and quietly when the tab goes away', async () => {
    const hub = createLiveHub();
    const stream = liveStream({ hub, user, expiresAt: farFuture, checkSession: async () => living });
    const pending = stream.next();
    await hub.close();
    await expect(pending).rejects.toEqual(new LiveStreamEnded('shutdown'));

    const hub2 = createLiveHub();
    const tab = new AbortController();
    const quiet = liveStream({ hub: hub2, user, expiresAt: farFuture, checkSession: async () => living, signal: tab.signal });
    const waiting = quiet.next();
    tab.abort();
    expect(await waiting).toEqual({ done: true, value: undefined });
    expect(hub2.size).toBe(0);
  });
});
