import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { SubmissionPage } from '~/components/submission/submission-page.tsx';

export const Route = createFileRoute('/prototype-submission')({
  head: () => pageHead('Submit Prototype', 'Submit your energy prototype to Atomix Energy for a confidential review and a fair offer.'),
  loader: async ({ context }) => (await context.api()).auth.me.ensureData(),
  component: SubmissionPage,
});
