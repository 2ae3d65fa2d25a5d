// The admin user page's ledger: the seller's latest rows and balance, and the way to the full ledger.
import { Link } from '@tanstack/react-router';
import { trpc } from '~/client/trpc.ts';
import { LedgerList } from '~/components/payouts/ledger-list.tsx';
import { QueryView } from '~/components/query-view.tsx';
import { formatUsd } from '~/shared/format.ts';
import { SectionCard } from '~/components/list-card.tsx';

export function LedgerSection({ userId }: { userId: string }) {
  const ledger = trpc.ledger.admin.useQuery({ userId, limit: 5 });
  const balance = ledger.data?.items[0]?.balance;
  return (
    <SectionCard
      titleId="user-ledger-title"
      title={<>Ledger{balance !== undefined && <span className="ml-2 text-sm font-normal text-base-content/70">balance {formatUsd(balance)}</span>}</>}
      aside={
        <Link to="/admin/ledger" search={{ user: userId }} className="link link-primary text-sm">
          Full ledger
        </Link>
      }
    >
      <QueryView query={ledger} what="the ledger" empty="No ledger entries for this user.">
        {(page) => <LedgerList rows={page.items} label="Latest ledger entries" />}
      </QueryView>
    </SectionCard>
  );
}
