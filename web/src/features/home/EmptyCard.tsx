import type { ReactNode } from 'react';
import { Card, Stack, Text, ThemeIcon } from '@mantine/core';

/** What a Home section shows when it has nothing to list (or could not read it): an icon, a line and why. */
export function EmptyCard({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" ta="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          {icon}
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text c="dimmed" size="sm" maw={420}>
          {text}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}
