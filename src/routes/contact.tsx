import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { ContactPage } from '~/components/marketing/contact-page.tsx';

export const Route = createFileRoute('/contact')({
  head: () => pageHead('Contact', 'Get in touch with Atomix Energy about prototype submissions, partnerships or investment opportunities.'),
  component: ContactPage,
});
