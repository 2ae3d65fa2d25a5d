// What a seller sees of export control (issue 32, points 1-2; ADR 0050): a request to answer the
// screening questions (with the form, on the prototype's page) or "Export screening in progress";
// nothing about the answers, the hold or the classification.
import { useId, useState } from 'react';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { trpc } from '~/client/trpc.ts';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { SELLER_SCREENING_NOTICES, type SellerScreeningNotice } from '~/shared/export-control.ts';
import { emptyScreeningForm, screeningFormInput } from '~/shared/schemas/export-control.ts';
import { ScreeningFields } from './screening-fields.tsx';
import { SectionCard } from '~/components/list-card.tsx';

/** A short badge for the dashboard's cards. */
export function ScreeningBadge({ notice }: { notice: SellerScreeningNotice | null }) {
  if (!notice) return null;
  return (
    <span className="badge badge-outline h-auto py-0.5 text-left" data-testid="screening-notice">
      {notice === 'action_needed' ? 'Action needed: export screening' : SELLER_SCREENING_NOTICES.in_progress}
    </span>
  );
}

/** On the seller's prototype page: the notice, and for an unscreened prototype the questions to answer. */
export function ScreeningSection({ prototypeId, notice, canAnswer }: { prototypeId: number; notice: SellerScreeningNotice | null; canAnswer: boolean }) {
  const titleId = useId();
  if (!notice) return null;
  if (notice === 'in_progress') {
    return (
      <p role="status" className="rounded-box border border-base-300 bg-base-100 p-4 font-medium" data-testid="screening-notice">
        {SELLER_SCREENING_NOTICES.in_progress}
      </p>
    );
  }
  return (
    <SectionCard titleId={titleId} title="Action needed" testId="screening-action">
      <p className="mt-1 text-sm">{SELLER_SCREENING_NOTICES.action_needed}</p>
      {canAnswer && <ScreeningAnswerForm prototypeId={prototypeId} />}
    </SectionCard>
  );
}

function ScreeningAnswerForm({ prototypeId }: { prototypeId: number }) {
  const form = useZodForm(screeningFormInput, emptyScreeningForm);
  const utils = trpc.useUtils();
  const answer = trpc.prototypes.exportScreening.useMutation();
  const [busy, setBusy] = useState(false);

  async function submit() {
    const parsed = form.validate();
    if (!parsed) return;
    setBusy(true);
    try {
      await answer.mutateAsync({ id: prototypeId, ...parsed });
      toast({ title: 'Thank you', description: 'Your export screening answers are saved.' });
      await utils.prototypes.invalidate();
    } catch (error) {
      toastError('Your answers could not be saved. Please try again.', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      aria-label="Export screening"
      className="mt-4 flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) void submit();
      }}
    >
      <fieldset disabled={busy} className="min-w-0">
        <ScreeningFields form={form} idPrefix="answer-screening" />
      </fieldset>
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={busy}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Save answers
        </button>
      </div>
    </form>
  );
}
