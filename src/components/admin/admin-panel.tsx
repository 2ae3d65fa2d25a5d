// The admin panel screen (/admin-panel and /admin): counters, then the Prototype Management
// (default), User Management and Activity tabs. Tab, filters and page live in the URL.
import { Link } from '@tanstack/react-router';
import type { KeyboardEvent } from 'react';
import { useCapability } from '~/client/use-capability.ts';
import { ActivityPanel } from './activity-panel.tsx';
import { ADMIN_TABS, type AdminSearch, type AdminTab, type SetSearch } from './admin-search.ts';
import { AdminCounters } from './counters.tsx';
import { PipelineBoard } from './pipeline-board.tsx';
import { PrototypePanel } from './prototype-panel.tsx';
import { PrototypeViewSwitch } from './prototype-view-switch.tsx';
import { UserPanel } from './user-panel.tsx';

const TAB_LABELS: Record<AdminTab, string> = {
  prototypes: 'Prototype Management',
  users: 'User Management',
  activity: 'Activity',
};

export function AdminPanel({ search, setSearch }: { search: AdminSearch; setSearch: SetSearch }) {
  const tab = search.tab ?? 'prototypes';
  const payouts = useCapability('payouts.manage');
  // No role holds compliance.manage (ADR 0050): the link shows only to those granted it.
  const compliance = useCapability('compliance.manage');
  const select = (next: AdminTab) => setSearch({ tab: next === 'prototypes' ? undefined : next });
  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent) => {
    const index = ADMIN_TABS.indexOf(tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = ADMIN_TABS[(index + step + ADMIN_TABS.length) % ADMIN_TABS.length]!;
    select(next);
    document.getElementById(`admin-tab-${next}`)?.focus();
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Admin Panel</h1>
          <p className="mt-1 text-base-content/70">Review prototypes, manage users and follow the audit trail.</p>
          <Link to="/admin-inbox" className="link link-primary mt-1 inline-block text-sm">
            Inbox: conversations, contact messages, bulk notifications and e-mail
          </Link>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/support" className="btn btn-outline btn-sm">
            Support queue
          </Link>
          <Link to="/admin/reports" className="btn btn-outline btn-sm">
            Reports
          </Link>
          <Link to="/admin/confidentiality" className="btn btn-outline btn-sm">
            Confidentiality terms
          </Link>
          {payouts.allowed !== false && (
            <Link to="/admin/payouts" className="btn btn-outline btn-sm">
              Payouts
            </Link>
          )}
          {compliance.allowed === true && (
            <Link to="/admin/compliance" className="btn btn-outline btn-sm">
              Compliance
            </Link>
          )}
        </div>
      </div>
      <div className="mt-6">
        <AdminCounters />
      </div>
      <div role="tablist" aria-label="Admin sections" className="tabs tabs-border mt-8 overflow-x-auto">
        {ADMIN_TABS.map((name) => (
          <button
            key={name}
            id={`admin-tab-${name}`}
            onKeyDown={onKeyDown}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`admin-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className={`tab whitespace-nowrap ${tab === name ? 'tab-active font-semibold' : 'text-base-content/80'}`}
            onClick={() => select(name)}
          >
            {TAB_LABELS[name]}
          </button>
        ))}
      </div>
      <div id={`admin-panel-${tab}`} role="tabpanel" aria-labelledby={`admin-tab-${tab}`} className="mt-4">
        {tab === 'prototypes' && <PrototypeViewSwitch search={search} setSearch={setSearch} />}
        {tab === 'prototypes' && search.view !== 'board' && <PrototypePanel search={search} setSearch={setSearch} />}
        {tab === 'prototypes' && search.view === 'board' && <PipelineBoard search={search} setSearch={setSearch} />}
        {tab === 'users' && <UserPanel search={search} setSearch={setSearch} />}
        {tab === 'activity' && <ActivityPanel search={search} setSearch={setSearch} />}
      </div>
    </div>
  );
}

export function AccessDenied() {
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Access denied</h1>
      <p className="mt-3 text-base-content/70">The admin panel is for administrators only.</p>
    </section>
  );
}
