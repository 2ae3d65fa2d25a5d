// The parts of a list on a card, written once (issue 29, point 6): the titled card around a list, a
// table's column headers, the sideways-scrolling region around a wide table, and the loading and
// error lines of a list that draws its own empty state.
import type { ReactNode } from 'react';
import { serverMessage } from '~/client/errors.ts';
import { Spinner } from './spinner.tsx';

/**
 * A card holding a list under an <h2>. `flush` lists run edge to edge (rows carry their own padding,
 * the title is inset); otherwise the card is padded. `className` adds the spacing around it.
 */
export function ListCard({
  titleId,
  title,
  flush = false,
  className,
  testId,
  children,
}: {
  titleId: string;
  title: ReactNode;
  flush?: boolean;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const card = flush ? 'rounded-box border border-base-300 bg-base-100 shadow-sm' : 'rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-5';
  return (
    <section aria-labelledby={titleId} className={className ? `${className} ${card}` : card} data-testid={testId}>
      <h2 id={titleId} className={flush ? 'px-5 pt-5 text-lg font-semibold' : 'text-lg font-semibold'}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A column header: its text, or the text and the classes of its cell (alignment, hiding on phones). */
export type Column = ReactNode | { label: ReactNode; className: string };

const isStyled = (column: Column): column is { label: ReactNode; className: string } =>
  typeof column === 'object' && column !== null && 'className' in column && 'label' in column;

/** A right-aligned column (amounts, counts). */
export const right = (label: ReactNode): Column => ({ label, className: 'text-right' });

/** The <thead> of a list table: one row of column headers. */
export function TableHead({ columns }: { columns: Column[] }) {
  return (
    <thead>
      <tr className="text-base-content/85">
        {columns.map((column, index) =>
          isStyled(column) ? (
            <th key={index} scope="col" className={column.className}>
              {column.label}
            </th>
          ) : (
            <th key={index} scope="col">
              {column}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/** A wide table's region, focusable so that a keyboard can scroll it sideways on a phone (axe: scrollable-region-focusable). */
export function ScrollRegion({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard
    <div className={className ? `${className} overflow-x-auto` : 'overflow-x-auto'} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

/** What a list query that draws its own empty state shows while it loads or after it failed. */
interface LoadingQuery {
  isLoading: boolean;
  isError: boolean;
  error: unknown;
}

/** The spinner while `query` loads and the alert (the server's words, else `failed`) when it could not. */
export function QueryStatus({
  query,
  loading,
  failed,
  spinnerClassName = 'py-10',
}: {
  query: LoadingQuery;
  loading: string;
  failed: string;
  spinnerClassName?: string;
}) {
  if (query.isLoading) return <Spinner label={loading} className={spinnerClassName} />;
  if (query.isError) {
    return (
      <p role="alert" className="alert alert-error m-5">
        {serverMessage(query.error, failed)}
      </p>
    );
  }
  return null;
}

/** A list's title with its number of rows as a badge once they have loaded. */
export function CountedTitle({ title, count }: { title: string; count: number | undefined }) {
  return (
    <>
      {title} {count !== undefined && <span className="badge badge-ghost badge-sm align-middle">{count}</span>}
    </>
  );
}

/**
 * A titled card of a detail screen. `aside` stands beside the title (a badge, an action) in a header row
 * laid out by `headerClassName`; without the prop the <h2> stands alone.
 */
export function SectionCard(props: { titleId: string; title: ReactNode; testId?: string; aside?: ReactNode; headerClassName?: string; children: ReactNode }) {
  const { titleId, title, testId, aside, headerClassName = 'flex flex-wrap items-center justify-between gap-2', children } = props;
  const heading = (
    <h2 id={titleId} className="text-lg font-semibold">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={titleId} className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm" data-testid={testId}>
      {/* Given, even when it is empty for now (`data && …` while loading): the header row keeps its place. */}
      {!('aside' in props) ? (
        heading
      ) : (
        <div className={headerClassName}>
          {heading}
          {aside}
        </div>
      )}
      {children}
    </section>
  );
}
