// The profile's "Permissions" card: what an administrator has taken away from the user, until when and why.
import { trpc } from '~/client/trpc.ts';
import { formatUtcDateTime } from '~/shared/format.ts';

export function MyPermissionsCard() {
  const mine = trpc.permissions.mine.useQuery();
  const revoked = mine.data?.filter((c) => !c.allowed && c.source === 'override') ?? [];
  if (revoked.length === 0) return null;
  return (
    <section className="mt-6 rounded-box border border-base-300 p-5 sm:p-6" aria-labelledby="my-permissions-heading" data-testid="my-permissions-card">
      <h2 id="my-permissions-heading" className="text-lg font-semibold">
        Permissions
      </h2>
      <p className="mt-1 text-sm text-base-content/70">An administrator has limited what your account can do:</p>
      <ul className="mt-3 list-disc space-y-1 pl-5">
        {revoked.map((c) => (
          <li key={c.permission}>
            {c.label} (<code>{c.permission}</code>) — {c.until ? `until ${formatUtcDateTime(c.until)}` : 'until further notice'}
            {c.reason && <span className="block text-sm text-base-content/75">Reason: {c.reason}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
