// Every admin action on one prototype, on its one admin page (issue 34, point 7): the status
// transitions of the workflow table, the stage moves of the stage table, Manage, a question to the
// seller and a message. Each action the rules forbid now is disabled with the rules' reason (point 6).
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { trpc } from '~/client/trpc.ts';
import { formatUsd, stateLabel } from '~/shared/format.ts';
import { PROTOTYPE_ACTIONS, PROTOTYPE_ACTION_NAMES, type PrototypeAction, actionRefusal } from '~/shared/prototype-workflow.ts';
import { useAdminFeedback } from '../admin-toasts.ts';
import { GuardedButton } from '../guarded-button.tsx';
import { InfoRequestExchange } from '../info-requests.tsx';
import { ConfirmTransitionDialog, ReviseQuoteDialog, StageMoveButtons } from '../lifecycle-dialogs.tsx';
import { ManageDialog, QuoteDialog, RejectDialog, RejectQuoteDialog } from '../prototype-dialogs.tsx';
import type { Evaluation } from './score-fields.tsx';
import { SectionCard } from '~/components/list-card.tsx';

type AdminAction = Exclude<PrototypeAction, 'respondToQuote'>;
type DialogKind = 'reject' | 'rejectQuote' | 'quote' | 'manage' | 'reviseQuote' | 'startDevelopment' | 'markDeployed';
const ADMIN_ACTIONS = PROTOTYPE_ACTION_NAMES.filter((a): a is AdminAction => PROTOTYPE_ACTIONS[a].actor === 'admin');

const STYLE: Record<AdminAction, string> = {
  startReview: 'btn-outline',
  approve: 'btn-success',
  reject: 'btn-error',
  quote: 'btn-primary',
  acceptQuote: 'btn-success',
  rejectQuote: 'btn-error btn-outline',
  reviseQuote: 'btn-primary btn-outline',
  startDevelopment: 'btn-primary',
  markDeployed: 'btn-success',
};

export function PrototypeActions({ evaluation: e }: { evaluation: Evaluation }) {
  const feedback = useAdminFeedback();
  const approve = trpc.admin.approve.useMutation(feedback('approve'));
  const startReview = trpc.admin.startReview.useMutation(feedback('startReview'));
  const acceptQuote = trpc.admin.acceptQuote.useMutation(feedback('acceptQuote'));
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const close = () => setDialog(null);
  const id = e.id;
  const subject = { status: e.status, atomixQuote: e.atomixQuote, sellerResponse: e.sellerResponse };
  const target = {
    id,
    prototypeName: e.prototypeName,
    priority: e.priority,
    assignedTo: e.leadId,
    assigneeName: e.reviewers.find((r) => r.id === e.leadId)?.name ?? null,
    reviewerComments: e.reviewerComments,
  };
  const quoted = { id, prototypeName: e.prototypeName, atomixQuote: e.atomixQuote, quoteNotes: e.quoteNotes };
  const open = (kind: DialogKind) => () => setDialog(kind);

  const run: Record<AdminAction, { onClick: () => void; pending: boolean }> = {
    startReview: { onClick: () => startReview.mutate({ id }), pending: startReview.isPending },
    approve: { onClick: () => approve.mutate({ id }), pending: approve.isPending },
    reject: { onClick: open('reject'), pending: false },
    quote: { onClick: open('quote'), pending: false },
    acceptQuote: { onClick: () => acceptQuote.mutate({ id, status: 'accepted' }), pending: acceptQuote.isPending },
    rejectQuote: { onClick: open('rejectQuote'), pending: false },
    reviseQuote: { onClick: open('reviseQuote'), pending: false },
    startDevelopment: { onClick: open('startDevelopment'), pending: false },
    markDeployed: { onClick: open('markDeployed'), pending: false },
  };
  const allowed = ADMIN_ACTIONS.filter((a) => actionRefusal(a, subject) === null);
  const refused = ADMIN_ACTIONS.filter((a) => actionRefusal(a, subject) !== null);

  return (
    <SectionCard titleId="actions-title" title="Actions" testId="prototype-actions">
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="text-base-content/70">Quote</dt>
          <dd className="whitespace-nowrap font-semibold tabular-nums">{e.atomixQuote ? formatUsd(e.atomixQuote) : 'none yet'}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-base-content/70">Seller response</dt>
          <dd data-testid="seller-response">{e.sellerResponse ? stateLabel(e.sellerResponse) : 'none yet'}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-base-content/70">Priority</dt>
          <dd>{stateLabel(e.priority)}</dd>
        </div>
      </dl>
      {e.quoteNotes && <p className="mt-1 text-sm text-base-content/70">Quote notes: {e.quoteNotes}</p>}
      {e.reviewerComments && <p className="mt-1 text-sm text-base-content/70">Reviewer comments: {e.reviewerComments}</p>}

      <h3 className="mt-4 text-sm font-semibold">Status</h3>
      <div role="group" aria-label="Status actions" className="mt-2 flex flex-wrap items-start gap-2">
        {allowed.length === 0 && <p className="text-sm text-base-content/70">No status change is possible from {stateLabel(e.status)}.</p>}
        {allowed.map((action) => (
          <GuardedButton key={action} refusal={null} className={`btn-sm ${STYLE[action]}`} testId={`action-${action}`} {...run[action]}>
            {PROTOTYPE_ACTIONS[action].label}
          </GuardedButton>
        ))}
      </div>
      {refused.length > 0 && (
        <details className="mt-3" data-testid="refused-actions">
          <summary className="cursor-pointer text-sm text-base-content/80">Not possible now ({refused.length})</summary>
          <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {refused.map((action) => (
              <GuardedButton key={action} refusal={actionRefusal(action, subject)} className="btn-sm btn-outline" testId={`action-${action}`} {...run[action]}>
                {PROTOTYPE_ACTIONS[action].label}
              </GuardedButton>
            ))}
          </div>
        </details>
      )}

      <h3 className="mt-4 text-sm font-semibold">Stage</h3>
      <div role="group" aria-label="Stage moves" className="mt-2 flex flex-wrap items-start gap-2">
        <StageMoveButtons prototype={{ id, prototypeName: e.prototypeName, status: e.status, stage: e.stage }} explain />
      </div>

      <h3 className="mt-4 text-sm font-semibold">Review and seller</h3>
      <div className="mt-2 flex flex-wrap items-start gap-2">
        <button type="button" className="btn btn-sm btn-ghost" onClick={open('manage')}>
          Manage priority and comments
        </button>
        <Link to="/admin-inbox" search={{ compose: true, prototypeId: id }} className="btn btn-sm btn-ghost">
          Message seller
        </Link>
      </div>
      <InfoRequestExchange prototype={{ id, prototypeName: e.prototypeName, status: e.status, stage: e.stage }} />

      <RejectDialog prototype={dialog === 'reject' ? target : null} onClose={close} />
      <RejectQuoteDialog prototype={dialog === 'rejectQuote' ? target : null} onClose={close} />
      <QuoteDialog prototype={dialog === 'quote' ? target : null} onClose={close} />
      <ManageDialog prototype={dialog === 'manage' ? target : null} onClose={close} />
      <ReviseQuoteDialog prototype={dialog === 'reviseQuote' ? quoted : null} onClose={close} />
      <ConfirmTransitionDialog kind="startDevelopment" prototype={dialog === 'startDevelopment' ? target : null} onClose={close} />
      <ConfirmTransitionDialog kind="markDeployed" prototype={dialog === 'markDeployed' ? target : null} onClose={close} />
    </SectionCard>
  );
}
