// The admin user page's moderation section (issue 15, ADR 0016): actions (Warn, Suspend, Lift,
// Resolve) and the whole history, newest first (what an admin acts on), with each appeal and its decision.
import { useState } from 'react';
import { type RouterOutputs, trpc } from '~/client/trpc.ts';
import { QueryView } from '~/components/query-view.tsx';
import { SectionCard } from '~/components/list-card.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { formatDateTime, stateLabel } from '~/shared/format.ts';
import { AppealDecision } from '../appeal-decision.tsx';
import { LiftSuspensionDialog, SuspendDialog, WarnDialog } from './moderation-dialogs.tsx';

type Entry = RouterOutputs['moderation']['history'][number];

const KIND_LABEL: Record<Entry['kind'], string> = { warning: 'Warning', restriction: 'Restriction', suspension: 'Suspension', ban: 'Ban', appeal: 'Appeal' };
const KIND_BADGE: Record<Entry['kind'], string> = {
  warning: 'badge-warning',
  restriction: 'badge-warning',
  suspension: 'badge-error',
  ban: 'badge-error',
  appeal: 'badge-info',
};

export function ModerationSection({ user }: { user: { id: string; name: string; role: string } }) {
  const history = trpc.moderation.history.useQuery({ id: user.id });
  const [dialog, setDialog] = useState<'warn' | 'suspend' | null>(null);
  const isAdmin = user.role === 'admin';
  return (
    <SectionCard
      titleId="moderation-title"
      title="Moderation history"
      testId="moderation-section"
      aside={
        isAdmin ? (
          <p className="text-sm text-base-content/70">Administrators cannot be warned or suspended.</p>
        ) : (
          <div className="flex gap-2" role="group" aria-label="Moderation actions">
            <button type="button" className="btn btn-warning btn-sm" onClick={() => setDialog('warn')}>
              Warn
            </button>
            <button type="button" className="btn btn-error btn-sm" onClick={() => setDialog('suspend')}>
              Suspend
            </button>
          </div>
        )
      }
    >
      <QueryView query={history} what="moderation history" empty="No warnings, restrictions, suspensions, bans or appeals.">
        {(entries) => (
          <ol className="mt-4 flex flex-col gap-3 border-l-2 border-base-300 pl-4" aria-label="Moderation history, newest first">
            {[...entries].reverse().map((entry) => (
              <li key={`${entry.kind}-${entry.id}`} data-testid="moderation-entry" data-kind={entry.kind}>
                <HistoryItem entry={entry} user={user} />
              </li>
            ))}
          </ol>
        )}
      </QueryView>
      {!isAdmin && (
        <>
          <WarnDialog user={user} open={dialog === 'warn'} onClose={() => setDialog(null)} />
          <SuspendDialog user={user} open={dialog === 'suspend'} onClose={() => setDialog(null)} />
        </>
      )}
    </SectionCard>
  );
}

function HistoryItem({ entry, user }: { entry: Entry; user: { id: string; name: string } }) {
  const userId = user.id;
  const utils = trpc.useUtils();
  const done = (title: string) => ({
    onSuccess: async () => {
      toast({ title, description: 'The user has been notified.' });
      await utils.invalidate();
    },
    onError: (error: unknown) => toastError('The action failed.', error),
  });
  const resolve = trpc.moderation.resolveWarning.useMutation(done('Warning resolved'));
  const [lifting, setLifting] = useState(false);
  const activate = trpc.admin.updateUserStatus.useMutation(done(entry.kind === 'ban' ? 'Ban lifted' : 'Restriction lifted'));
  const label = `${KIND_LABEL[entry.kind]} #${entry.id}`;
  return (
    <article aria-label={label} className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`badge badge-sm ${KIND_BADGE[entry.kind]}`}>{KIND_LABEL[entry.kind]}</span>
        <span className="badge badge-sm badge-outline">{stateLabel(entry.status)}</span>
        {entry.severity && <span className="badge badge-sm badge-ghost">{stateLabel(entry.severity)}</span>}
        <time className="text-xs text-base-content/75" dateTime={entry.at.toISOString()}>
          {formatDateTime(entry.at)}
        </time>
      </div>
      <p className="font-medium">{entry.title}</p>
      {entry.description && <p className="whitespace-pre-line text-sm text-base-content/80">{entry.description}</p>}
      <p className="text-xs text-base-content/75">
        {entry.byAdmin ? `By ${entry.byAdmin}` : ''}
        {entry.warningType ? ` · ${stateLabel(entry.warningType)}` : ''}
        {entry.until ? ` · ${entry.kind === 'warning' ? 'expires' : 'until'} ${formatDateTime(entry.until)}` : ''}
        {entry.endedAt ? ` · ended ${formatDateTime(entry.endedAt)}` : ''}
      </p>
      {entry.kind === 'warning' && (entry.status === 'active' || entry.status === 'acknowledged') && (
        <RowAction text="Resolve" label={label} pending={resolve.isPending} onClick={() => resolve.mutate({ id: entry.id })} />
      )}
      {entry.kind === 'suspension' && entry.status === 'running' && <RowAction text="Lift" label={label} pending={lifting} onClick={() => setLifting(true)} />}
      {/* Stays open when a live update ends the suspension meanwhile: the reason typed is kept and sending it says why it is refused. */}
      {entry.kind === 'suspension' && (entry.status === 'running' || lifting) && (
        <LiftSuspensionDialog user={user} suspensionId={entry.id} open={lifting} onClose={() => setLifting(false)} />
      )}
      {(entry.kind === 'restriction' || entry.kind === 'ban') && entry.status === 'running' && (
        <RowAction
          text="Lift"
          label={label}
          pending={activate.isPending}
          onClick={() => activate.mutate({ id: userId, status: 'active', banReason: null, restrictedUntil: null })}
        />
      )}
      {entry.kind === 'appeal' && entry.appeal && (
        <div className="mt-1 rounded-box bg-base-200 p-3">
          <AppealDecision ticketId={entry.appeal.ticketId} appeal={entry.appeal} />
        </div>
      )}
      {entry.kind !== 'appeal' && entry.appeal && <p className="text-xs">Appealed {formatDateTime(entry.appeal.createdAt)} (see the appeal below)</p>}
    </article>
  );
}

function RowAction({ text, label, pending, onClick }: { text: string; label: string; pending: boolean; onClick: () => void }) {
  return (
    <button type="button" className="btn btn-outline btn-xs self-start" disabled={pending} onClick={onClick} aria-label={`${text} ${label}`}>
      {text}
    </button>
  );
}
