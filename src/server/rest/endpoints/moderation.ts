// Moderation and appeals (issue 15, ADR 0016): warnings, suspensions, a user's history, and appeals
// by the user or by the single-use link of a notice (routers/moderation.ts).
import { z } from 'zod';
import {
  appealDecisionInput,
  appealInput,
  issueWarningInput,
  moderationUserInput,
  suspendInput,
  suspensionIdInput,
  tokenAppealInput,
  warningIdInput,
} from '~/shared/schemas/moderation.ts';
import { appeal, moderationEntry, myMeasure, suspension, warning } from '../../domain/views/shapes/moderation.ts';
import { defineRoute } from '../define-route.ts';

const tag = 'Moderation';

export const moderationRoutes = [
  defineRoute('POST /api/admin/users/:id/warnings', {
    access: 'admin',
    tag,
    summary: 'Warn a user (not an administrator): type, severity, title, description, optional future expiry',
    description: 'The user is notified (and e-mailed) and sees the warning on their dashboard until they acknowledge it. Needs `users.manage`.',
    input: issueWarningInput,
    status: 201,
    output: { shape: warning, description: 'The warning' },
    handler: ({ caller, input }) => caller.moderation.warn(input),
  }),
  defineRoute('PATCH /api/admin/warnings/:id/resolve', {
    access: 'admin',
    tag,
    summary: 'Resolve an active warning (the user is notified)',
    input: warningIdInput,
    output: { shape: warning, description: 'The resolved warning' },
    errors: [409],
    handler: ({ caller, input }) => caller.moderation.resolveWarning(input),
  }),
  defineRoute('GET /api/warnings', {
    access: 'user',
    tag,
    summary: 'Your active warnings: not resolved, not expired, not acknowledged (newest first)',
    output: { shape: z.array(warning), description: 'Your active warnings' },
    handler: ({ caller }) => caller.moderation.myWarnings(),
  }),
  defineRoute('PATCH /api/warnings/:id/acknowledge', {
    access: 'user',
    tag,
    summary: 'Acknowledge one of your warnings (it leaves the banner; acknowledging again answers the same)',
    input: warningIdInput,
    output: { shape: warning, description: 'The acknowledged warning' },
    handler: ({ caller, input }) => caller.moderation.acknowledge(input),
  }),
  defineRoute('POST /api/admin/users/:id/suspensions', {
    access: 'admin',
    tag,
    summary: 'Suspend a user (not an administrator) until a future end date',
    description:
      'Every session of the user ends and sign-in is refused (403, with the reason and end date) until the end date, when the suspension ends by itself. ' +
      'The notice e-mail carries a single-use appeal link. 409 while another suspension runs.',
    input: suspendInput,
    status: 201,
    output: { shape: suspension, description: 'The suspension' },
    errors: [409],
    handler: ({ caller, input }) => caller.moderation.suspend(input),
  }),
  defineRoute('PATCH /api/admin/suspensions/:id/lift', {
    access: 'admin',
    tag,
    summary: 'Lift a running suspension early (the user is notified)',
    input: suspensionIdInput,
    output: { shape: suspension, description: 'The lifted suspension' },
    errors: [409],
    handler: ({ caller, input }) => caller.moderation.liftSuspension(input),
  }),
  defineRoute('GET /api/admin/users/:id/moderation', {
    access: 'admin',
    tag,
    summary: "A user's moderation history, oldest first: warnings, restrictions, suspensions, bans and appeals",
    input: moderationUserInput,
    output: { shape: z.array(moderationEntry), description: 'The history' },
    handler: ({ caller, input }) => caller.moderation.history(input),
  }),
  defineRoute('GET /api/measures', {
    access: 'user',
    tag,
    summary: 'Your measures of the appeal window (and older ones you appealed), newest first, with whether each can be appealed',
    output: { shape: z.array(myMeasure), description: 'Your measures' },
    handler: ({ caller }) => caller.moderation.myMeasures(),
  }),
  defineRoute('POST /api/appeals', {
    access: 'user',
    tag,
    summary: 'Appeal one of your measures (once per measure, within 20 days of it)',
    description: '404 if the measure is not yours; 409 if it was already appealed or the 20-day window has closed.',
    body: appealInput,
    status: 201,
    output: { shape: appeal, description: 'The appeal (a support ticket of category appeal)' },
    errors: [404, 409],
    handler: ({ caller, input }) => caller.moderation.appeal(input),
  }),
  defineRoute('POST /api/appeals/by-token', {
    access: 'public',
    tag,
    summary: 'Appeal with the single-use link of a suspension or ban notice (no sign-in)',
    description: '400 when the link was already used, has expired or was never issued; 409 when the measure was already appealed.',
    body: tokenAppealInput,
    status: 201,
    output: { shape: appeal, description: 'The appeal' },
    errors: [409, 429],
    handler: ({ caller, input }) => caller.moderation.appealByToken(input),
  }),
  defineRoute('PATCH /api/admin/appeals/:id', {
    access: 'admin',
    tag,
    summary: 'Decide an appeal (by its ticket id): upheld, or reversed (the measure is lifted); once',
    input: appealDecisionInput,
    output: { shape: appeal, description: 'The decided appeal' },
    errors: [409],
    handler: ({ caller, input }) => caller.moderation.decideAppeal(input),
  }),
];
