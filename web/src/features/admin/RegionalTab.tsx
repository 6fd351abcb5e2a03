/**
 * Regional performance: a period selector, the grid of the first 6 regions and the per-region list
 * with the churn badge of spec §9. Every figure compares the period with the one before it.
 */
import { Badge, Card, Group, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { BarChart } from '../../components/charts';
import { ADMIN_REGION_PERIODS, LIST_LIMITS } from '@onair/protocol/constants';
import type { RegionMetrics, RegionMetricsItem } from '@onair/protocol';
import { churnBadgeProps, formatClock, formatGrowth, formatPercent, regionLabel } from './format';
import { Empty, Loading, Panel } from './parts';
import type { RegionPeriod } from './queries';

const PERIOD_LABEL: Record<RegionPeriod, string> = { day: 'Last day', week: 'Last week', month: 'Last month', quarter: 'Last quarter' };

function ChurnBadge({ churnRate }: { churnRate: number | null }) {
  return (
    <Badge {...churnBadgeProps(churnRate)} aria-label="Churn rate">
      {churnRate === null ? 'no churn data' : `${formatPercent(churnRate)} churn`}
    </Badge>
  );
}

function RegionCard({ region }: { region: RegionMetricsItem }) {
  const rows: [string, string][] = [
    ['Active users', region.activeUsers.toLocaleString()],
    ['Views', region.totalViews.toLocaleString()],
    ['Peak concurrent', region.peakConcurrent.toLocaleString()],
    ['Avg session', formatClock(region.avgSessionDuration)],
  ];
  return (
    <Card withBorder radius="md" padding="md" data-testid={`region-${region.region}`}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={700}>{regionLabel(region.region)}</Text>
        <ChurnBadge churnRate={region.churnRate} />
      </Group>
      <SimpleGrid cols={2} spacing="xs">
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={600}>{value}</Text>
          </div>
        ))}
      </SimpleGrid>
      <Text size="sm" mt="xs" c={region.growth === null ? 'dimmed' : region.growth >= 0 ? 'green.7' : 'red.7'}>
        {formatGrowth(region.growth)} views vs the previous period
      </Text>
    </Card>
  );
}

export interface RegionalTabProps {
  metrics: RegionMetrics | undefined;
  loading: boolean;
  period: RegionPeriod;
  onPeriod: (period: RegionPeriod) => void;
}

export function RegionalTab({ metrics, loading, period, onPeriod }: RegionalTabProps) {
  const regions = metrics?.regions ?? [];
  const quiet = regions.every((r) => r.totalViews === 0 && r.previousViews === 0);
  return (
    <Stack>
      <Group justify="space-between">
        <Select
          label="Period"
          w={200}
          data={ADMIN_REGION_PERIODS.map((p) => ({ value: p, label: PERIOD_LABEL[p] }))}
          value={period}
          onChange={(v) => v && onPeriod(v as RegionPeriod)}
          allowDeselect={false}
        />
        {metrics && metrics.unmappedViews > 0 && (
          <Text size="xs" c="dimmed">
            {metrics.unmappedViews.toLocaleString()} views from unknown countries are not counted in any region
          </Text>
        )}
      </Group>
      {loading || !metrics ? (
        <Loading label="Loading regional analytics..." />
      ) : quiet ? (
        <Empty>No views were recorded in this period or the one before</Empty>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {regions.slice(0, LIST_LIMITS.regionalGrid).map((r) => (
              <RegionCard key={r.region} region={r} />
            ))}
          </SimpleGrid>
          <Panel title="Views by region">
            <BarChart
              h={220}
              data={regions.map((r) => ({ region: regionLabel(r.region), current: r.totalViews, previous: r.previousViews }))}
              dataKey="region"
              series={[
                { name: 'current', label: 'This period', color: 'brand.6' },
                { name: 'previous', label: 'Previous period', color: 'gray.5' },
              ]}
              withLegend
            />
          </Panel>
          <Panel title="All regions">
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="xs" aria-label="Regional analytics">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Region</Table.Th>
                    <Table.Th ta="right">Active users</Table.Th>
                    <Table.Th ta="right">Views</Table.Th>
                    <Table.Th ta="right">Peak concurrent</Table.Th>
                    <Table.Th ta="right">Avg session</Table.Th>
                    <Table.Th ta="right">Growth</Table.Th>
                    <Table.Th>Churn</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {regions.map((r) => (
                    <Table.Tr key={r.region}>
                      <Table.Td>{regionLabel(r.region)}</Table.Td>
                      <Table.Td ta="right">{r.activeUsers.toLocaleString()}</Table.Td>
                      <Table.Td ta="right">{r.totalViews.toLocaleString()}</Table.Td>
                      <Table.Td ta="right">{r.peakConcurrent.toLocaleString()}</Table.Td>
                      <Table.Td ta="right">{formatClock(r.avgSessionDuration)}</Table.Td>
                      <Table.Td ta="right">{formatGrowth(r.growth)}</Table.Td>
                      <Table.Td>
                        <ChurnBadge churnRate={r.churnRate} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Panel>
        </>
      )}
    </Stack>
  );
}
