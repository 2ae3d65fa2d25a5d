// What each e-mail of the outbox is (issue 34 point 3): its kind by template, and for the ones that
// hold a single-use secret link (never shown in the outbox) what that link is.
import { humanize } from './format.ts';

const SECRET_LINKS: Record<string, string> = {
  password_reset: 'a single-use password reset link',
  suspension_notice: 'a single-use appeal link (suspension notice)',
  ban_notice: 'a single-use appeal link (ban notice)',
};

const KIND_LABELS: Record<string, string> = {
  password_reset: 'Password reset',
  suspension_notice: 'Suspension notice',
  ban_notice: 'Ban notice',
  appeal_decided: 'Appeal decision',
};

/** "Suspension notice", "Password reset", or the template's words ("Prototype approved"). */
export const emailKindLabel = (template: string) => KIND_LABELS[template] ?? humanize(template);

/** What the outbox shows instead of a body that holds a secret link. */
export const hiddenBodyText = (template: string) => `This e-mail contains ${SECRET_LINKS[template] ?? 'a single-use secret link'} and is not shown here.`;
