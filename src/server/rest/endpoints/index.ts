// Every documented /api path, each declared once beside its feature (ADR 0029). The app mounts the
// procedure paths and the served ones from this list (adapter.ts); documents.ts and the Stripe
// webhook mount their own, declared here too so the contract and the 405 answers know them.
import { referenceRoutes } from '../api-docs.ts';
import type { RouteDeclaration } from '../define-route.ts';
import { documentRoutes } from '../documents.ts';
import { screeningListRoute } from '../screening-list.ts';
import { adminRoutes } from './admin.ts';
import { adminTeamRoutes } from './admin-team.ts';
import { auditRoutes } from './audit.ts';
import { authRoutes } from './auth.ts';
import { complianceRoutes } from './compliance.ts';
import { conflictRoutes } from './conflicts.ts';
import { confidentialityRoutes } from './confidentiality.ts';
import { evaluationRoutes } from './evaluation.ts';
import { infoRequestRoutes } from './info-requests.ts';
import { ledgerRoutes } from './ledger.ts';
import { messageRoutes } from './messages.ts';
import { moderationRoutes } from './moderation.ts';
import { payoutRoutes } from './payouts.ts';
import { permissionRoutes } from './permissions.ts';
import { prototypeRoutes } from './prototypes.ts';
import { publicRoutes } from './public.ts';
import { reportRoutes } from './reports.ts';
import { supportRoutes } from './support.ts';

export const restRoutes: readonly RouteDeclaration[] = [
  ...authRoutes,
  ...publicRoutes,
  ...prototypeRoutes,
  ...documentRoutes,
  ...adminRoutes,
  ...confidentialityRoutes,
  ...evaluationRoutes,
  ...conflictRoutes,
  ...messageRoutes,
  ...payoutRoutes,
  ...infoRequestRoutes,
  ...supportRoutes,
  ...ledgerRoutes,
  ...reportRoutes,
  ...moderationRoutes,
  ...permissionRoutes,
  ...adminTeamRoutes,
  ...auditRoutes,
  ...complianceRoutes,
  screeningListRoute,
  ...referenceRoutes,
];
