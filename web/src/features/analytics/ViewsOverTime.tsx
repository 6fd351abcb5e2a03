import { Card, Group, Loader, Text } from '@mantine/core';
import { AreaChart } from '../../components/charts';
import { useQuery } from '@tanstack/react-query';
import { analyticsQueries, type ViewershipFilter } from './queries';

const shortDate = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString([], { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Today's point counts only the hours so far: labelled so, its drop does not read as a collapse. */
const dayLabel = (iso: string, today: string) => (iso === today ? `${shortDate(iso)} (so far)` : shortDate(iso));

/** Views and distinct viewers per UTC day over the chosen period, for everything in scope or one item. */
export function ViewsOverTime({ filter, contentId }: { filter: ViewershipFilter; contentId: number | null }) {
  const daily = useQuery(analyticsQueries.daily(filter, contentId));
  return (
    <Card withBorder radius="md" padding="md">
      <Text fw={600} mb="sm">
        Views per day
      </Text>
      {daily.isPending ? (
        <Group justify="center" h={220}>
          <Loader size="sm" />
        </Group>
      ) : daily.isError ? (
        <Text c="red" size="sm">
          {daily.error.message}
        </Text>
      ) : daily.data.every((d) => d.views === 0) ? (
        <Text c="dimmed" ta="center" p="xl">
          No views in this period
        </Text>
      ) : (
        <AreaChart
          h={220}
          data={daily.data.map((d) => ({ ...d, day: dayLabel(d.date, new Date().toISOString().slice(0, 10)) }))}
          dataKey="day"
          series={[
            { name: 'views', label: 'Views', color: 'brand.6' },
            { name: 'viewers', label: 'Viewers', color: 'blue.6' },
          ]}
          curveType="monotone"
          withDots={false}
          withLegend
          tickLine="x"
          aria-label="Views and viewers per day"
        />
      )}
    </Card>
  );
}
