import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBroadcastOff, IconEye } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { Content } from '@onair/protocol';

const TYPE_LABEL: Record<Content['type'], string> = { tv: 'TV', radio: 'Radio', podcast: 'Podcast', other: 'Other' };

/** The Live Broadcasting grid of Home, or its empty state. */
export function LiveGrid({ items, loading }: { items: Content[]; loading: boolean }) {
  return (
    <Stack data-tour="live-grid">
      <Title order={2}>Live Broadcasting</Title>
      {loading ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={140} radius="md" />
          ))}
        </SimpleGrid>
      ) : items.length === 0 ? (
        <Card withBorder radius="md" padding="xl">
          <Stack align="center" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light" color="gray">
              <IconBroadcastOff size={26} />
            </ThemeIcon>
            <Text fw={600}>Nothing is live right now</Text>
            <Text c="dimmed" size="sm">
              Start a broadcast of your own, or check the schedule for what is coming up.
            </Text>
            <Group>
              <Button component={Link} to="/creator">
                Start Broadcasting
              </Button>
              <Button component={Link} to="/analytics" variant="default">
                View Schedule
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {items.map((item) => (
            <Link key={item.id} to="/watch/$contentId" params={{ contentId: String(item.id) }} style={{ textDecoration: 'none', color: 'inherit' }}>
            <Card withBorder radius="md" h="100%">
              <Group justify="space-between" mb="xs">
                <Badge color="red" variant="filled">
                  LIVE
                </Badge>
                <Badge variant="light">{TYPE_LABEL[item.type]}</Badge>
              </Group>
              <Text fw={600} lineClamp={2}>
                {item.title}
              </Text>
              <Text size="sm" c="dimmed">
                {item.creatorName ?? 'Unknown creator'}
              </Text>
              <Group gap={4} mt="sm">
                <IconEye size={16} />
                <Text size="sm" data-testid={`viewers-${item.id}`}>
                  {item.viewerCount.toLocaleString()} watching
                </Text>
              </Group>
            </Card>
            </Link>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
