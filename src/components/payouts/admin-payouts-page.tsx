// /admin/payouts: transactions by status with totals, and the pay action; the status and the page live
// in the URL, like every admin list. With Stripe configured, Pay sends a Stripe transfer; without it
// the admin records how the seller was paid.
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { type RouterOutputs, trpc } from '~/client/trpc.ts';
import { Field } from '~/components/forms/field.tsx';
import { Options } from '~/components/forms/options.tsx';
import { ModalDialog, DialogActions } from '~/components/modal-dialog.tsx';
import { Amount } from '~/components/amount.tsx';
import { formatDate, formatUsd, stateInSentence, stateLabel } from '~/shared/format.ts';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { AdminPageHeader } from '~/components/admin/list-parts.tsx';
import { ListPager } from '~/components/admin/pager.tsx';
import { type Column, ListCard, TableHead, right } from '~/components/list-card.tsx';
import { QueryView } from '~/components/query-view.tsx';
import { keepPreviousData } from '@tanstack/react-query';
import { type PayoutsSearch, payoutsInput } from './payouts-search.ts';
import {
  MANUAL_PAYOUT_METHODS,
  PAYABLE_STATUSES,
  PAYOUT_METHOD_LABELS,
  PAYOUT_REFERENCE_MAX,
  PAYOUT_STATUSES,
  type PayoutStatus,
  manualPayoutInput,
} from '~/shared/schemas/payouts.ts';
import { PayoutStatusBadge } from './payout-status-badge.tsx';

type AdminPayout = RouterOutputs['payouts']['list']['items'][number];
const COLUMNS: Column[] = ['Transaction', 'Seller', right('Amount'), right('Fee'), right('Payout'), 'Status', <span className="sr-only">Action</span>];

