// The admin profile's "Conflicts of interest" card (issue 33, point 1; ADR 0049): the sellers you
// declared a conflict with (you are never assigned their prototypes, and leave their panels at once),
// a form to declare one (search a seller by name or e-mail) and a button to remove each.
import { type FormEvent, useId, useState } from 'react';
import { trpc } from '~/client/trpc.ts';
import { Field } from '~/components/forms/field.tsx';
import { Spinner } from '~/components/spinner.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { formatUtcDateTime, fullName } from '~/shared/format.ts';
import { CONFLICT_REASON_MAX, declareConflictInput } from '~/shared/schemas/conflicts.ts';

export function ConflictsCard() {
  const ids = useId();
  const mine = trpc.conflicts.mine.useQuery();
  const [query, setQuery] = useState('');
  const [sellerId, setSellerId] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const sellers = trpc.admin.users.useQuery({ search: query || undefined, role: 'user', limit: 10 }, { enabled: query.trim().length >= 2 });
  const utils = trpc.useUtils();
  const onError = (e: unknown) => toastError('Something went wrong', e);
  const declare = trpc.conflicts.declare.useMutation({
    onSuccess: async () => {
      toast({ title: 'Conflict of interest declared' });
      setQuery('');
      setSellerId('');
      setReason('');
      await utils.conflicts.invalidate();
      await utils.evaluation.invalidate();
    },
    onError,
  });
  const remove = trpc.conflicts.remove.useMutation({
    onSuccess: async () => {
      toast({ title: 'Conflict removed' });
      await utils.conflicts.invalidate();
    },
    onError,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sellerId) return setError('Choose a seller');
    const parsed = declareConflictInput.safeParse({ sellerId, reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    declare.mutate(parsed.data);
  };

  return (
    <section className="mt-6 rounded-box border border-base-300 p-5 sm:p-6" aria-labelledby={`${ids}-title`} data-testid="conflicts-card">
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        Conflicts of interest
      </h2>
      <p className="mt-1 text-sm text-base-content/70">
        Sellers you must not review: you are never assigned their prototypes, and declaring one takes you off their panels (a scorecard you gave stays on record
        but no longer counts). A shared e-mail domain or organization is found without a declaration.
      </p>
      {mine.data === undefined ? (
        <Spinner label="Loading your conflicts" className="py-4" />
      ) : mine.data.length === 0 ? (
        <p className="mt-3 text-sm">You have declared no conflicts.</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2" aria-label="Your declared conflicts">
          {mine.data.map((c) => (
            <li key={c.id} className="flex flex-wrap items-start justify-between gap-2 rounded-box border border-base-300 px-3 py-2">
              <div className="text-sm">
                <p className="font-medium">
                  {c.sellerName} <span className="text-base-content/70">{c.sellerEmail}</span>
                </p>
                <p>{c.reason}</p>
                <p className="text-xs text-base-content/70">Declared {formatUtcDateTime(c.createdAt)}</p>
              </div>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={remove.isPending}
                onClick={() => remove.mutate({ id: c.id })}
                aria-label={`Remove the conflict with ${c.sellerName}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3" aria-label="Declare a conflict of interest">
        <Field name={`${ids}-search`} label="Seller (search by name or e-mail)">
          <input
            id={`${ids}-search`}
            type="search"
            className="input input-bordered w-full"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setSellerId('');
            }}
          />
        </Field>
        {query.trim().length >= 2 && (
          <Field name={`${ids}-seller`} label="Matching sellers">
            <select id={`${ids}-seller`} className="select select-bordered w-full" value={sellerId} onChange={(e) => setSellerId(e.target.value)}>
              <option value="">{sellers.isFetching ? 'Searching…' : (sellers.data?.items.length ?? 0) === 0 ? 'No seller found' : 'Choose a seller'}</option>
              {(sellers.data?.items ?? []).map((u) => (
                <option key={u.id} value={u.id}>
                  {fullName(u)} · {u.email}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field name={`${ids}-reason`} label="Reason">
          <textarea
            id={`${ids}-reason`}
            className="textarea textarea-bordered w-full"
            rows={2}
            maxLength={CONFLICT_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
        {error && (
          <p className="text-sm text-error" role="alert">
            {error}
          </p>
        )}
        <div>
          <button type="submit" className="btn btn-primary btn-sm" disabled={declare.isPending} aria-busy={declare.isPending}>
            Declare conflict
          </button>
        </div>
      </form>
    </section>
  );
}
