// Who may see which prototype, written once (visiblePrototypes): a seller their own, an admin every
// one, an admin who must still enrol in two-factor sign-in only their own. Checked on the rule and
// through each place that reads by it (detail, information requests, document access, messages).
import { afterEach, describe, expect, it } from 'vitest';
import { withEnrolledRole } from '../auth/two-factor.ts';
import { TEST_CONFIG } from '../test/services.ts';
import { createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { callerAs, setTestServices, useTestDatabase } from '../test/harness.ts';
import type { Db } from '../db/index.ts';
import { DEFAULT_DATA_ROOM_POLICY } from './confidential-access.ts';
import { documentAccessOf } from './document-access.ts';
import { NotFoundError } from './errors.ts';
import { prototypeInfoRequests } from './info-requests.ts';
import { PROTOTYPE_NOT_FOUND, visiblePrototypes } from './prototype-access.ts';
import { gateScopeFor } from './views/confidential-view.ts';

const t = useTestDatabase();
afterEach(() => setTestServices(null));

async function twoSellers() {
  const alice = await createUser(t.db.prisma);
  const bob = await createUser(t.db.prisma);
  const admin = await createAdmin(t.db.prisma);
  const ofAlice = await createPrototype(t.db.prisma, alice.id);
  const ofBob = await createPrototype(t.db.prisma, bob.id);
  return { alice, bob, admin, ofAlice, ofBob };
}

const visibleIds = async (user: { id: string; role: string }) =>
  (await t.db.prisma.prototype.findMany({ where: visiblePrototypes(user), select: { id: true }, orderBy: { id: 'asc' } })).map((p) => p.id);

describe('visiblePrototypes', () => {
  it('a seller sees their own prototypes only; an admin sees every prototype', async () => {
    const { alice, bob, admin, ofAlice, ofBob } = await twoSellers();
    expect(await visibleIds(alice)).toEqual([ofAlice.id]);
    expect(await visibleIds(bob)).toEqual([ofBob.id]);
    expect(await visibleIds(admin)).toEqual([ofAlice.id, ofBob.id]);
  });

  it('an admin who must still enrol in two-factor sign-in, or whose session skipped it, sees only their own (as a seller would)', async () => {
    const { admin } = await twoSellers();
    const strict = { ...TEST_CONFIG, adminRequireTwoFactor: true };
    const unenrolled = withEnrolledRole({ ...admin, twoFactorEnabledAt: null }, { secondFactor: null }, strict);
    expect(await visibleIds(unenrolled)).toEqual([]);
    const enrolled = { ...admin, twoFactorEnabledAt: new Date() };
    expect(await visibleIds(withEnrolledRole(enrolled, { secondFactor: null }, strict))).toEqual([]);
    expect(await visibleIds(withEnrolledRole(enrolled, { secondFactor: 'totp' }, strict))).toHaveLength(2);
  });

  it("information requests and the document access list: another seller's prototype is not found, the admin's view is", async () => {
    const { alice, bob, admin, ofAlice } = await twoSellers();
    const scope = (viewer: { id: string; role: string }) => gateScopeFor(t.db.prisma, viewer, new Date(), DEFAULT_DATA_ROOM_POLICY);
    const reads = [
      (_db: Db, viewer: { id: string; role: string }, id: number) => prototypeInfoRequests(scope(viewer), id),
      (_db: Db, viewer: { id: string; role: string }, id: number) => documentAccessOf(scope(viewer), id),
    ];
    for (const read of reads) {
      await expect(read(t.db.prisma, bob, ofAlice.id)).rejects.toThrow(new NotFoundError(PROTOTYPE_NOT_FOUND));
      await expect(read(t.db.prisma, alice, ofAlice.id)).resolves.toEqual([]);
      await expect(read(t.db.prisma, admin, ofAlice.id)).resolves.toEqual([]);
    }
  });

  it("the prototype's detail through the API: its seller and an admin read it, another seller gets 404", async () => {
    const { alice, bob, admin, ofAlice } = await twoSellers();
    expect((await (await callerAs(t.db, alice.id)).prototypes.byId({ id: ofAlice.id })).id).toBe(ofAlice.id);
    expect((await (await callerAs(t.db, admin.id)).prototypes.byId({ id: ofAlice.id })).id).toBe(ofAlice.id);
    await expect((await callerAs(t.db, bob.id)).prototypes.byId({ id: ofAlice.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: PROTOTYPE_NOT_FOUND });
  });

  it('an admin starts a thread with the seller of any prototype; the message links to it', async () => {
    const { alice, admin, ofAlice } = await twoSellers();
    const asAdmin = await callerAs(t.db, admin.id);
    const sent = await asAdmin.messages.start({ prototypeId: ofAlice.id, subject: 'About your prototype', content: 'A question.' });
    expect(sent.aboutPrototype).toEqual({ id: ofAlice.id, prototypeName: ofAlice.prototypeName });
    expect(await t.db.prisma.adminMessage.count({ where: { userId: alice.id, prototypeId: ofAlice.id } })).toBe(1);
    await expect(asAdmin.messages.start({ prototypeId: ofAlice.id + 1000, subject: 'x', content: 'y' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
