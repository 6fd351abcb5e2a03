/**
 * The rows Export Data writes for each tab: what the tab shows, one line per thing, with a `section`
 * column where a tab shows more than one kind of thing.
 */
import type { AdminUsers, ContentMetrics, ModerationQueue, RegionMetrics, SystemHealth, UsageAnalytics } from '@onair/protocol';
import type { AdminTab } from './ContentTab';
import type { CsvRow } from '../../lib/csv';

export interface ExportSources {
  usage?: UsageAnalytics | undefined;
  content?: ContentMetrics | undefined;
  regions?: RegionMetrics | undefined;
  moderation?: ModerationQueue | undefined;
  users?: AdminUsers | undefined;
  health?: SystemHealth[] | undefined;
}

function overviewRows(usage: UsageAnalytics): CsvRow[] {
  return [
    ...Object.entries(usage.totals).map(([metric, value]) => ({ section: `totals (last ${usage.windowDays} days)`, name: metric, value })),
    ...usage.peakHours.map((p) => ({ section: 'peak hour (UTC)', name: p.hour, value: p.peakUsers })),
    ...usage.devices.map((d) => ({ section: 'device views', name: d.device, value: d.views, share: d.share })),
    ...usage.roles.map((r) => ({ section: 'role', name: r.role, value: r.count, share: r.share })),
    ...usage.activity.map((a) => ({ section: 'activity', name: a.kind, value: a.text, at: a.at })),
  ];
}

function contentRows(m: ContentMetrics): CsvRow[] {
  return [
    ...m.items.map((i) => ({ section: `most viewed (${m.period})`, ...i })),
    ...m.categories.map((c) => ({ section: `category (${m.period})`, category: c.category ?? 'uncategorised', items: c.items, views: c.views, viewers: c.viewers, avgWatchSeconds: c.avgWatchSeconds, share: c.share })),
    ...m.peakHours.map((p) => ({ section: 'peak hour (UTC)', hour: p.hour, peakUsers: p.peakUsers })),
    ...m.devices.map((d) => ({ section: 'device', device: d.device, views: d.views, share: d.share })),
    ...m.community.topRated.map((t) => ({ section: 'top rated', id: t.id, title: t.title, type: t.type, avgRating: t.avgRating, ratings: t.ratings })),
  ];
}

/** Rows for the tab, or null when its data has not loaded. */
export function exportRows(tab: AdminTab, sources: ExportSources): CsvRow[] | null {
  switch (tab) {
    case 'overview':
      return sources.usage ? overviewRows(sources.usage) : null;
    case 'content':
      return sources.content ? contentRows(sources.content) : null;
    case 'regional':
      return sources.regions ? sources.regions.regions.map((r) => ({ period: sources.regions!.period, ...r })) : null;
    case 'moderation':
      return sources.moderation ? sources.moderation.items.map((i) => ({ ...i })) : null;
    case 'users':
      return sources.users
        ? sources.users.users.map((u) => ({
            id: u.id,
            username: u.username,
            email: u.email,
            firstName: u.firstName,
            lastName: u.lastName,
            role: u.role,
            status: u.status,
            verified: u.verified,
            creatorRequest: u.creatorRequest,
            country: u.country,
            lastActiveAt: u.lastActiveAt,
            createdAt: u.createdAt,
          }))
        : null;
    case 'system':
      return sources.health?.length
        ? sources.health.map(({ errors, ...h }) => ({ ...h, errorsLast24h: errors.last24h, errorsResolved: errors.resolved, errorsPending: errors.pending }))
        : null;
  }
}
