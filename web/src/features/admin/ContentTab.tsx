/**
 * Content analytics: figures of the chosen period, the 10 most viewed, category performance, quick
 * actions, recent activity, peak usage, device split, regional curation, the community panel, and the
 * library of every item (where takedowns start).
 */
import { Badge, Button, Group, Loader, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { BarChart } from '../../components/charts';
import { IconClock, IconEye, IconPlus, IconUsers } from '@tabler/icons-react';
import { ADMIN_CONTENT_PERIODS, LIST_LIMITS } from '@onair/protocol/constants';
import type { ContentMetrics, UsageAnalytics } from '@onair/protocol';
import { ActivityFeed } from './ActivityFeed';
import { ContentLibraryPanel } from './ContentLibraryPanel';
import { CurationPanel } from './CurationPanel';
import { formatMinutes, formatRating } from './format';
import { Empty, Panel, SummaryCard } from './parts';
import type { ContentPeriod } from './queries';
import { DeviceSplit, PeakHours } from './UsagePanels';

export type AdminTab = 'overview' | 'content' | 'users' | 'regional' | 'moderation' | 'system';

const PERIOD_LABEL: Record<ContentPeriod, string> = { day: 'Day', week: 'Week', month: 'Month', year: 'Year' };

function MostViewed({ metrics }: { metrics: ContentMetrics }) {
  const items = metrics.items.slice(0, LIST_LIMITS.mostViewed);
  if (items.length === 0) return <Empty>Nothing was watched in this period</Empty>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" highlightOnHover aria-label="Most viewed content">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Title</Table.Th>
            <Table.Th ta="right">Views</Table.Th>
            <Table.Th ta="right">Likes</Table.Th>
            <Table.Th ta="right">Comments</Table.Th>
            <Table.Th ta="right">Rating</Table.Th>
            <Table.Th ta="right">Duration</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item, i) => (
            <Table.Tr key={item.id}>
              <Table.Td c="dimmed">{i + 1}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Badge variant="light" size="sm">
                    {item.type}
                  </Badge>
                  <Text size="sm" lineClamp={1}>
                    {item.title}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td ta="right">{item.views.toLocaleString()}</Table.Td>
              <Table.Td ta="right">{item.likes.toLocaleString()}</Table.Td>
              <Table.Td ta="right">{item.comments.toLocaleString()}</Table.Td>
              <Table.Td ta="right">{formatRating(item.avgRating)}</Table.Td>
              <Table.Td ta="right">{formatMinutes(item.duration)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Categories({ metrics }: { metrics: ContentMetrics }) {
  if (metrics.categories.length === 0) return <Empty>No views in this period</Empty>;
  const data = metrics.categories.map((c) => ({ category: c.category ?? 'Uncategorised', views: c.views, viewers: c.viewers }));
  return (
    <BarChart
      h={Math.max(180, data.length * 44)}
      data={data}
      dataKey="category"
      orientation="vertical"
      yAxisProps={{ width: 110, interval: 0 }}
      series={[
        { name: 'views', label: 'Views', color: 'brand.6' },
        { name: 'viewers', label: 'Viewers', color: 'blue.4' },
      ]}
      withLegend
      gridAxis="none"
    />
  );
}

function Community({ metrics }: { metrics: ContentMetrics }) {
  const { community, totals } = metrics;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={4}>
        {(
          [
            ['Ratings', community.ratings.toLocaleString()],
            ['Average', formatRating(community.avgRating)],
            ['Likes', totals.likes.toLocaleString()],
            ['Comments', totals.comments.toLocaleString()],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700}>{value}</Text>
          </div>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Likes and comments in this period; ratings over all time.
      </Text>
      {community.topRated.length === 0 ? (
        <Empty>No content has enough ratings yet</Empty>
      ) : (
        <Stack gap={4} aria-label="Top rated content">
          {community.topRated.slice(0, LIST_LIMITS.recentContent).map((item) => (
            <Group key={item.id} justify="space-between" wrap="nowrap">
              <Text size="sm" lineClamp={1}>
                {item.title}
              </Text>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                ★ {formatRating(item.avgRating)}{' '}
                <Text span c="dimmed" size="xs">
                  ({item.ratings})
                </Text>
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export interface ContentTabProps {
  metrics: ContentMetrics;
  usage: UsageAnalytics;
  period: ContentPeriod;
  onPeriod: (period: ContentPeriod) => void;
  refreshing: boolean;
  pendingModeration: number;
  onNavigate: (tab: AdminTab) => void;
}

export function ContentTab({ metrics, usage, period, onPeriod, refreshing, pendingModeration, onNavigate }: ContentTabProps) {
  const { totals } = metrics;
  return (
    <>
      <Group justify="space-between">
        <SegmentedControl
          aria-label="Period"
          value={period}
          onChange={(v) => onPeriod(v as ContentPeriod)}
          data={ADMIN_CONTENT_PERIODS.map((p) => ({ value: p, label: PERIOD_LABEL[p] }))}
        />
        {refreshing && <Loader size="xs" aria-label="Updating" />}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <SummaryCard label="Views" value={totals.views.toLocaleString()} hint={`this ${period}`} icon={IconEye} />
        <SummaryCard label="Viewers" value={totals.viewers.toLocaleString()} hint="distinct people and devices" icon={IconUsers} />
        <SummaryCard label="Watch hours" value={totals.watchHours.toLocaleString()} hint={`this ${period}`} icon={IconClock} />
        <SummaryCard label="New content" value={totals.newContent.toLocaleString()} hint={`of ${totals.contentCount.toLocaleString()} in the library`} icon={IconPlus} />
      </SimpleGrid>
      <Panel title={`Most viewed this ${period}`}>
        <MostViewed metrics={metrics} />
      </Panel>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Panel title="Category performance">
          <Categories metrics={metrics} />
        </Panel>
        <Stack>
          <Panel title="Quick actions">
            <SimpleGrid cols={2}>
              <Button variant="light" onClick={() => onNavigate('moderation')}>
                Review queue ({pendingModeration})
              </Button>
              <Button variant="light" onClick={() => onNavigate('users')}>
                Manage users
              </Button>
              <Button variant="light" onClick={() => onNavigate('regional')}>
                Regional performance
              </Button>
              <Button variant="light" onClick={() => onNavigate('system')}>
                System health
              </Button>
            </SimpleGrid>
          </Panel>
          <Panel title="Recent activity">
            <ActivityFeed entries={usage.contentActivity} limit={LIST_LIMITS.recentContent} />
          </Panel>
        </Stack>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Panel title="Peak usage (UTC)">
          <PeakHours peaks={metrics.peakHours} />
        </Panel>
        <Panel title="Device split">
          <DeviceSplit devices={metrics.devices} />
        </Panel>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <CurationPanel />
        <Panel title="Community">
          <Community metrics={metrics} />
        </Panel>
      </SimpleGrid>
      <ContentLibraryPanel />
    </>
  );
}
