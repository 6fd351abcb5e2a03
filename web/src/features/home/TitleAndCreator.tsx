import { Group, Text } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import type { Content } from '@onair/protocol';

/** An item card's title (two lines at most) and who made it, as Home's live and on-demand cards show them. */
export function TitleAndCreator({ item }: { item: Pick<Content, 'title' | 'creatorName'> }) {
  return (
    <>
      <Text fw={600} lineClamp={2}>
        {item.title}
      </Text>
      <Group gap={4} mt={4} c="dimmed">
        <IconUser size={14} aria-hidden />
        <Text size="sm">{item.creatorName ?? 'Unknown creator'}</Text>
      </Group>
    </>
  );
}
