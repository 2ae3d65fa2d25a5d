// Where a suspended or banned user lands without a session (sign-in page, "Authentication Required"):
// if this browser holds a proof of a measure (the standing cookie, ADR 0035), say what happened and
// link to the account status page, so a tab the measure signed out tells its user why.
import { Link } from '@tanstack/react-router';
import { trpc } from '~/client/trpc.ts';
import { useHydrated } from '~/client/use-hydrated.ts';
import { standingHeadline, standingQueryOptions } from './token-appeal.tsx';

export function StandingNotice() {
  const hydrated = useHydrated();
  const standing = trpc.moderation.standing.useQuery({}, { ...standingQueryOptions, enabled: hydrated });
  const s = standing.data;
  if (!s || !s.running) return null;
  return (
    <div role="status" className="alert alert-warning mb-4 block space-y-1 text-sm" data-testid="standing-notice">
      <p className="font-semibold">{standingHeadline(s)}</p>
      {s.reason && <p>Reason: {s.reason}</p>}
      <Link to="/appeal" className="link font-medium">
        {s.appeal ? 'See your appeal' : 'See details and appeal'}
      </Link>
    </div>
  );
}
