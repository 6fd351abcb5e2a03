import { Badge, Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { confidenceColor } from '@onair/protocol/constants';
import type { AiRecommendation } from '@onair/protocol';
import { toast, toastError } from '../../lib/toast';
import { aiQueries, useRefreshRecommendations } from './queries';

function RecommendationCard({ item }: { item: AiRecommendation }) {
  return (
    <Card withBorder padding="sm" data-testid="recommendation">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Text fw={600}>{item.title}</Text>
          <Group gap="xs">
            <Badge variant="light" size="sm">
              {item.category}
            </Badge>
            <Text size="xs" c="dimmed" tt="uppercase">
              {item.type}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {item.reason}
          </Text>
        </Stack>
        <Badge color={confidenceColor(item.confidence)} variant="filled" autoContrast title="Confidence" style={{ flexShrink: 0 }}>
          {Math.round(item.confidence * 100)}%
        </Badge>
      </Group>
    </Card>
  );
}

export function RecommendationsTab() {
  const list = useQuery(aiQueries.recommendations());
  const refresh = useRefreshRecommendations();
  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: (items) => toast({ title: 'Recommendations Updated', description: `${items.length} picks from your latest viewing.` }),
      onError: toastError('Update Failed'),
    });

  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          Computed from what you watched, liked and finished, and from what people with the same viewing watched.
        </Text>
        <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={onRefresh} loading={refresh.isPending}>
          Refresh
        </Button>
      </Group>
      {list.isPending ? (
        <Center p="xl">
          <Loader />
        </Center>
      ) : list.isError ? (
        <Text c="red">{list.error.message}</Text>
      ) : list.data.length === 0 ? (
        <Text c="dimmed" ta="center" p="xl">
          No recommendations yet: watch or like a few programmes and refresh.
        </Text>
      ) : (
        <Stack gap="xs">
          {list.data.map((item) => (
            <RecommendationCard key={item.contentId} item={item} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
