import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { AboutPage } from '~/components/marketing/about-page.tsx';

export const Route = createFileRoute('/about')({
  head: () => pageHead('About', 'Our mission, vision and values: fifteen years of turning clean-energy inventions into working power plants.'),
  component: AboutPage,
});
