import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { EvaluationPage } from '~/components/admin/evaluation-page.tsx';

/** /admin-panel/prototypes/:id/evaluation: reviewers, scorecards, final evaluation and release (issue 14). */
export const Route = createFileRoute('/_admin/admin-panel_/prototypes/$prototypeId/evaluation')({
  head: () => pageHead('Evaluation', 'Reviewers, scorecards, the final evaluation and its release.'),
  loader: ({ context, params }) => {
    const id = Number(params.prototypeId);
    return context.isAdmin && Number.isInteger(id) && id > 0 ? context.trpc.evaluation.evaluation.ensureData({ id }).catch(() => undefined) : undefined;
  },
  component: function EvaluationRoute() {
    const { prototypeId } = Route.useParams();
    return <EvaluationPage id={Number(prototypeId)} />;
  },
});
