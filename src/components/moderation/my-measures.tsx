// The user's measures of the appeal window on their dashboard (issue 15, ADR 0016): each with its
// appeal, or an Appeal button while the window is open.
import { useState } from 'react';
import { type RouterOutputs, trpc } from '~/client/trpc.ts';
import { ModalDialog } from '~/components/modal-dialog.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { formatDate } from '~/shared/format.ts';
import { APPEAL_WINDOW_DAYS } from '~/shared/moderation.ts';
import { AppealMessageForm } from './appeal-form.tsx';
import { SectionCard } from '~/components/list-card.tsx';

type Measure = RouterOutputs['moderation']['myMeasures'][number];

const KIND_LABEL = { warning: 'Warning', restriction: 'Restriction', suspension: 'Suspension', ban: 'Ban' } as const;

export function appealStatusLabel(appeal: NonNullable<Measure['appeal']>) {
  if (appeal.outcome === 'reversed') return 'Appeal accepted: the measure was lifted';
  if (appeal.outcome === 'upheld') return 'Appeal reviewed: the measure stays';
  return 'Appeal sent: awaiting a decision';
}

export function MyMeasuresPanel() {
  const measures = trpc.moderation.myMeasures.useQuery();
  const [appealing, setAppealing] = useState<Measure | null>(null);
  if (!measures.data || measures.data.length === 0) return null;
  return (
    <SectionCard titleId="my-measures-title" title="Account measures" testId="my-measures">
      <p className="mt-1 text-sm text-base-content/70">{`Each measure can be appealed once, within ${APPEAL_WINDOW_DAYS} days.`}</p>
      <ul className="mt-3 flex flex-col gap-3">
        {measures.data.map((m) => (
          <li key={`${m.measureType}-${m.measureId}`} className="flex flex-col gap-1 rounded-box border border-base-300 p-3">
            <p className="font-medium">
              {KIND_LABEL[m.measureType]}: {m.title}
            </p>
            <p className="text-xs text-base-content/75">
              {formatDate(m.takenAt)}
              {m.canAppeal ? ` · appeal until ${formatDate(m.appealDeadline)}` : ''}
            </p>
            {m.appeal ? (
              <p className="text-sm">
                {appealStatusLabel(m.appeal)}
                {m.appeal.resolution ? <span className="block whitespace-pre-line text-base-content/80">{m.appeal.resolution}</span> : null}
              </p>
            ) : m.canAppeal ? (
              <button
                type="button"
                className="btn btn-outline btn-sm self-start"
                onClick={() => setAppealing(m)}
                aria-label={`Appeal ${KIND_LABEL[m.measureType].toLowerCase()}: ${m.title}`}
              >
                Appeal
              </button>
            ) : (
              <p className="text-sm text-base-content/70">The appeal window has closed.</p>
            )}
          </li>
        ))}
      </ul>
      <ModalDialog
        open={!!appealing}
        onClose={() => setAppealing(null)}
        title="Appeal a measure"
        description={appealing && `${KIND_LABEL[appealing.measureType]}: ${appealing.title}. You can appeal once; an administrator will review it.`}
      >
        {appealing && <AppealDialogForm measure={appealing} onDone={() => setAppealing(null)} />}
      </ModalDialog>
    </SectionCard>
  );
}

function AppealDialogForm({ measure, onDone }: { measure: Measure; onDone: () => void }) {
  const utils = trpc.useUtils();
  const appeal = trpc.moderation.appeal.useMutation({
    onSuccess: async () => {
      toast({ title: 'Appeal sent', description: 'An administrator will review it; you will be notified of the decision.' });
      await utils.moderation.invalidate();
      onDone();
    },
    onError: (error) => toastError('Could not send the appeal.', error),
  });
  return (
    <AppealMessageForm
      pending={appeal.isPending}
      onCancel={onDone}
      onSubmit={(message) => appeal.mutate({ measureType: measure.measureType, measureId: measure.measureId, message })}
    />
  );
}