export function AdminPayoutsPage({ search, setSearch }: { search: PayoutsSearch; setSearch: (next: PayoutsSearch) => void }) {
  const mode = trpc.payouts.mode.useQuery();
  const totals = trpc.payouts.totals.useQuery();
  const list = trpc.payouts.list.useQuery(payoutsInput(search), { placeholderData: keepPreviousData });
  const [paying, setPaying] = useState<AdminPayout | null>(null);
  const manual = mode.data?.mode === 'manual';
  const status = search.status;
  const choose = (next: PayoutStatus | undefined) => setSearch(next ? { status: next } : {});

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <AdminPageHeader
        current="Payouts"
        title="Payouts"
        description={
          <>
            Seller payouts for accepted quotes, by status.{' '}
            <Link to="/admin/ledger" className="link link-primary">
              Open the ledger
            </Link>
          </>
        }
      />
      {mode.data && (
        <div role="note" className={`alert mt-4 ${manual ? 'alert-info' : 'alert-success'}`} data-testid="payout-mode">
          {manual
            ? 'Payouts are recorded manually: Stripe is not configured. Pay the seller outside the platform, then record the method and reference here.'
            : 'Payouts are sent as Stripe transfers to the sellers’ connected accounts.'}
        </div>
      )}

      <div role="group" aria-label="Filter by status" className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <TotalButton label="All" active={status === undefined} onClick={() => choose(undefined)} count={totals.data?.reduce((n, t) => n + t.count, 0)} />
        {PAYOUT_STATUSES.map((s) => {
          const total = totals.data?.find((t) => t.status === s);
          return (
            <TotalButton
              key={s}
              label={stateLabel(s)}
              active={status === s}
              onClick={() => choose(s)}
              count={total?.count}
              amount={total?.sellerPayout}
              testId={`payout-total-${s}`}
            />
          );
        })}
      </div>

      <ListCard titleId="payout-list-title" title={status ? `${stateLabel(status)} payouts` : 'All payouts'} flush className="mt-6">
        <QueryView
          query={list}
          what="payouts"
          empty={<p className="px-5 py-10 text-center text-base-content/70">{status ? `No ${stateInSentence(status)} payouts` : 'No payouts here yet'}</p>}
        >
          {(page) => (
            <div aria-busy={list.isFetching}>
              <ul className="divide-y divide-base-300 md:hidden">
                {page.items.map((t) => (
                  <li key={t.id} className="flex flex-col gap-1 px-5 py-4" data-testid={`payout-card-${t.id}`}>
                    <div className="flex items-center justify-between gap-2">
                      <span className="whitespace-nowrap font-semibold tabular-nums">{formatUsd(t.sellerPayout)}</span>
                      <PayoutStatusBadge status={t.status} />
                    </div>
                    <span className="text-sm font-medium">
                      #{t.id} · {t.prototypeName}
                    </span>
                    <span className="text-xs text-base-content/70">
                      {t.seller.name} · <span className="whitespace-nowrap tabular-nums">{formatUsd(t.amount)}</span> less{' '}
                      <span className="whitespace-nowrap tabular-nums">{formatUsd(t.platformFee)}</span> fee
                    </span>
                    <PaidDetails payout={t} />
                    <PayButton payout={t} manual={manual} ready={!!mode.data} onPay={setPaying} className="mt-2 self-start" />
                  </li>
                ))}
              </ul>
              <div className="hidden overflow-x-auto p-2 md:block">
                <table className="table">
                  <caption className="sr-only">Payouts{status ? ` with status ${stateInSentence(status)}` : ''}</caption>
                  <TableHead columns={COLUMNS} />
                  <tbody>
                    {page.items.map((t) => (
                      <tr key={t.id} data-testid={`payout-${t.id}`}>
                        <td>
                          <span className="font-medium">
                            #{t.id} · {t.prototypeName}
                          </span>
                          <span className="block text-xs text-base-content/70">Created {formatDate(t.createdAt)}</span>
                        </td>
                        <td>
                          <span>{t.seller.name}</span>
                          <span className="block text-xs text-base-content/70">{t.seller.email}</span>
                          {!manual && (
                            <span className={`badge badge-xs mt-1 ${t.seller.payoutsEnabled ? 'badge-success' : 'badge-ghost'}`}>
                              {t.seller.payoutsEnabled ? 'Payouts enabled' : t.seller.payoutAccountConnected ? 'Onboarding incomplete' : 'No payout account'}
                            </span>
                          )}
                        </td>
                        <td className="whitespace-nowrap text-right tabular-nums">{formatUsd(t.amount)}</td>
                        <td className="whitespace-nowrap text-right tabular-nums">{formatUsd(t.platformFee)}</td>
                        <td className="whitespace-nowrap text-right font-semibold tabular-nums">{formatUsd(t.sellerPayout)}</td>
                        <td>
                          <PayoutStatusBadge status={t.status} />
                          <PaidDetails payout={t} />
                        </td>
                        <td className="text-right">
                          <PayButton payout={t} manual={manual} ready={!!mode.data} onPay={setPaying} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          )}
        </QueryView>
        {list.data && (
          <div className="px-5 pb-5">
            <ListPager label="Payout" list={list} onPage={(cursor, dir) => setSearch({ ...search, cursor, dir })} />
          </div>
        )}
      </ListCard>
      {paying &&
        (manual ? <ManualPayDialog payout={paying} onClose={() => setPaying(null)} /> : <StripePayDialog payout={paying} onClose={() => setPaying(null)} />)}
    </div>
  );
}

function PayButton(props: { payout: AdminPayout; manual: boolean; ready: boolean; onPay: (p: AdminPayout) => void; className?: string }) {
  const { payout, manual } = props;
  if (!props.ready || !(PAYABLE_STATUSES.some((s) => s === payout.status) || (!manual && payout.status === 'processing'))) return null;
  return (
    <button type="button" className={`btn btn-primary btn-sm whitespace-nowrap ${props.className ?? ''}`} onClick={() => props.onPay(payout)}>
      {manual ? 'Record payment' : payout.status === 'processing' ? 'Check again' : payout.status === 'pending' ? 'Pay' : 'Retry'}
      <span className="sr-only"> for transaction #{payout.id}</span>
    </button>
  );
}

function TotalButton(props: { label: string; active: boolean; onClick: () => void; count: number | undefined; amount?: string | undefined; testId?: string }) {
  return (
    <button
      type="button"
      aria-pressed={props.active}
      onClick={props.onClick}
      data-testid={props.testId}
      className={`@container rounded-box border p-3 text-left shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-primary ${props.active ? 'border-primary bg-primary/10' : 'border-base-300 bg-base-100 hover:bg-base-200'}`}
    >
      <span className="block text-xs font-medium uppercase tracking-wide text-base-content/70">{props.label}</span>
      <span className="mt-1 block text-xl font-bold tabular-nums">{props.count ?? '–'}</span>
      {props.amount !== undefined && <Amount value={props.amount} maxRem={0.875} className="block text-base-content/80" />}
    </button>
  );
}

function PaidDetails({ payout }: { payout: AdminPayout }) {
  const method = payout.payoutMethod ? ((PAYOUT_METHOD_LABELS as Record<string, string>)[payout.payoutMethod] ?? payout.payoutMethod) : null;
  return (
    <div className="mt-1 text-xs text-base-content/70">
      {payout.status === 'completed' && (
        <>
          {method}
          {(payout.stripeTransferId ?? payout.payoutReference) ? ` · ${payout.stripeTransferId ?? payout.payoutReference}` : ''}
          {payout.completedAt ? ` · ${formatDate(payout.completedAt)}` : ''}
          {payout.processedBy ? ` · by ${payout.processedBy}` : ''}
        </>
      )}
      {payout.status !== 'completed' && payout.failureReason && <span className="text-error">{payout.failureReason}</span>}
    </div>
  );
}

function usePayoutFeedback(onClose: () => void) {
  const utils = trpc.useUtils();
  return {
    onSettled: () => {
      void utils.payouts.invalidate();
      void utils.prototypes.invalidate();
    },
    onError: (error: unknown) => toastError('Failed to record payout', error),
    done: onClose,
  };
}

function StripePayDialog({ payout, onClose }: { payout: AdminPayout; onClose: () => void }) {
  const feedback = usePayoutFeedback(onClose);
  const pay = trpc.payouts.pay.useMutation({
    onSettled: feedback.onSettled,
    onError: feedback.onError,
    onSuccess: ({ outcome }) => {
      if (outcome.status === 'completed') toast({ title: 'Payout sent', description: `Stripe transfer ${outcome.transferId}` });
      else if (outcome.status === 'failed') toast({ title: 'Payout failed', description: outcome.reason, variant: 'destructive' });
      else toast({ title: 'Payout still processing', description: outcome.reason });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    pay.mutate({ id: payout.id });
  };
  return (
    <ModalDialog
      open
      onClose={onClose}
      title={`Pay ${formatUsd(payout.sellerPayout)} to ${payout.seller.name}`}
      description={`A Stripe transfer for transaction #${payout.id} (${payout.prototypeName}) to the seller's connected account. Paying again never pays twice.`}
      testId="stripe-pay-dialog"
    >
      <form onSubmit={submit}>
        <DialogActions onCancel={onClose} submitLabel={payout.status === 'processing' ? 'Check again' : 'Send transfer'} pending={pay.isPending} />
      </form>
    </ModalDialog>
  );
}

const manualPayoutForm = manualPayoutInput.omit({ id: true });

function ManualPayDialog({ payout, onClose }: { payout: AdminPayout; onClose: () => void }) {
  const feedback = usePayoutFeedback(onClose);
  const form = useZodForm(manualPayoutForm, { method: '', reference: '' });
  const record = trpc.payouts.recordManual.useMutation({
    onSettled: feedback.onSettled,
    onError: feedback.onError,
    onSuccess: () => {
      toast({ title: 'Payout recorded', description: `${formatUsd(payout.sellerPayout)} to ${payout.seller.name}` });
      onClose();
    },
  });
  const submit = form.submit((input) => record.mutate({ id: payout.id, ...input }));
  return (
    <ModalDialog
      open
      onClose={onClose}
      title={`Record payment of ${formatUsd(payout.sellerPayout)}`}
      description={`Transaction #${payout.id} (${payout.prototypeName}) to ${payout.seller.name}. Record it once the money has been sent.`}
      testId="manual-pay-dialog"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field name="method" label="Method" error={form.errors.method}>
          <select {...form.field('method')} className={`select select-bordered w-full ${form.errors.method ? 'select-error' : ''}`}>
            <option value="">Choose…</option>
            <Options values={MANUAL_PAYOUT_METHODS} label={(m) => PAYOUT_METHOD_LABELS[m]} />
          </select>
        </Field>
        <Field name="reference" label="Reference" error={form.errors.reference}>
          <input
            {...form.field('reference')}
            className={`input input-bordered w-full ${form.errors.reference ? 'input-error' : ''}`}
            placeholder="e.g. bank transfer or check number"
            maxLength={PAYOUT_REFERENCE_MAX}
          />
        </Field>
        <DialogActions onCancel={onClose} submitLabel="Record payment" pending={record.isPending} />
      </form>
    </ModalDialog>
  );
}
