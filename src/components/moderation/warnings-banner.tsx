// The warned user's dashboard banner (issue 15, ADR 0016): each active, unexpired warning until they
// acknowledge it.
import { trpc } from '~/client/trpc.ts';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { formatDateTime } from '~/shared/format.ts';

export function WarningsBanner() {
  const warnings = trpc.moderation.myWarnings.useQuery();
  const utils = trpc.useUtils();
  const acknowledge = trpc.moderation.acknowledge.useMutation({
    onSuccess: () => {
      toast({ title: 'Warning acknowledged' });
      return utils.moderation.invalidate();
    },
    onError: (error) => toastError('Could not acknowledge the warning.', error),
  });
  if (!warnings.data || warnings.data.length === 0) return null;
  return (
    <section aria-labelledby="warnings-title" className="flex flex-col gap-3" data-testid="warnings-banner">
      <h2 id="warnings-title" className="sr-only">
        Warnings on your account
      </h2>
      {warnings.data.map((w) => (
        <div key={w.id} role="alert" className="alert alert-warning flex flex-col items-start gap-2 sm:flex-row sm:items-center">
          <div className="flex-1">
            <p className="font-semibold">
              Warning ({w.severity}): {w.title}
            </p>
            {w.description && <p className="whitespace-pre-line text-sm">{w.description}</p>}
            <p className="text-xs">
              Issued {formatDateTime(w.createdAt)}
              {w.expiresAt ? ` · expires ${formatDateTime(w.expiresAt)}` : ''}
            </p>
          </div>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => acknowledge.mutate({ id: w.id })}
            disabled={acknowledge.isPending}
            aria-label={`Acknowledge warning: ${w.title}`}
          >
            Acknowledge
          </button>
        </div>
      ))}
    </section>
  );
}
