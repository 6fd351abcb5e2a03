import { LoadError } from '../../components/LoadError';
import { Card, Group, Loader, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { AreaChart } from '../../components/charts';
import { useQuery } from '@tanstack/react-query';
import { PLATFORM_CATALOGUE, type DownloadSource } from '@onair/protocol';
import { syndicationQueries } from './queries';

const sourceName = (source: DownloadSource) => (source === 'other' ? 'Other apps and browsers' : PLATFORM_CATALOGUE[source].name);
const shortDate = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString([], { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Spec §2 Analytics: summary cards and per-platform bars, from counted enclosure downloads. */
export function AnalyticsTab() {
  const figures = useQuery(syndicationQueries.analytics(null));
  if (figures.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader />
      </Group>
    );
  }
  if (figures.isError) return <LoadError error={figures.error} retry={figures.refetch} />;
  const a = figures.data;
  const change =
    a.previousWindowDownloads > 0 ? `${a.windowDownloads >= a.previousWindowDownloads ? '+' : ''}${(((a.windowDownloads - a.previousWindowDownloads) / a.previousWindowDownloads) * 100).toFixed(1)}% on the 30 days before` : 'No downloads in the 30 days before';
  const top = Math.max(1, ...a.byPlatform.map((p) => p.downloads));
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Figure label="Total downloads" value={a.totalDownloads.toLocaleString()} />
        <Figure label="Last 30 days" value={a.windowDownloads.toLocaleString()} hint={change} />
        <Figure label="Episodes" value={a.episodes.toLocaleString()} />
        <Figure label="Published distributions" value={a.published.toLocaleString()} />
      </SimpleGrid>
      <Card withBorder radius="md" padding="md">
        <Text fw={600} mb="sm">
          Downloads per platform
        </Text>
        {a.totalDownloads === 0 ? (
          <Text c="dimmed" ta="center" p="lg">
            No downloads yet
          </Text>
        ) : (
          <Stack gap="sm">
            {a.byPlatform.map((p) => (
              <div key={p.source}>
                <Group justify="space-between">
                  <Text size="sm">{sourceName(p.source)}</Text>
                  <Text size="sm" fw={500} data-testid={`downloads-${p.source}`}>
                    {p.downloads.toLocaleString()}
                  </Text>
                </Group>
                <Progress value={(p.downloads / top) * 100} />
              </div>
            ))}
          </Stack>
        )}
      </Card>
      <Card withBorder radius="md" padding="md">
        <Text fw={600} mb="sm">
          Downloads per day
        </Text>
        {a.windowDownloads === 0 ? (
          <Text c="dimmed" ta="center" p="lg">
            No downloads in the last 30 days
          </Text>
        ) : (
          <AreaChart
            h={220}
            data={a.daily.map((d) => ({ ...d, day: shortDate(d.day) }))}
            dataKey="day"
            series={[{ name: 'downloads', label: 'Downloads', color: 'brand.6' }]}
            curveType="monotone"
            withDots={false}
            tickLine="x"
            aria-label="Downloads per day"
          />
        )}
      </Card>
    </Stack>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}
