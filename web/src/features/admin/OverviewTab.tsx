import { SimpleGrid } from '@mantine/core';
import { IconClock, IconEye, IconUsers, IconWorld } from '@tabler/icons-react';
import type { UsageAnalytics } from '@onair/protocol';
import { ActivityFeed } from './ActivityFeed';
import { formatClock } from './format';
import { Panel, SummaryCard } from './parts';
import { HealthBars } from './SystemHealthMonitor';

/** Overview: the usage figures of the last 30 days, the live activity feed and the health bars. */
export function OverviewTab({ usage }: { usage: UsageAnalytics }) {
  const { totals, windowDays } = usage;
  const window = `in the last ${windowDays} days`;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <SummaryCard label="Active users" value={totals.activeUsers.toLocaleString()} hint={`people and devices watching ${window}; ${totals.users.toLocaleString()} accounts`} icon={IconUsers} />
        <SummaryCard label="Content views" value={totals.contentViews.toLocaleString()} hint={`${window}; ${totals.liveNow} live now`} icon={IconEye} />
        <SummaryCard
          label="Average session time"
          value={totals.avgSessionSeconds === null ? '–' : formatClock(totals.avgSessionSeconds)}
          hint={totals.avgSessionSeconds === null ? 'No views yet' : 'watched per view'}
          icon={IconClock}
        />
        <SummaryCard label="Countries" value={totals.countries.toLocaleString()} hint={`viewers came from ${window}`} icon={IconWorld} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Panel title="Live activity">
          <ActivityFeed entries={usage.activity} />
        </Panel>
        <Panel title="System health">
          <HealthBars />
        </Panel>
      </SimpleGrid>
    </>
  );
}
