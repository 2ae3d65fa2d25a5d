import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { TokenAppealScreen } from '~/components/moderation/token-appeal.tsx';

/** The e-mailed appeal link of a suspension or ban notice: /appeal?token=... (ADR 0016). */
export const Route = createFileRoute('/appeal')({
  head: () => pageHead('Appeal a measure', 'Appeal a suspension or ban of your Atomix Energy account.'),
  component: TokenAppealScreen,
});
