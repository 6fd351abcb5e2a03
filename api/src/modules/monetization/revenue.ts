/**
 * Revenue figures, summed from the ledger: for a creator, what was paid to them, the platform's fee
 * and their balance; for admins, the platform's view. By source and by calendar month (UTC).
 */
import type { Kysely } from 'kysely';
import { REVENUE_SOURCES, type RevenueBySource, type RevenueSource, type RevenueSummary } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import { DEFAULT_CURRENCY } from './ledger.ts';

const emptySources = (): RevenueBySource => Object.fromEntries(REVENUE_SOURCES.map((s) => [s, 0])) as RevenueBySource;
const monthKey = (at: number) => new Date(at).toISOString().slice(0, 7);

/** The first instant of the month `back` months before the one containing `now` (UTC). */
function monthStart(now: number, back: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1);
}

export interface RevenueScope {
  /** A creator's id, or null for the platform. */
  creatorId: number | null;
  feePercent: number;
  testMode: boolean;
}

export async function revenueSummary(db: Kysely<Database>, scope: RevenueScope, months = 12, now = Date.now()): Promise<RevenueSummary> {
  let totals = db
    .selectFrom('ledgerEntries')
    .select(['kind', 'source', (eb) => eb.fn.sum<number>('amountCents').as('cents'), (eb) => eb.fn.countAll<number>().as('n')])
    .select((eb) => eb.fn.sum<number>(eb.case().when('creatorId', 'is', null).then(eb.ref('amountCents')).else(0).end()).as('platformOwnCents'))
    .groupBy(['kind', 'source']);
  if (scope.creatorId !== null) totals = totals.where('creatorId', '=', scope.creatorId);
  const rows = await totals.execute();

  let gross = 0;
  let fee = 0;
  let balance = 0;
  let platformOwn = 0;
  const bySource = emptySources();
  for (const row of rows) {
    const cents = Number(row.cents);
    if (row.kind === 'charge' || row.kind === 'refund') {
      gross += cents;
      if (row.source in bySource) bySource[row.source as RevenueSource] += cents;
      platformOwn += Number(row.platformOwnCents);
    }
    if (row.kind === 'platform_fee' || row.kind === 'fee_refund') fee -= cents;
    balance += cents;
  }

  const since = monthStart(now, months - 1);
  let recent = db.selectFrom('ledgerEntries').select(['kind', 'source', 'amountCents', 'createdAt', 'creatorId']).where('createdAt', '>=', since);
  if (scope.creatorId !== null) recent = recent.where('creatorId', '=', scope.creatorId);
  const byMonth = new Map<string, { grossCents: number; feeCents: number; ownCents: number; bySource: RevenueBySource }>();
  for (let back = months - 1; back >= 0; back--) byMonth.set(monthKey(monthStart(now, back)), { grossCents: 0, feeCents: 0, ownCents: 0, bySource: emptySources() });
  for (const e of await recent.execute()) {
    const bucket = byMonth.get(monthKey(Number(e.createdAt)));
    if (!bucket) continue;
    if (e.kind === 'charge' || e.kind === 'refund') {
      bucket.grossCents += e.amountCents;
      if (e.source in bucket.bySource) bucket.bySource[e.source as RevenueSource] += e.amountCents;
      if (e.creatorId === null) bucket.ownCents += e.amountCents;
    }
    if (e.kind === 'platform_fee' || e.kind === 'fee_refund') bucket.feeCents -= e.amountCents;
  }
  const platform = scope.creatorId === null;
  const netOf = (b: { grossCents: number; feeCents: number; ownCents: number }) => (platform ? b.feeCents + b.ownCents : b.grossCents - b.feeCents);
  const monthList = [...byMonth.entries()].map(([month, b]) => ({ month, grossCents: b.grossCents, feeCents: b.feeCents, netCents: netOf(b), bySource: b.bySource }));
  const [previous, current] = monthList.slice(-2);
  const monthlyGrowth = previous && current && previous.netCents > 0 ? Math.round(((current.netCents - previous.netCents) / previous.netCents) * 1000) / 10 : null;

  return {
    scope: platform ? 'platform' : 'creator',
    currency: DEFAULT_CURRENCY,
    platformFeePercent: scope.feePercent,
    grossCents: gross,
    feeCents: fee,
    netCents: platform ? fee + platformOwn : gross - fee,
    // A creator's balance is every row of theirs (earnings less payouts); the platform's is what it owes creators.
    balanceCents: platform ? await owedToCreators(db) : balance,
    monthlyGrowth,
    bySource,
    months: monthList,
    testMode: scope.testMode,
  };
}

/** What the platform owes creators: every ledger row that names a creator (earnings less payouts). */
async function owedToCreators(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('ledgerEntries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amountCents'), eb.lit(0)).as('cents'))
    .where('creatorId', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

/** The summary as CSV: one line per month and source, then the totals. */
export function revenueCsv(summary: RevenueSummary): string {
  const money = (cents: number) => (cents / 100).toFixed(2);
  const lines = [['month', ...REVENUE_SOURCES, 'gross', 'platform_fee', 'net', 'currency'].join(',')];
  for (const m of summary.months) lines.push([m.month, ...REVENUE_SOURCES.map((s) => money(m.bySource[s])), money(m.grossCents), money(m.feeCents), money(m.netCents), summary.currency].join(','));
  lines.push(['all time', ...REVENUE_SOURCES.map((s) => money(summary.bySource[s])), money(summary.grossCents), money(summary.feeCents), money(summary.netCents), summary.currency].join(','));
  return lines.join('\n') + '\n';
}
