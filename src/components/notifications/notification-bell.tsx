// The bell in the navigation bar: the unread count (kept live by the tab's stream, ADR 0020, and at
// once after the user's own changes), a list with links, mark one or all read. New counts are
// announced politely.
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useCurrentUser } from '~/client/auth/current-user.ts';
import { useDropdown } from '~/client/use-dismiss.ts';
import { trpc } from '~/client/trpc.ts';
import { formatDateTime, countOf } from '~/shared/format.ts';

/** ADMIN_REQUIRE_2FA, in a session without the second factor: admin notifications are counted, not shown (ADR 0038). */
function withheldText(count: number) {
  return `${count} admin notification${count === 1 ? ' is' : 's are'} hidden until you sign in with two-factor authentication.`;
}

export function NotificationBell() {
  const { open, close, container, toggle } = useDropdown('notification-panel');
  const { user } = useCurrentUser();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const count = trpc.notifications.unreadCount.useQuery(undefined, { staleTime: 0 });
  const list = trpc.notifications.list.useQuery(undefined, { enabled: open, staleTime: 0 });
  const refresh = () => Promise.all([utils.notifications.unreadCount.invalidate(), utils.notifications.list.invalidate()]);
  const markRead = trpc.notifications.markRead.useMutation({ onSuccess: refresh });
  const markAll = trpc.notifications.markAllRead.useMutation({ onSuccess: refresh });
  const unread = count.data ?? 0;

  // The open list carries its own unread count, read with it: the badge takes it rather than asking
  // again (an older count still on its way is dropped first, so it cannot land after it).
  useEffect(() => {
    if (!list.data || list.dataUpdatedAt <= count.dataUpdatedAt) return;
    const unreadCount = list.data.unreadCount;
    void utils.notifications.unreadCount.cancel().then(() => utils.notifications.unreadCount.setData(undefined, unreadCount));
  }, [list.data, list.dataUpdatedAt, count.dataUpdatedAt, utils]);

  return (
    <div ref={container} className="relative">
      <button
        {...toggle}
        className="btn btn-ghost btn-square btn-sm relative"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        data-testid="notification-bell"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
        {unread > 0 && (
          <span
            className="badge badge-error badge-xs absolute -right-1 -top-1 h-4 min-w-4 px-1 text-[0.65rem] font-bold"
            data-testid="notification-count"
            aria-hidden="true"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <span className="sr-only" aria-live="polite" role="status">
        {unread ? countOf(unread, 'unread notification') : ''}
      </span>
      {open && (
        <div
          id="notification-panel"
          className="fixed inset-x-2 top-16 z-50 max-h-[70vh] overflow-y-auto rounded-box border border-base-300 bg-base-100 shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-auto sm:mt-2 sm:w-96"
          aria-label="Notifications"
          role="region"
        >
          <div className="sticky top-0 flex items-center justify-between border-b border-base-300 bg-base-100 px-4 py-3">
            <h2 className="font-semibold">Notifications</h2>
            <button type="button" className="btn btn-ghost btn-xs" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
              Mark all read
            </button>
          </div>
          {list.data?.adminNotificationsWithheld ? (
            <p className="border-b border-base-300 px-4 py-3 text-sm" data-testid="admin-notifications-withheld">
              {withheldText(list.data.adminNotificationsWithheld)}
            </p>
          ) : null}
          {list.isLoading ? (
            <div role="status" className="flex justify-center p-6">
              <span className="loading loading-spinner loading-md text-primary" aria-hidden="true" />
              <span className="sr-only">Loading notifications</span>
            </div>
          ) : list.isError ? (
            <p role="alert" className="p-4 text-error">
              Notifications could not be loaded.
            </p>
          ) : list.data?.items.length === 0 ? (
            !list.data.adminNotificationsWithheld && <p className="p-6 text-center text-sm text-base-content/70">You have no notifications yet.</p>
          ) : (
            <ul className="divide-y divide-base-300" data-testid="notification-list">
              {list.data?.items.map((n) => {
                const body = (
                  <>
                    <span className="flex items-start gap-2">
                      <span className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${n.isRead ? 'bg-transparent' : 'bg-primary'}`} aria-hidden="true" />
                      <span className="min-w-0">
                        <span className={`block ${n.isRead ? '' : 'font-semibold'}`}>
                          {n.title}
                          {!n.isRead && <span className="sr-only"> (unread)</span>}
                        </span>
                        <span className="block break-words text-sm text-base-content/80">{n.message}</span>
                        <span className="mt-1 block text-xs text-base-content/70">{formatDateTime(n.createdAt)}</span>
                      </span>
                    </span>
                  </>
                );
                return (
                  <li key={n.id} className="flex items-start gap-1 px-2 py-2" data-testid="notification-item" data-unread={!n.isRead}>
                    {n.actionUrl ? (
                      <a
                        href={n.actionUrl}
                        className="min-w-0 flex-1 rounded-field p-2 hover:bg-base-200"
                        onClick={(e) => {
                          e.preventDefault();
                          if (!n.isRead) markRead.mutate({ id: n.id });
                          close();
                          void utils.messages.invalidate().then(() => navigate({ href: n.actionUrl! }));
                        }}
                      >
                        {body}
                      </a>
                    ) : (
                      <div className="min-w-0 flex-1 p-2">{body}</div>
                    )}
                    {!n.isRead && (
                      <button type="button" className="btn btn-ghost btn-xs mt-1" onClick={() => markRead.mutate({ id: n.id })}>
                        Mark read<span className="sr-only">: {n.title}</span>
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          <div className="border-t border-base-300 px-4 py-2 text-right">
            <Link to={user?.role === 'admin' ? '/admin-inbox' : '/messages'} className="link link-primary text-sm" onClick={close}>
              {user?.role === 'admin' ? 'Go to the admin inbox' : 'Go to Messages'}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
