// The seller's side of the review promise: GET /api/seller/prototypes/{id} carries dueDates
// (submitted + 14 / + 30 days) and, once met, when; an admin's start review meets the initial review.
import { describe, expect, it } from 'vitest';
import { addDays } from '~/shared/days.ts';
import { createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { callerAs, signedInClient, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();

describe('GET /api/seller/prototypes/{id}: dueDates', () => {
  it('shows the open due dates, then when the initial review was met', async () => {
    const seller = await createUser(t.db.prisma);
    const admin = await createAdmin(t.db.prisma);
    const createdAt = new Date('2026-11-01T10:00:00.000Z');
    const prototype = await createPrototype(t.db.prisma, seller.id, { createdAt });
    const client = await signedInClient(t.db, seller);
    let res = await client.request('GET', `/api/seller/prototypes/${prototype.id}`);
    expect(res.status).toBe(200);
    expect(res.json.dueDates).toEqual({
      initialReview: { dueAt: addDays(createdAt, 14).toISOString(), metAt: null },
      feedback: { dueAt: addDays(createdAt, 30).toISOString(), metAt: null },
    });
    // Met dates are not loose fields of the seller's view.
    expect(res.json).not.toHaveProperty('initialReviewMetAt');

    await (await callerAs(t.db, admin.id)).admin.startReview({ id: prototype.id });
    res = await client.request('GET', `/api/seller/prototypes/${prototype.id}`);
    expect(res.json.dueDates.initialReview.metAt).toEqual(expect.any(String));
    expect(res.json.dueDates.feedback.metAt).toBeNull();
  });
});
