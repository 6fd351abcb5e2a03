import { sql, type Kysely } from 'kysely';
import type { AnalyticsSummary, PublicStats } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import { UNKNOWN_COUNTRY } from './views.ts';
import { DAY_MS } from '@onair/protocol';

/** The window over which a viewer counts as active. */
export const ACTIVE_VIEWER_WINDOW_MS = 30 * DAY_MS;

/** Known countries any view has come from: the running set kept with each view (view-counters.ts). */
async function countDistinctCountries(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('reachCountries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('country', '!=', UNKNOWN_COUNTRY)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * totalViewers: distinct viewers with a view in the last 30 days; globalReach: countries views came
 * from; totalContent: items in the library.
 */
export async function analyticsSummary(db: Kysely<Database>, now = Date.now()): Promise<AnalyticsSummary> {
  const [viewers, globalReach, content] = await Promise.all([
    db
      .selectFrom('viewEvents')
      .select((eb) => eb.fn.count<number>('viewerKey').distinct().as('n'))
      .where('createdAt', '>=', now - ACTIVE_VIEWER_WINDOW_MS)
      .executeTakeFirstOrThrow(),
    countDistinctCountries(db),
    db.selectFrom('content').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { totalViewers: Number(viewers.n), globalReach, totalContent: Number(content.n) };
}

/** The landing page's stats row: live streams, hours in the library, accounts, countries reached. */
export async function publicStats(db: Kysely<Database>): Promise<PublicStats> {
  const [live, library, users, countriesReached] = await Promise.all([
    db
      .selectFrom('content')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'live')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('content')
      .select(sql<number>`coalesce(sum(duration_seconds), 0)`.as('seconds'))
      .executeTakeFirstOrThrow(),
    db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    countDistinctCountries(db),
  ]);
  return {
    activeStreams: Number(live.n),
    hoursOfContent: Math.round(Number(library.seconds) / 3600),
    globalUsers: Number(users.n),
    countriesReached,
  };
}
