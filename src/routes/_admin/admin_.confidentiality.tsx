import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { TermsPage } from '~/components/admin/terms-page.tsx';

/** /admin/confidentiality: the confidentiality terms, their versions and who accepted which (issue 31, point 1). */
export const Route = createFileRoute('/_admin/admin_/confidentiality')({
  head: () => pageHead('Confidentiality terms', 'The terms every administrator accepts before opening confidential content.'),
  loader: ({ context }) => (context.isAdmin ? context.trpc.confidentiality.history.ensureData().catch(() => undefined) : undefined),
  component: TermsPage,
});
