// A message of a thread between a user and the admin team.
import { z } from 'zod';
import { id, timestamp } from './common.ts';

export const adminMessage = z.strictObject({
  id,
  subject: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: timestamp,
  messageType: z.enum(['admin_to_user', 'user_to_admin']),
  parentMessageId: id.nullable(),
});

export const messageView = adminMessage.extend({
  aboutPrototype: z.strictObject({ id, prototypeName: z.string() }).nullable(),
  /** "You", the sender's name, or the team's name. */
  from: z.string(),
  /** Whether the caller sent it. */
  mine: z.boolean(),
});
