// The compliance dashboard (issue 32, point 6; ADRs 0050, 0051): prototypes by compliance state with
// the newest of each listed (the admin list has no compliance filter), open screening hits,
// authorizations ending within 30 days, and for each controlled item its release report (every
// release and refusal, with the person's status and the basis) and its CSV.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { type RouterOutputs, trpc } from '~/client/trpc.ts';
import { ScrollRegion, SectionCard, TableHead } from '~/components/list-card.tsx';
import { QueryView } from '~/components/query-view.tsx';
import {
  AUTHORIZATION_EXPIRY_WARNING_DAYS,
  COMPLIANCE_STATE_LABELS,
  type ComplianceState,
  EXPORT_STATUS_LABELS,
  REFUSAL_REASON_LABELS,
  RELEASE_CHANNEL_LABELS,
} from '~/shared/export-control.ts';
import { formatDate, formatDateTime, stateLabel } from '~/shared/format.ts';

type Dashboard = RouterOutputs['compliance']['dashboard'];
type StateGroup = Dashboard['states'][number];

const STATE_HELP: Record<ComplianceState, string> = {
  unscreened: 'The seller has not answered the screening questions yet.',
  hold: 'Waiting for a classification: only compliance officers open the confidential content.',
  controlled: 'Classified controlled: the confidential content opens only to cleared people.',
  not_controlled: 'Classified not controlled, or EAR99 with every answer no on the seller’s word.',
};

export function ComplianceDashboard() {
  const dashboard = trpc.compliance.dashboard.useQuery();
  return (
    <>
      <SectionCard titleId="states-title" title="Prototypes by compliance state" testId="compliance-dashboard">
        <QueryView query={dashboard} what="the compliance figures">
          {(data) => (
            <>
              <ul className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-5" aria-label="Counts">
                {data.states.map((group) => (
                  <li key={group.state} className="rounded-box border border-base-300 p-3">
                    <a href={`#state-${group.state}`} className="link-hover flex flex-col">
                      <span className="text-2xl font-bold" data-testid={`count-${group.state}`}>
                        {group.count}
                      </span>
                      <span className="text-sm">{COMPLIANCE_STATE_LABELS[group.state]}</span>
                    </a>
                  </li>
                ))}
                <li className="rounded-box border border-base-300 p-3">
                  <a href="#hits-title" className="link-hover flex flex-col">
                    <span className="text-2xl font-bold" data-testid="count-open-hits">
                      {data.openHits}
                    </span>
                    <span className="text-sm">Open screening hits</span>
                  </a>
                </li>
              </ul>
              <div className="mt-6 flex flex-col gap-6">
                {data.states.map((group) => (
                  <StateList key={group.state} group={group} />
                ))}
              </div>
            </>
          )}
        </QueryView>
      </SectionCard>
      <ExpiringAuthorizations />
    </>
  );
}

function StateList({ group }: { group: StateGroup }) {
  const titleId = `state-${group.state}`;
  return (
    <div aria-labelledby={titleId} role="group">
      <h3 id={titleId} className="font-semibold">
        {COMPLIANCE_STATE_LABELS[group.state]} ({group.count})
      </h3>
      <p className="text-sm text-base-content/70">{STATE_HELP[group.state]}</p>
      {group.items.length === 0 ? (
        <p className="mt-2 text-sm">None.</p>
      ) : (
        <ul className="mt-2 flex flex-col divide-y divide-base-300" data-testid={`state-list-${group.state}`}>
          {group.items.map((item) => (
            <li key={item.id} className="py-2">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <span>
                  <Link
                    to="/admin-panel/prototypes/$prototypeId/evaluation"
                    params={{ prototypeId: String(item.id) }}
                    search={{}}
                    className="link link-hover font-medium"
                  >
                    {item.prototypeName}
                  </Link>{' '}
                  <span className="text-sm text-base-content/70">
                    by {item.sellerName} · {stateLabel(item.status)} · submitted {formatDate(item.createdAt)}
                  </span>
                </span>
                {item.classification && <span className="badge badge-outline font-mono">{item.classification}</span>}
              </div>
              {group.state === 'controlled' && <ReleaseReport prototypeId={item.id} prototypeName={item.prototypeName} />}
            </li>
          ))}
          {group.count > group.items.length && <li className="py-2 text-sm text-base-content/70">… and {group.count - group.items.length} older ones.</li>}
        </ul>
      )}
    </div>
  );
}

