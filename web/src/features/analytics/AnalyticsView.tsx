import { LoadError } from '../../components/LoadError';
import { useState } from 'react';
import { Card, Group, Loader, Select, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconBulb, IconDevices, IconMapPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ViewershipRecord, ViewershipTotals } from '@onair/protocol';
import { formatClock, formatPercent } from '../creator/format';
import { DeviceBreakdown, LocationBreakdown } from './Breakdowns';
import { InsightsPanel } from './InsightsPanel';
import { analyticsQueries } from './queries';
import { ViewsOverTime } from './ViewsOverTime';

const PERIODS = [
  { value: 'all', label: 'All time' },
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
];

type Figures = Pick<ViewershipTotals, 'viewerCount' | 'peakViewers' | 'engagement' | 'averageWatchTime' | 'deviceBreakdown' | 'locationBreakdown'> & {
  views: number;
};

const viewsOf = (r: ViewershipRecord) => Object.values(r.deviceBreakdown).reduce((a, b) => a + b, 0);

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
    </Card>
  );
}

/**
 * The analytics view of spec §2: a content picker, the figures, and tabs devices (default),
 * locations (top 10) and insights. `emptyText` says what an empty scope means for this caller.
 */
export function AnalyticsView({ emptyText }: { emptyText: string }) {
  const [period, setPeriod] = useState('all');
  const [selected, setSelected] = useState('all');
  const filter = { days: period === 'all' ? null : Number(period) };
  const records = useQuery(analyticsQueries.records(filter));
  const totals = useQuery(analyticsQueries.totals(filter));

  if (records.isPending || totals.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader />
      </Group>
    );
  }
  if (records.isError || totals.isError) {
    return <LoadError error={(records.error ?? totals.error)!} retry={() => Promise.all([records.refetch(), totals.refetch()])} />;
  }
  const list = records.data;
  const record = list.find((r) => String(r.contentId) === selected);
  const figures: Figures = record ? { ...record, views: viewsOf(record) } : totals.data;
  // Insights work on one record: the chosen item, or the most viewed one when looking at everything.
  const insightsRecord = record ?? list.find((r) => viewsOf(r) > 0);

  return (
    <Stack>
      <Group>
        <Select
          label="Content"
          w={320}
          data={[{ value: 'all', label: 'All content' }, ...list.map((r) => ({ value: String(r.contentId), label: r.title }))]}
          value={selected}
          onChange={(v) => setSelected(v ?? 'all')}
          searchable
          allowDeselect={false}
        />
        <Select label="Period" w={180} data={PERIODS} value={period} onChange={(v) => setPeriod(v ?? 'all')} allowDeselect={false} />
      </Group>
      {figures.views === 0 && !record ? (
        <Text c="dimmed" ta="center" p="xl">
          {emptyText}
        </Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 5 }}>
            <Figure label="Viewers" value={figures.viewerCount.toLocaleString()} />
            <Figure label="Views" value={figures.views.toLocaleString()} />
            <Figure label="Peak live audience" value={figures.peakViewers.toLocaleString()} />
            <Figure label="Average watch time" value={formatClock(figures.averageWatchTime)} />
            <Figure label="Engagement" value={formatPercent(figures.engagement)} />
          </SimpleGrid>
          <ViewsOverTime filter={filter} contentId={record?.contentId ?? null} />
          <Tabs defaultValue="devices" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="devices" leftSection={<IconDevices size={16} />}>
                Devices
              </Tabs.Tab>
              <Tabs.Tab value="locations" leftSection={<IconMapPin size={16} />}>
                Locations
              </Tabs.Tab>
              <Tabs.Tab value="insights" leftSection={<IconBulb size={16} />}>
                Insights
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="devices" pt="md">
              <DeviceBreakdown breakdown={figures.deviceBreakdown} />
            </Tabs.Panel>
            <Tabs.Panel value="locations" pt="md">
              <LocationBreakdown breakdown={figures.locationBreakdown} />
            </Tabs.Panel>
            <Tabs.Panel value="insights" pt="md">
              <InsightsPanel record={insightsRecord} scopeNote={record ? null : 'your most viewed item'} />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Stack>
  );
}
