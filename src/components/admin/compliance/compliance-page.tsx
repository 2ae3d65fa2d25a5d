// The compliance officers' page (issue 32, points 5 and 6; ADRs 0050, 0051): the dashboard (prototypes
// by compliance state, expiring authorizations, release reports), open denied-party screening hits
// with their decision, and the Consolidated Screening List's import (a CSV file) with its history.
// Needs compliance.manage; others see why not.
import { Link } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { Field, controlOf } from '~/components/forms/field.tsx';
import { type RouterOutputs, trpc } from '~/client/trpc.ts';
import { useCapability } from '~/client/use-capability.ts';
import { SectionCard, TableHead } from '~/components/list-card.tsx';
import { QueryView } from '~/components/query-view.tsx';
import { Spinner } from '~/components/spinner.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { type HitDecision, NOT_LEGAL_ADVICE } from '~/shared/export-control.ts';
import { formatDateTime, stateInSentence } from '~/shared/format.ts';
import { COMPLIANCE_NOTE_MAX } from '~/shared/schemas/export-control.ts';
import { ComplianceDashboard } from './compliance-dashboard.tsx';

export function CompliancePage() {
  const capability = useCapability('compliance.manage');
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <Link to="/admin-panel" className="link link-hover text-sm">
          ← Admin Panel
        </Link>
        <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Export compliance</h1>
        <p className="mt-1 text-base-content/70">
          Prototypes by export compliance state, who may see controlled items, and denied-party screening of users against the Consolidated Screening List.{' '}
          {NOT_LEGAL_ADVICE}
        </p>
      </div>
      {capability.allowed === null ? (
        <Spinner label="Loading" className="py-16" />
      ) : capability.allowed ? (
        <>
          <ComplianceDashboard />
          <OpenHits />
          <ListImport />
        </>
      ) : (
        <p role="alert" className="rounded-box border border-base-300 p-6">
          You do not have the &quot;compliance.manage&quot; permission. An administrator who holds it can grant it to you.
        </p>
      )}
    </div>
  );
}

function OpenHits() {
  const hits = trpc.compliance.hits.useQuery({ status: 'open' });
  return (
    <SectionCard titleId="hits-title" title="Open screening hits">
      <p className="mt-1 text-sm text-base-content/70">
        A possible match holds the user&apos;s payouts until decided. A false positive lifts the hold; a confirmed match restricts the account and keeps payouts
        blocked.
      </p>
      <QueryView query={hits} what="the screening hits" empty="No open hits: nobody is waiting for a decision.">
        {(rows) => (
          <ul className="mt-4 flex flex-col gap-4">
            {rows.map((hit) => (
              <HitCard key={hit.id} hit={hit} />
            ))}
          </ul>
        )}
      </QueryView>
    </SectionCard>
  );
}

type Hit = RouterOutputs['compliance']['hits'][number];

function HitCard({ hit }: { hit: Hit }) {
  const noteId = useId();
  const [note, setNote] = useState('');
  const utils = trpc.useUtils();
  const decide = trpc.compliance.decideHit.useMutation({
    onSuccess: async (decided) => {
      toast({ title: decided.status === 'false_positive' ? 'Marked a false positive' : 'Match confirmed', description: `${decided.userName}: recorded.` });
      await Promise.all([utils.compliance.hits.invalidate(), utils.compliance.dashboard.invalidate()]);
    },
    onError: (error) => toastError('The decision could not be recorded.', error),
  });
  const act = (decision: HitDecision) => decide.mutate({ id: hit.id, decision, note: note || null });
  return (
    <li className="rounded-box border border-base-300 p-4" data-testid="screening-hit">
      <h3 className="font-semibold">
        <Link to="/admin/users/$userId" params={{ userId: hit.userId }} className="link link-hover">
          {hit.userName}
        </Link>{' '}
        <span className="font-normal text-base-content/70">({hit.userEmail})</span>
      </h3>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-base-content/70">Screened name</dt>
          <dd className="font-medium">{hit.screenedName}</dd>
        </div>
        <div>
          <dt className="text-base-content/70">Matched listed name</dt>
          <dd className="font-medium">{hit.matchedName}</dd>
        </div>
        <div>
          <dt className="text-base-content/70">Listed party</dt>
          <dd className="font-medium">
            {hit.entryName}
            {hit.entryCountries ? ` (${hit.entryCountries})` : ''}
          </dd>
        </div>
        <div>
          <dt className="text-base-content/70">List</dt>
          <dd className="font-medium">{hit.entrySource || 'Not named'}</dd>
        </div>
        <div>
          <dt className="text-base-content/70">Screened</dt>
          <dd className="font-medium">
            {formatDateTime(hit.createdAt)} ({stateInSentence(hit.occasion)})
          </dd>
        </div>
      </dl>
      <Field name={noteId} label="Note (optional)" className="mt-3">
        <textarea
          id={noteId}
          className="textarea textarea-bordered w-full"
          rows={2}
          maxLength={COMPLIANCE_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Field>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-sm" disabled={decide.isPending} onClick={() => act('false_positive')}>
          False positive: lift the hold
        </button>
        <button type="button" className="btn btn-error btn-sm" disabled={decide.isPending} onClick={() => act('confirmed')}>
          Confirm the match
        </button>
      </div>
    </li>
  );
}

function ListImport() {
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const imports = trpc.compliance.imports.useQuery();
  const utils = trpc.useUtils();

  async function upload() {
    const file = input.current?.files?.[0];
    if (!file) {
      setError('Choose the list’s CSV file first');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      // The list runs to megabytes: it goes as the raw CSV body to the REST path, which has room for it.
      const response = await fetch('/api/admin/screening-list', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: file });
      const body = (await response.json().catch(() => null)) as { entries?: number; message?: string } | null;
      if (!response.ok) throw new Error(body?.message ?? `The list could not be imported (${response.status})`);
      toast({ title: 'Screening list imported', description: `${body?.entries ?? 0} entries are in force now.` });
      if (input.current) input.current.value = '';
      await utils.compliance.imports.invalidate();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SectionCard titleId="list-title" title="Consolidated Screening List">
      <p className="mt-1 text-sm text-base-content/70">
        Import the list as published (CSV). It replaces the list in force; earlier imports stay listed below. Users are screened when they register, connect a
        payout account and before each payout.
      </p>
      <form
        className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void upload();
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={fileId} className="text-sm font-medium">
            List file (CSV)
          </label>
          <input ref={input} type="file" accept=".csv,text/csv" className="file-input file-input-bordered w-full sm:w-96" {...controlOf(fileId, error)} />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Import list
        </button>
      </form>
      {error && (
        <p id={`${fileId}-error`} role="alert" className="mt-2 text-sm text-error">
          {error}
        </p>
      )}
      <h3 className="mt-6 font-semibold">Imports</h3>
      <QueryView query={imports} what="the imports" empty="No list imported yet: nobody is screened until one is.">
        {(rows) => (
          <div className="mt-2 overflow-x-auto">
            <table className="table table-sm">
              <TableHead columns={['Imported', 'By', 'Entries', 'SHA-256']} />
              <tbody>
                {rows.map((row, index) => (
                  <tr key={row.id}>
                    <td>
                      {formatDateTime(row.importedAt)}
                      {index === 0 ? ' (in force)' : ''}
                    </td>
                    <td>{row.importedByName ?? 'A former administrator'}</td>
                    <td>{row.entryCount}</td>
                    <td className="font-mono text-xs">{row.sha256.slice(0, 16)}…</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryView>
    </SectionCard>
  );
}
