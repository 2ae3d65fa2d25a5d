import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { HomePage } from '~/components/marketing/home-page.tsx';

export const Route = createFileRoute('/')({
  head: () =>
    pageHead(
      'Atomix Energy',
      "Powering Tomorrow's Energy Solutions: Atomix Energy acquires, develops and deploys fusion, wind, solar, hydro, geothermal and storage prototypes.",
    ),
  component: HomePage,
});
