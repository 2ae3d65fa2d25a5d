// The whole API: one router per domain. Its type is what the client's hooks are typed against.
import { createCallerFactory, router } from '../trpc.ts';
import { adminRouter } from './admin.ts';
import { adminTeamRouter } from './admin-team.ts';
import { auditRouter } from './audit.ts';
import { authRouter } from './auth.ts';
import { complianceRouter } from './compliance.ts';
import { conflictsRouter } from './conflicts.ts';
import { confidentialityRouter } from './confidentiality.ts';
import { contactRouter } from './contact.ts';
import { documentAccessRouter } from './document-access.ts';
import { infoRequestsRouter } from './info-requests.ts';
import { evaluationRouter } from './evaluation.ts';
import { messagesRouter } from './messages.ts';
import { moderationRouter } from './moderation.ts';
import { notificationsRouter } from './notifications.ts';
import { passwordResetRouter } from './password-reset.ts';
import { payoutsRouter } from './payouts.ts';
import { permissionsRouter } from './permissions.ts';
import { pipelineRouter } from './pipeline.ts';
import { prototypesRouter } from './prototypes.ts';
import { securityRouter } from './security.ts';
import { supportRouter } from './support.ts';
import { reportsRouter } from './reports.ts';
import { ledgerRouter } from './ledger.ts';
import { liveRouter } from './live.ts';

export const appRouter = router({
  admin: adminRouter,
  adminTeam: adminTeamRouter,
  audit: auditRouter,
  auth: authRouter,
  compliance: complianceRouter,
  conflicts: conflictsRouter,
  confidentiality: confidentialityRouter,
  contact: contactRouter,
  evaluation: evaluationRouter,
  messages: messagesRouter,
  moderation: moderationRouter,
  notifications: notificationsRouter,
  passwordReset: passwordResetRouter,
  payouts: payoutsRouter,
  pipeline: pipelineRouter,
  prototypes: prototypesRouter,
  security: securityRouter,
  support: supportRouter,
  reports: reportsRouter,
  ledger: ledgerRouter,
  live: liveRouter,
  infoRequests: infoRequestsRouter,
  documentAccess: documentAccessRouter,
  permissions: permissionsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
