import { LoadError } from '../../components/LoadError';
import { BarChart } from '../../components/charts';
import { Anchor, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { REVENUE_SOURCES, type RevenueSummary } from '@onair/protocol';
import { formatMoney, monetizationQueries } from './queries';

const SOURCE_LABELS: Record<(typeof REVENUE_SOURCES)[number], string> = {
  subscription: 'Subscriptions',
  donation: 'Donations',
  ads: 'Ads',
  sponsorship: 'Sponsorships',
  merchandise: 'Merchandise',
  tithe: 'Giving',
};
const SOURCE_COLORS = ['brand.6', 'teal.5', 'gray.5', 'orange.5', 'grape.5', 'indigo.4'];

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

/** The ledger's figures: the same for the Revenue tab and the creator dashboard's Monetization tab. */
export function RevenueFigures({ summary }: { summary: RevenueSummary }) {
  const money = (cents: number) => formatMoney(cents, summary.currency);
  const creator = summary.scope === 'creator';
  const used = REVENUE_SOURCES.filter((s) => summary.months.some((m) => m.bySource[s] !== 0));
  const data = summary.months.map((m) => ({ month: m.month, ...Object.fromEntries(used.map((s) => [s, m.bySource[s] / 100])) }));
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Figure label={creator ? 'Total revenue' : 'Paid through OnAir'} value={money(summary.grossCents)} testId="revenue-gross" />
        <Figure label={`Platform fee (${summary.platformFeePercent}%)`} value={money(summary.feeCents)} testId="revenue-fee" />
        <Figure label={creator ? 'Your earnings' : 'Platform revenue'} value={money(summary.netCents)} testId="revenue-net" />
        <Figure label={creator ? 'Balance' : 'Owed to creators'} value={money(summary.balanceCents)} testId="revenue-balance" />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {summary.monthlyGrowth === null ? 'No figure for last month to compare with.' : `${summary.monthlyGrowth > 0 ? '+' : ''}${summary.monthlyGrowth}% against last month.`}
      </Text>
      <Card withBorder padding="lg">
        <Group justify="space-between" mb="sm">
          <Title order={3} size="h5">By source and month</Title>
          <Anchor href="/api/revenue/export.csv" download size="sm">
            <Group gap={4}>
              <IconDownload size={14} /> Export CSV
            </Group>
          </Anchor>
        </Group>
        {used.length === 0 ? (
          <Text c="dimmed">No earnings yet.</Text>
        ) : (
          <BarChart
            h={260}
            data={data}
            dataKey="month"
            type="stacked"
            valueFormatter={(v) => formatMoney(Math.round(v * 100), summary.currency)}
            series={used.map((s, i) => ({ name: s, label: SOURCE_LABELS[s], color: SOURCE_COLORS[i % SOURCE_COLORS.length]! }))}
            withLegend
          />
        )}
        <SimpleGrid cols={{ base: 2, md: 3 }} mt="md">
          {REVENUE_SOURCES.filter((s) => s !== 'tithe' || summary.bySource.tithe !== 0).map((s) => (
            <Group key={s} justify="space-between">
              <Text size="sm">{SOURCE_LABELS[s]}</Text>
              <Text size="sm" fw={500} data-testid={`revenue-${s}`}>
                {money(summary.bySource[s])}
              </Text>
            </Group>
          ))}
        </SimpleGrid>
      </Card>
    </Stack>
  );
}

export function RevenueTab() {
  const revenue = useQuery(monetizationQueries.revenue());
  if (revenue.isPending) return <Loader />;
  if (revenue.isError) return <LoadError error={revenue.error} retry={revenue.refetch} />;
  return <RevenueFigures summary={revenue.data} />;
}
