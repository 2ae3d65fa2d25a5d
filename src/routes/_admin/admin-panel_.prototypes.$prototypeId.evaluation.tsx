import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { oneOf } from '~/client/search-params.ts';
import { EvaluationPage } from '~/components/admin/evaluation/evaluation-page.tsx';

const ORIGINS = ['board', 'list'] as const;

/**
 * /admin-panel/prototypes/:id/evaluation: the prototype's one admin page (issue 14; issue 34 point 7).
 * `from` says where "back" leads: the pipeline board or the prototype list.
 */
export const Route = createFileRoute('/_admin/admin-panel_/prototypes/$prototypeId/evaluation')({
  validateSearch: (search: Record<string, unknown>): { from?: (typeof ORIGINS)[number] } => {
    const from = oneOf(ORIGINS, search.from);
    return from ? { from } : {};
  },
  head: () => pageHead('Evaluation', 'Every action on the prototype, reviewers, scorecards, the final evaluation and its release.'),
  loader: ({ context, params }) => {
    const id = Number(params.prototypeId);
    return context.isAdmin && Number.isInteger(id) && id > 0 ? context.trpc.evaluation.evaluation.ensureData({ id }).catch(() => undefined) : undefined;
  },
  component: function EvaluationRoute() {
    const { prototypeId } = Route.useParams();
    const { from } = Route.useSearch();
    return <EvaluationPage id={Number(prototypeId)} from={from} />;
  },
});