type Release = RouterOutputs['compliance']['releases'][number];

function ReleaseReport({ prototypeId, prototypeName }: { prototypeId: number; prototypeName: string }) {
  const [open, setOpen] = useState(false);
  const regionId = `releases-${prototypeId}`;
  return (
    <div className="mt-2">
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-xs" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen((v) => !v)}>
          {open ? 'Hide the release report' : 'Release report'}
        </button>
        <a className="btn btn-ghost btn-xs" href={`/api/admin/compliance/releases?prototypeId=${prototypeId}&format=csv`} download>
          Download CSV<span className="sr-only"> of the release report of {prototypeName}</span>
        </a>
      </div>
      {open && (
        <div id={regionId} className="mt-2">
          <Releases prototypeId={prototypeId} prototypeName={prototypeName} />
        </div>
      )}
    </div>
  );
}

function Releases({ prototypeId, prototypeName }: { prototypeId: number; prototypeName: string }) {
  const releases = trpc.compliance.releases.useQuery({ prototypeId });
  return (
    <QueryView query={releases} what="the release report" empty="Nothing released or refused yet: each opening of its confidential content is recorded here.">
      {(rows) => (
        <ScrollRegion label="Release report table (scrolls sideways)">
          <table className="table table-sm">
            <caption className="sr-only">Every release and refusal of {prototypeName}, newest first</caption>
            <TableHead columns={['When', 'Person', 'What', 'Outcome', 'Status then', 'Basis or reason']} />
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className="whitespace-nowrap">{formatDateTime(row.at)}</td>
                  <td>
                    <Link to="/admin/users/$userId" params={{ userId: row.userId }} className="link link-hover">
                      {row.userEmail}
                    </Link>
                  </td>
                  <td>
                    {RELEASE_CHANNEL_LABELS[row.channel]}
                    {row.page ? `, page ${row.page}` : ''}
                  </td>
                  <td>
                    <span className={`badge badge-sm ${row.outcome === 'released' ? 'badge-success' : 'badge-error'}`}>
                      {row.outcome === 'released' ? 'Released' : 'Refused'}
                    </span>
                  </td>
                  <td>
                    {EXPORT_STATUS_LABELS[row.status]}
                    {row.citizenships.length > 0 ? ` (${row.citizenships.join(', ')})` : ''}
                  </td>
                  <td>{basisText(row)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </QueryView>
  );
}

function basisText(row: Release) {
  if (row.outcome === 'refused') return row.reason ? REFUSAL_REASON_LABELS[row.reason] : 'Refused';
  if (row.basis === 'authorization') return `Authorization ${row.reference ?? ''}`.trim();
  return 'U.S. person';
}

function ExpiringAuthorizations() {
  const expiring = trpc.compliance.expiringAuthorizations.useQuery();
  return (
    <SectionCard titleId="expiring-title" title={<>Authorizations ending within {AUTHORIZATION_EXPIRY_WARNING_DAYS} days</>}>
      <p className="mt-1 text-sm text-base-content/70">
        Once expired, an authorization no longer clears its holder: record a new one on the person&apos;s page.
      </p>
      <QueryView query={expiring} what="the expiring authorizations" empty={`None ends within ${AUTHORIZATION_EXPIRY_WARNING_DAYS} days.`}>
        {(rows) => (
          <ul className="mt-3 flex flex-col divide-y divide-base-300" data-testid="expiring-authorizations">
            {rows.map((row) => (
              <li key={row.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
                <span>
                  <Link to="/admin/users/$userId" params={{ userId: row.userId }} className="link link-hover font-medium">
                    {row.userName}
                  </Link>{' '}
                  for{' '}
                  <Link
                    to="/admin-panel/prototypes/$prototypeId/evaluation"
                    params={{ prototypeId: String(row.prototypeId) }}
                    search={{}}
                    className="link link-hover"
                  >
                    {row.prototypeName}
                  </Link>{' '}
                  <span className="font-mono">({row.reference})</span>
                </span>
                <span>Ends {formatDate(row.expiresAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </SectionCard>
  );
}
