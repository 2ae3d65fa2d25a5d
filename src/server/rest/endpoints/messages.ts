// Messages between a user and the admin team (routers/messages.ts).
import { z } from 'zod';
import { messageIdInput, messageTeamInput, replyInput } from '~/shared/schemas/messages.ts';
import { messageView } from '../../domain/views/shapes/message.ts';
import { defineRoute } from '../define-route.ts';

const tag = 'Messages';
const params = messageIdInput.pick({ id: true });

export const messageRoutes = [
  defineRoute('GET /api/messages', {
    access: 'user',
    tag,
    summary: 'Messages the admin team sent you, newest first',
    output: { shape: z.array(messageView), description: 'Your messages' },
    handler: ({ caller }) => caller.messages.list(),
  }),
  defineRoute('GET /api/messages/:id/thread', {
    access: 'user',
    tag,
    summary: 'A whole conversation, oldest first',
    params,
    output: { shape: z.array(messageView), description: 'The thread' },
    handler: ({ caller, input }) => caller.messages.thread(input),
  }),
  defineRoute('PATCH /api/messages/:id/read', {
    access: 'user',
    tag,
    summary: 'Mark a message you received as read',
    params,
    output: { shape: messageView, description: 'The message' },
    handler: ({ caller, input }) => caller.messages.markRead(input),
  }),
  defineRoute('POST /api/messages/reply', {
    access: 'user',
    tag,
    summary: 'Reply in a thread',
    body: replyInput,
    status: 201,
    output: { shape: messageView, description: 'Your reply' },
    errors: [404, 429],
    handler: ({ caller, input }) => caller.messages.reply(input),
  }),
  defineRoute('POST /api/messages', {
    access: 'user',
    tag,
    summary: 'Write to the team about one of your prototypes (a new thread)',
    body: messageTeamInput,
    status: 201,
    output: { shape: messageView, description: 'Your message' },
    errors: [404, 429],
    handler: ({ caller, input }) => caller.messages.messageTeam(input),
  }),
];
