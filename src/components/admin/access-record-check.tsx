// The access record's check (issue 31, point 7; ADR 0047): one button on the Activity tab, for admins
// with `permissions.manage`, that asks the server to walk the chain and says what it found.
import { trpc } from '~/client/trpc.ts';
import { useCapability } from '~/client/use-capability.ts';
import { serverMessage } from '~/client/errors.ts';
import { formatNumber } from '~/shared/format.ts';

export function AccessRecordCheck() {
  const allowed = useCapability('permissions.manage').allowed;
  // Run on demand only: the check reads every row.
  const check = trpc.audit.verify.useQuery(undefined, { enabled: false, retry: false, gcTime: 0 });
  if (!allowed) return null;
  const verdict = check.data;
  return (
    <section
      aria-labelledby="access-record-heading"
      className="mb-4 flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <h3 id="access-record-heading" className="font-semibold">
          Access record
        </h3>
        <p className="text-sm text-base-content/70">Each document access, page view, acceptance and attestation carries the hash of the row before it.</p>
        <p role="status" aria-live="polite" className="mt-1 text-sm" data-testid="access-record-verdict">
          {check.isFetching ? (
            'Checking every row…'
          ) : check.isError ? (
            <span className="text-error">{serverMessage(check.error, 'The check could not run.')}</span>
          ) : verdict?.ok === true ? (
            <span className="font-medium">Intact: {formatNumber(verdict.rows)} rows, each as written.</span>
          ) : verdict?.ok === false ? (
            <span className="font-medium text-error">Broken at row {verdict.firstBrokenId}: a row was changed or removed.</span>
          ) : null}
        </p>
      </div>
      <button type="button" className="btn btn-outline btn-sm shrink-0" onClick={() => void check.refetch()} disabled={check.isFetching}>
        {check.isFetching && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Check the access record
      </button>
    </section>
  );
}
