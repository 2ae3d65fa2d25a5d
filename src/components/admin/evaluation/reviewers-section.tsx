// Reviewers and lead (issue 14, point 3): who scores, whose scorecard is in, and the assignment form
// (checked by the shared reviewers schema; its list of ids is not a text field, so no useZodForm).
// The form ranks administrators as the server's suggestions do (expertise, then open load) and shows
// those in conflict with the seller disabled, with the reason (issue 33, ADR 0049); only the lead
// (or anyone while there is no lead) sees it.
import { type FormEvent, useState } from 'react';
import { trpc } from '~/client/trpc.ts';
import { Spinner } from '~/components/spinner.tsx';
import { fullName } from '~/shared/format.ts';
import { reviewersForm } from '~/shared/schemas/evaluation.ts';
import type { Evaluation } from './score-fields.tsx';
import { useEvaluationFeedback } from './use-evaluation-feedback.ts';
import { SectionCard } from '~/components/list-card.tsx';

export function ReviewersSection({ evaluation: e }: { evaluation: Evaluation }) {
  const admins = trpc.admin.admins.useQuery();
  const suggestions = trpc.conflicts.suggestions.useQuery({ id: e.id });
  const conflicts = trpc.conflicts.forPrototype.useQuery({ id: e.id });
  const utils = trpc.useUtils();
  // The team is `admin.admins` (admins not banned): a reviewer or lead no longer on it keeps no hold
  // on the panel (the server's lockPanelFor), and can be taken off it here.
  const onTeam = (id: string) => admins.data?.some((admin) => admin.id === id) ?? true;
  const offTeam = e.reviewers.filter((r) => !onTeam(r.id));
  const mayChange = e.leadId === null || e.viewer.isLead || !onTeam(e.leadId);
  const [chosen, setChosen] = useState<string[]>(e.reviewers.map((r) => r.id));
  const [lead, setLead] = useState(e.leadId ?? '');
  const [error, setError] = useState<string | undefined>();
  const save = trpc.evaluation.setReviewers.useMutation(useEvaluationFeedback(e.id, 'Reviewers saved'));
  const toggle = (adminId: string, on: boolean) => {
    setChosen((list) => (on ? [...list, adminId] : list.filter((x) => x !== adminId)));
    if (!on && lead === adminId) setLead('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length > 0 && !chosen.includes(lead)) return setError('Choose the lead among the reviewers');
    const parsed = reviewersForm.safeParse({ reviewerIds: chosen, leadId: lead });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate({ id: e.id, ...parsed.data }, { onSettled: () => void utils.conflicts.invalidate() });
  };
  const loading = admins.data === undefined || suggestions.data === undefined || conflicts.data === undefined;
  const rank = new Map((suggestions.data ?? []).map((s, index) => [s.adminId, { ...s, index }]));
  const conflictOf = new Map((conflicts.data ?? []).map((c) => [c.adminId, c.reasons]));
  const ranked = [...(admins.data ?? [])].sort((a, b) => (rank.get(a.id)?.index ?? Infinity) - (rank.get(b.id)?.index ?? Infinity));
  return (
    <SectionCard titleId="reviewers-title" title="Reviewers">
      {e.reviewers.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Current reviewers">
          {e.reviewers.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-2 rounded-box border border-base-300 px-3 py-1.5 text-sm" data-testid="reviewer-chip">
              <span className="font-medium">{r.name}</span>
              {r.lead && <span className="badge badge-primary badge-sm">Lead</span>}
              <span className={`badge badge-sm ${r.submitted ? 'badge-success' : 'badge-ghost'}`}>{r.submitted ? 'Scorecard in' : 'No scorecard yet'}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-base-content/70">No reviewers assigned yet.</p>
      )}
      {!mayChange ? (
        <p className="mt-4 text-sm text-base-content/70">Only the lead reviewer changes the reviewers or the lead.</p>
      ) : (
        <form onSubmit={submit} className="mt-4" noValidate aria-label="Assign reviewers">
          <fieldset>
            <legend className="text-sm font-medium">Assign reviewers (administrators) and choose the lead</legend>
            <p className="text-xs text-base-content/70">Ranked by expertise in this energy type, then by fewest open reviews.</p>
            {loading ? (
              <Spinner label="Loading administrators" className="py-4" />
            ) : (
              <ul className="mt-2 flex flex-col gap-2">
                {ranked.map((admin) => {
                  const name = fullName(admin);
                  const reasons = conflictOf.get(admin.id);
                  const suggestion = rank.get(admin.id);
                  const detailsId = `reviewer-details-${admin.id}`;
                  return (
                    <li key={admin.id} className="flex flex-wrap items-center gap-4" data-testid="reviewer-option">
                      <label className={`flex items-center gap-2 ${reasons ? 'cursor-not-allowed opacity-80' : 'cursor-pointer'}`}>
                        <input
                          type="checkbox"
                          className="checkbox checkbox-sm"
                          checked={chosen.includes(admin.id)}
                          disabled={reasons !== undefined && !chosen.includes(admin.id)}
                          aria-describedby={detailsId}
                          onChange={(ev) => toggle(admin.id, ev.target.checked)}
                        />
                        <span>
                          {name} <span className="text-xs text-base-content/70">{admin.email}</span>
                        </span>
                      </label>
                      <span id={detailsId} className="flex flex-wrap items-center gap-2 text-xs">
                        {reasons ? (
                          <span className="badge badge-warning badge-sm h-auto whitespace-normal py-0.5" data-testid="conflict-reason">
                            Conflict of interest: {reasons.map((r) => r.message).join('; ')}
                          </span>
                        ) : suggestion ? (
                          <>
                            <span className={`badge badge-sm ${suggestion.expertiseMatch ? 'badge-success' : 'badge-ghost'}`}>
                              {suggestion.expertiseMatch ? 'Expertise match' : 'No expertise match'}
                            </span>
                            <span className="badge badge-ghost badge-sm">
                              {suggestion.openLoad} open {suggestion.openLoad === 1 ? 'review' : 'reviews'}
                            </span>
                          </>
                        ) : null}
                      </span>
                      <label className="flex cursor-pointer items-center gap-1 text-sm">
                        <input
                          type="radio"
                          name="lead"
                          className="radio radio-sm"
                          checked={lead === admin.id}
                          disabled={!chosen.includes(admin.id)}
                          onChange={() => setLead(admin.id)}
                          aria-label={`Lead: ${name}`}
                        />
                        Lead
                      </label>
                    </li>
                  );
                })}
                {offTeam.map((r) => (
                  <li key={r.id} className="flex flex-wrap items-center gap-4" data-testid="reviewer-off-team">
                    <label className="flex cursor-pointer items-center gap-2">
                      <input
                        type="checkbox"
                        className="checkbox checkbox-sm"
                        checked={chosen.includes(r.id)}
                        disabled={!chosen.includes(r.id)}
                        onChange={(ev) => toggle(r.id, ev.target.checked)}
                      />
                      <span>
                        {r.name} <span className="text-xs text-base-content/70">no longer on the admin team: untick to take them off</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
          {error && (
            <p className="mt-2 text-sm text-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-sm mt-3" disabled={save.isPending} aria-busy={save.isPending}>
            Save reviewers
          </button>
        </form>
      )}
    </SectionCard>
  );
}
