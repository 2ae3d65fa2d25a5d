import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { TokenAppealScreen } from '~/components/moderation/token-appeal.tsx';

/** A suspended or banned user's account status and appeal: the e-mailed link /appeal?token=..., or after a refused sign-in (ADR 0016, 0030). */
export const Route = createFileRoute('/appeal')({
  head: () => pageHead('Account status', 'Why your Atomix Energy account is suspended or banned, and your appeal.'),
  component: TokenAppealScreen,
});
