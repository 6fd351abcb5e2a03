import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconPlayerStop } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ActiveStream } from '@onair/protocol';
import { formatClock } from '../creator/format';

/** The creator's streams on air with the people watching each (spec §2: title, viewer count). */
export function ActiveStreams({ streams, onStop, stopping }: { streams: ActiveStream[]; onStop: (id: number) => void; stopping: number | null }) {
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Active Streams
      </Title>
      {streams.length === 0 ? (
        <Text c="dimmed" size="sm">
          No active streams
        </Text>
      ) : (
        <Stack gap="xs">
          {streams.map((s) => (
            <Group key={s.id} justify="space-between" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Link to="/watch/$contentId" params={{ contentId: String(s.contentId) }} style={{ color: 'inherit' }}>
                  <Text fw={600} truncate>
                    {s.title}
                  </Text>
                </Link>
                <Text size="xs" c="dimmed">
                  {s.destinations.join(', ')} · on air since {new Date(s.startedAt).toLocaleTimeString()} ({formatClock((Date.now() - Date.parse(s.startedAt)) / 1000)})
                </Text>
              </div>
              <Group gap="xs" wrap="nowrap">
                <Badge leftSection={<IconEye size={12} />} variant="light" data-testid={`stream-viewers-${s.id}`}>
                  {s.viewerCount.toLocaleString()} watching
                </Badge>
                <Text size="xs" c="dimmed">
                  peak {s.peakViewers.toLocaleString()}
                </Text>
                <Button size="xs" color="red" variant="light" leftSection={<IconPlayerStop size={14} />} loading={stopping === s.id} onClick={() => onStop(s.id)}>
                  Stop
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
