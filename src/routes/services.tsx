import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { ServicesPage } from '~/components/marketing/services-page.tsx';

export const Route = createFileRoute('/services')({
  head: () =>
    pageHead(
      'Services',
      'Prototype acquisition, research and development, and sustainable energy solutions, in a four-step process from discovery to deployment.',
    ),
  component: ServicesPage,
});
