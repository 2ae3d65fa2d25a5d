// The admin inbox's URL state (tab, open thread, filters, compose), parsed without zod: route
// options load with the first page of the app.
import { compact, flag, oneOf, positiveInt, uuid } from '~/client/search-params.ts';
import { CONTACT_FILTERS, type ContactFilter, INBOX_FILTERS, type InboxFilter } from '~/shared/constants.ts';

export const INBOX_TABS = ['threads', 'contacts', 'bulk', 'outbox'] as const;
export type InboxTab = (typeof INBOX_TABS)[number];
export interface InboxSearch {
  tab?: InboxTab | undefined;
  thread?: number | undefined;
  filter?: InboxFilter | undefined;
  contacts?: ContactFilter | undefined;
  compose?: boolean | undefined;
  prototypeId?: number | undefined;
  userId?: string | undefined;
}
export type SetInboxSearch = (patch: Partial<InboxSearch>) => void;

export function parseInboxSearch(input: Record<string, unknown>): InboxSearch {
  return compact({
    tab: oneOf(INBOX_TABS, input.tab),
    thread: positiveInt(input.thread),
    filter: oneOf(INBOX_FILTERS, input.filter),
    contacts: oneOf(CONTACT_FILTERS, input.contacts),
    compose: flag(input.compose) || undefined,
    prototypeId: positiveInt(input.prototypeId),
    userId: uuid(input.userId),
  });
}
