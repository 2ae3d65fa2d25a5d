// One read per fact (viewer-facts.ts): the data room's rules and the score mask of one answer share
// what they read, and a fact that cannot be read fails the answer rather than opening anything.
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/index.ts';
import { recordStatements } from '../test/statements.ts';
import { attestAdmin, createAdmin, createEvaluationRelease, createPrototype, createUser } from '../test/factories.ts';
import { callerAs, useTestDatabase } from '../test/harness.ts';
import { confidentialDenials } from './confidential-access.ts';
import { viewerFacts } from './viewer-facts.ts';

const t = useTestDatabase();

let recording: ReturnType<typeof recordStatements> | null = null;
afterEach(() => recording?.stop());

describe('viewerFacts', () => {
  it("the admin list reads each fact once for the page: the gate's seven rules and the score mask share them", async () => {
    const db = t.db.prisma;
    const seller = await createUser(db);
    const admin = await createAdmin(db);
    const [first, second, third] = [await createPrototype(db, seller.id), await createPrototype(db, seller.id), await createPrototype(db, seller.id)];
    // Terms accepted and one attestation: every rule has something to decide.
    await attestAdmin(db, admin.id, second!.id);
    const caller = await callerAs(t.db, admin.id);

    recording = recordStatements(t.db);
    const page = await caller.admin.prototypes({ sort: 'newest', direction: 'next', limit: 20 });
    recording.stop();

    expect(page.items.map((p) => [p.id, p.access.denial?.reason ?? 'open'])).toEqual([
      [third!.id, 'not_attested'],
      [second!.id, 'open'],
      [first!.id, 'not_attested'],
    ]);
    for (const table of ['reviewer_conflicts', 'export_classifications', 'confidentiality_terms', 'confidentiality_acceptances', 'prototype_attestations']) {
      expect(recording.reading(table), table).toBe(1);
    }
    // The conflict rule compares the admin as the session read them: no read of the admin's own row.
    expect(recording.from('users')).toBe(0);
    // The rows' own facts (seller, export state, attestation, withdrawn access, place on the panel)
    // come with the list's read; then only the terms.
    expect(recording.from('prototypes')).toBe(1);
    for (const table of ['prototype_attestations', 'data_room_revocations', 'scorecards']) expect(recording.from(table), table).toBe(0);
    expect(recording.count()).toBe(2);
  });

  it("the seller's view read by an admin, with a released evaluation, masks its scores from the call's facts", async () => {
    const db = t.db.prisma;
    const seller = await createUser(db);
    const admin = await createAdmin(db);
    const prototype = await createPrototype(db, seller.id);
    await createEvaluationRelease(db, prototype.id);
    const caller = await callerAs(t.db, admin.id);
    const view = await caller.prototypes.byId({ id: prototype.id });
    expect(view.id).toBe(prototype.id);
    expect(view.access?.denial?.reason).toBe('terms_not_accepted');
  });

  it('a fact that cannot be read fails the answer: nothing opens for want of it', async () => {
    const failing = new Proxy(t.db.prisma, {
      get: (target, model) =>
        model === 'prototypeAttestation' ? { findMany: () => Promise.reject(new Error('connection lost')) } : Reflect.get(target, model, target),
    }) as Db;
    const seller = await createUser(t.db.prisma);
    const admin = await createAdmin(t.db.prisma);
    const prototype = await createPrototype(t.db.prisma, seller.id);
    await attestAdmin(t.db.prisma, admin.id, prototype.id);

    await expect(confidentialDenials(viewerFacts(failing, admin, new Date()), [prototype.id])).rejects.toThrow('connection lost');
    expect(await confidentialDenials(viewerFacts(t.db.prisma, admin, new Date()), [prototype.id])).toEqual(new Map());
  });
});
