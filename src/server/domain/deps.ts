// What every rule that writes gets from its request: the database, and the caller's address and
// browser for the activity log. A rule's own Deps add who acts, the clock and the services it needs.
import type { RequestMeta } from '../context.ts';
import type { Db } from '../db/index.ts';

export interface DomainDeps {
  db: Db;
  meta: RequestMeta;
}
