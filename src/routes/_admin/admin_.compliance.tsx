import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { CompliancePage } from '~/components/admin/compliance/compliance-page.tsx';

/** /admin/compliance: denied-party screening hits to decide and the screening list's import (issue 32). */
export const Route = createFileRoute('/_admin/admin_/compliance')({
  head: () => pageHead('Export compliance', 'Denied-party screening hits and the Consolidated Screening List.'),
  component: CompliancePage,
});
