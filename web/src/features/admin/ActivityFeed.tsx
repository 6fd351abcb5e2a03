import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ActivityEntry } from '@onair/protocol';
import { formatTime } from './format';
import { Empty } from './parts';

const KIND: Record<ActivityEntry['kind'], { label: string; color: string }> = {
  user_joined: { label: 'Joined', color: 'blue' },
  content_published: { label: 'Published', color: 'teal' },
  stream_started: { label: 'Live', color: 'red' },
  flagged: { label: 'Flagged', color: 'orange' },
  admin_action: { label: 'Admin', color: 'grape' },
};

/** Recent facts from the platform, newest first; it refreshes whenever something is flagged or decided. */
export function ActivityFeed({ entries, limit }: { entries: ActivityEntry[]; limit?: number }) {
  const shown = limit ? entries.slice(0, limit) : entries;
  if (shown.length === 0) return <Empty>Nothing has happened yet</Empty>;
  return (
    <Stack gap={8} aria-label="Activity feed">
      {shown.map((entry, i) => (
        <Group key={`${entry.at}-${i}`} gap="sm" wrap="nowrap" align="flex-start">
          <Badge color={KIND[entry.kind].color} variant="light" w={104} style={{ flexShrink: 0 }}>
            {KIND[entry.kind].label}
          </Badge>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" lineClamp={2}>
              {entry.text}
            </Text>
            <Text size="xs" c="dimmed">
              {formatTime(entry.at)}
            </Text>
          </div>
        </Group>
      ))}
    </Stack>
  );
}
