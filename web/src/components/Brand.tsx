import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';

/** The OnAir mark: the red "on air" studio light beside the name. */
export function Brand({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const big = size === 'lg';
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon radius="xl" size={big ? 36 : 30} variant="filled" color="brand" aria-hidden>
        <IconBroadcast size={big ? 20 : 17} />
      </ThemeIcon>
      <Text fw={800} fz={big ? 24 : 20} lts={-0.5}>
        OnAir
      </Text>
    </Group>
  );
}
