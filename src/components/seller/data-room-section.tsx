// The seller's data room on their prototype's page (issue 31, points 2 and 5; ADR 0045): which
// administrators attested (when, under which terms version), and withdrawing or restoring one
// administrator's access to the documents and confidential content.
import { trpc } from '~/client/trpc.ts';
import { Spinner } from '~/components/spinner.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { formatUtcDateTime } from '~/shared/format.ts';
import { SectionCard } from '~/components/list-card.tsx';

export function DataRoomSection({ prototypeId }: { prototypeId: number }) {
  const utils = trpc.useUtils();
  const room = trpc.confidentiality.sellerDataRoom.useQuery({ id: prototypeId });
  const done = (title: string) => ({
    onSuccess: () => {
      toast({ title });
      void utils.confidentiality.sellerDataRoom.invalidate({ id: prototypeId });
    },
    onError: (error: unknown) => toastError('Could not change access to your data room', error),
  });
  const revoke = trpc.confidentiality.revoke.useMutation(done('Access withdrawn'));
  const restore = trpc.confidentiality.restore.useMutation(done('Access restored'));
  return (
    <SectionCard titleId="data-room-title" title="Who may open your confidential content" testId="data-room">
      <p className="mt-1 text-sm text-base-content/70">
        Administrators open your description, notes, documents and answers only after accepting the confidentiality terms and attesting, for this prototype,
        that they have no conflict of interest. You can withdraw one administrator&apos;s access at any time.
      </p>
      {!room.data ? (
        <Spinner label="Loading who attested" className="py-6" />
      ) : room.data.admins.length === 0 ? (
        <p className="mt-3 text-sm text-base-content/70">No administrator has attested yet.</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2">
          {room.data.admins.map((a) => (
            <li key={a.adminId} className="flex flex-wrap items-center justify-between gap-2 rounded-field border border-base-300 p-3 text-sm">
              <span>
                <span className="font-medium">{a.name}</span>{' '}
                {a.attestedAt ? (
                  <span className="text-base-content/70">
                    attested {formatUtcDateTime(a.attestedAt)} under terms version {a.termsVersion}
                  </span>
                ) : (
                  <span className="text-base-content/70">has not attested</span>
                )}
                {a.revokedAt && <span className="badge badge-warning badge-sm ml-2">Access withdrawn</span>}
              </span>
              {a.revokedAt ? (
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  disabled={restore.isPending}
                  onClick={() => restore.mutate({ id: prototypeId, adminId: a.adminId })}
                >
                  Restore access<span className="sr-only"> for {a.name}</span>
                </button>
              ) : (
                <button
                  type="button"
                  className="btn btn-sm btn-outline btn-error"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate({ id: prototypeId, adminId: a.adminId })}
                >
                  Withdraw access<span className="sr-only"> for {a.name}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
