// The parts every admin list page shares (issue 29, point 6): the header (breadcrumb, title, one line
// of what the list holds), the figures above a list, a filter select and the search box. The pager is
// pager.tsx; the list's loading, error and empty states are QueryView.
import { Link } from '@tanstack/react-router';
import type { FormEvent, ReactNode } from 'react';
import { useSearchText } from './use-search-text.ts';

/** Pages between the Admin Panel and the current one (the ledger sits under Payouts, a ticket under Support, a user under Users). */
type Crumb = { label: string; to: '/admin/payouts' | '/admin/support' } | { label: string; to: '/admin-panel'; search: { tab: 'users' } };

/** Where the page sits, from the Admin Panel; `current` is the page's own crumb. */
export function AdminBreadcrumbs({ trail = [], current, className = '' }: { trail?: Crumb[]; current: ReactNode; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={`breadcrumbs text-sm ${className}`}>
      <ul>
        <li>
          <Link to="/admin-panel">Admin Panel</Link>
        </li>
        {trail.map((crumb) => (
          <li key={crumb.label}>
            <Link to={crumb.to} search={'search' in crumb ? crumb.search : undefined}>
              {crumb.label}
            </Link>
          </li>
        ))}
        <li aria-current="page" className="min-w-0">
          {current}
        </li>
      </ul>
    </nav>
  );
}

/** Breadcrumb from the Admin Panel, the page's title and what it lists; `children` go on the right (actions). */
export function AdminPageHeader({
  current,
  trail = [],
  title,
  description,
  children,
}: {
  /** The page's own crumb. */
  current: string;
  /** Crumbs between the Admin Panel and this page. */
  trail?: Crumb[];
  title: string;
  description: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header>
      <AdminBreadcrumbs trail={trail} current={current} />
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
          <p className="mt-1 text-base-content/70">{description}</p>
        </div>
        {children}
      </div>
    </header>
  );
}

/** A figure above a list (a count, a sum), as a <dt>/<dd> pair inside the caller's <dl>. */
export function Figure({ label, children, testId, className = '' }: { label: string; children: ReactNode; testId?: string; className?: string }) {
  return (
    <div className={`@container rounded-box border border-base-300 bg-base-100 p-4 shadow-sm ${className}`}>
      <dt className="text-sm text-base-content/70">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** What one filter select of a list shows and sets. */
export interface Filter {
  id: string;
  label: string;
  value: string | undefined;
  options: [string, string][];
  onChange: (value: string | undefined) => void;
  allLabel?: string;
}

/** A filter's choices: values named by `labels` (a function or a record), or [value, label] pairs. */
type Choices<V extends string> = readonly (readonly [V, string])[] | readonly V[];

/**
 * Filter selects bound to a list's search: each shows `search[key]` and choosing applies `{ [key]: value }`
 * (the caller's `apply` also goes back to the first page). The value is one of the select's options.
 */
export function bindFilters<S extends object>(search: S, apply: (patch: Partial<S>) => void) {
  return <V extends string>(
    key: keyof S & string,
    id: string,
    label: string,
    allLabel: string,
    choices: Choices<V>,
    labels?: ((value: V) => string) | Record<V, string>,
  ): Filter => ({
    id,
    label,
    allLabel,
    options: choices.map((choice): [string, string] =>
      typeof choice === 'string' ? [choice, typeof labels === 'function' ? labels(choice) : (labels?.[choice] ?? choice)] : [choice[0], choice[1]],
    ),
    value: search[key] as string | undefined,
    onChange: (value) => apply({ [key]: value } as Partial<S>),
  });
}

/** The row of filter selects above a list; `label` names the form, `className` lays it out (a grid). */
export function FilterBar({ label, className, filters }: { label: string; className: string; filters: Filter[] }) {
  return (
    <form role="search" aria-label={label} className={className} onSubmit={(e) => e.preventDefault()}>
      <FilterSelects filters={filters} />
    </form>
  );
}

/** Filter selects side by side, inside the caller's layout. */
export function FilterSelects({ filters }: { filters: Filter[] }) {
  return filters.map((filter) => <FilterSelect key={filter.id} {...filter} />);
}

/** A labelled select whose empty value means "no filter". */
export function FilterSelect({ id, label: text, value, options, onChange, allLabel = 'All' }: Filter) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-base-content/70">
        {text}
      </label>
      <select id={id} className="select select-bordered select-sm w-full" value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">{allLabel}</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The search box: typed freely, applied on submit, reset when the applied value changes elsewhere. */
export function SearchBox({
  id,
  label,
  placeholder,
  applied,
  onSearch,
}: {
  id: string;
  label: string;
  placeholder: string;
  applied: string | undefined;
  onSearch: (text: string | undefined) => void;
}) {
  const [text, setText] = useSearchText(applied);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim() || undefined);
  };
  return (
    <form role="search" onSubmit={submit} className="flex gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input id={id} type="search" className="input input-bordered w-full" placeholder={placeholder} value={text} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </form>
  );
}
