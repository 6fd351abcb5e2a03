import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PublicStats } from '@onair/protocol';
import { publicQueries } from '../public/queries';

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

const FIGURES: { key: keyof PublicStats; label: string }[] = [
  { key: 'activeStreams', label: 'Active Streams' },
  { key: 'hoursOfContent', label: 'Hours of Content' },
  { key: 'globalUsers', label: 'Global Users' },
  { key: 'countriesReached', label: 'Countries Reached' },
];

/**
 * The landing page's stats row, counted by the server from this deployment's data (the prototype's
 * marketing figures are not used). A new deployment honestly shows zeros.
 */
export function LandingStats() {
  const stats = useQuery(publicQueries.stats());
  return (
    <section aria-label="Platform statistics">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {FIGURES.map(({ key, label }) => (
          <Card key={key} withBorder radius="md" ta="center" padding="lg">
            {stats.isPending ? (
              <Skeleton h={38} w="55%" mx="auto" mb={4} />
            ) : (
              <Text fz={34} fw={800} c={stats.data ? 'brand' : 'dimmed'} lh={1.15}>
                {stats.data ? compact.format(stats.data[key]) : '–'}
              </Text>
            )}
            <Text c="dimmed" size="sm">
              {label}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {stats.isError && (
        <Text size="sm" c="dimmed" ta="center" mt="xs">
          Live figures are unavailable right now.
        </Text>
      )}
    </section>
  );
}
