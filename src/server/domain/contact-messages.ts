// The public contact form's messages (spec sections 2, 5, 8): stored in `contacts` for the admin inbox.
import type { z } from 'zod';
import type { contactInput } from '~/shared/schemas/contact.ts';
import type { Db } from '../db/index.ts';
import { publishConversationChange } from '../live/publish.ts';

/** Stores a visitor's message; the admin inbox's contact tab and its count update live. */
export function receiveContactMessage(db: Db, input: z.output<typeof contactInput>) {
  return db.$transaction(async (tx) => {
    const contact = await tx.contact.create({
      data: input,
      select: { id: true, name: true, email: true, subject: true, message: true, createdAt: true },
    });
    await publishConversationChange(tx, null);
    return contact;
  });
}
