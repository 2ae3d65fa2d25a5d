// The last sign-in attempts on the account, successful or not, so a person notices someone else's.
import { trpc } from '~/client/trpc.ts';
import { QueryView } from '~/components/query-view.tsx';
import { ScrollRegion, TableHead } from '~/components/list-card.tsx';
import { formatDateTime } from '~/shared/format.ts';

const ON_WIDE_SCREENS = 'hidden sm:table-cell';
const COLUMNS = ['Time', 'Result', { label: 'Address', className: ON_WIDE_SCREENS }, { label: 'Browser', className: ON_WIDE_SCREENS }];
const FAILURE_TEXT = { password: 'Failed: wrong password', code: 'Failed: wrong authentication code' } as const;

export function SignInAttemptsCard() {
  const attempts = trpc.security.signInAttempts.useQuery();
  return (
    <section className="mt-6 rounded-box border border-base-300 p-5 sm:p-6" aria-labelledby="attempts-heading" data-testid="sign-in-attempts-card">
      <h3 id="attempts-heading" className="text-lg font-semibold">
        Recent sign-in attempts
      </h3>
      <QueryView query={attempts} what="sign-in attempts" empty="No sign-in attempts yet.">
        {(rows) => (
          <ScrollRegion label="Sign-in attempts table (scrolls sideways)" className="mt-4">
            <table className="table table-sm">
              <TableHead columns={COLUMNS} />
              <tbody>
                {rows.map((attempt) => (
                  <tr key={attempt.id}>
                    <td>
                      <span className="whitespace-nowrap">{formatDateTime(attempt.at)}</span>
                      {/* On a phone the address and browser go under the time, so the table fits the screen. */}
                      <span className="mt-0.5 block text-xs text-base-content/75 sm:hidden">
                        {attempt.ipAddress ?? 'Unknown address'} · {attempt.browser} on {attempt.os}
                      </span>
                    </td>
                    <td>
                      {attempt.failure ? (
                        <span className="badge badge-error badge-sm h-auto py-0.5 sm:whitespace-nowrap">{FAILURE_TEXT[attempt.failure]}</span>
                      ) : (
                        <span className="badge badge-success badge-sm">Success</span>
                      )}
                    </td>
                    <td className="hidden sm:table-cell">{attempt.ipAddress ?? 'Unknown'}</td>
                    <td className="hidden sm:table-cell">
                      {attempt.browser} on {attempt.os}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </QueryView>
    </section>
  );
}
