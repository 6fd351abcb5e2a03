import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBroadcastOff, IconEye } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { Content } from '@onair/protocol';
import { CONTENT_TYPE_LABELS } from '@onair/protocol/constants';
import { EmptyCard } from './EmptyCard';
import { TitleAndCreator } from './TitleAndCreator';


function LiveCard({ item }: { item: Content }) {
  return (
    <Link
      to="/watch/$contentId"
      params={{ contentId: String(item.id) }}
      style={{ textDecoration: 'none', color: 'inherit' }}
      aria-label={`${item.title}, live ${CONTENT_TYPE_LABELS[item.type]}, ${item.viewerCount} watching`}
    >
      <Card withBorder radius="md" h="100%">
        <Group justify="space-between" mb="xs">
          <Badge color="brand" variant="filled" leftSection={<span aria-hidden>●</span>}>
            LIVE
          </Badge>
          <Badge variant="light" color="gray">
            {CONTENT_TYPE_LABELS[item.type]}
          </Badge>
        </Group>
        <TitleAndCreator item={item} />
        <Group gap={4} mt="sm">
          <IconEye size={16} aria-hidden />
          <Text size="sm" data-testid={`viewers-${item.id}`}>
            {item.viewerCount.toLocaleString()} watching
          </Text>
        </Group>
      </Card>
    </Link>
  );
}

/** The Live Broadcasting grid of Home: skeletons, the live items, or an empty (or failed) state. */
export function LiveGrid({ items, loading, failed = false }: { items: Content[]; loading: boolean; failed?: boolean }) {
  return (
    <Stack data-tour="live-grid" component="section" aria-labelledby="live-broadcasting">
      <Title order={2} id="live-broadcasting">
        Live Broadcasting
      </Title>
      {loading ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={140} radius="md" />
          ))}
        </SimpleGrid>
      ) : failed ? (
        <EmptyCard
          icon={<IconAlertTriangle size={26} />}
          title="Live broadcasts could not be loaded"
          text="The list will refresh by itself when the connection is back."
        />
      ) : items.length === 0 ? (
        <EmptyCard
          icon={<IconBroadcastOff size={26} />}
          title="Nothing is live right now"
          text="Start a broadcast of your own, or check the schedule for what is coming up."
        >
          <Group mt="xs">
            <Button component={Link} to="/creator">
              Start Broadcasting
            </Button>
            <Button component={Link} to="/analytics" variant="default">
              View Schedule
            </Button>
          </Group>
        </EmptyCard>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {items.map((item) => (
            <LiveCard key={item.id} item={item} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
