import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { TechnologyPage } from '~/components/marketing/technology-page.tsx';

export const Route = createFileRoute('/technology')({
  head: () =>
    pageHead('Innovation Timeline', 'Our history since 2021, development progress, a live energy monitor and the roadmap to 1 TW of clean capacity by 2028.'),
  component: TechnologyPage,
});
