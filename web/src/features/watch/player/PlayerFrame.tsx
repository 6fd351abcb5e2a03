import type { ReactNode } from 'react';
import { AspectRatio, Card, Center, Loader, Stack, Text } from '@mantine/core';

/** The dark 16:9 screen that shows a state instead of a picture (offline, starting, processing, errors). */
export function PlayerFrame({ icon, title, children, busy = false, testId }: { icon?: ReactNode; title: string; children?: ReactNode; busy?: boolean; testId?: string }) {
  return (
    <AspectRatio ratio={16 / 9}>
      <Card radius="md" bg="dark.8" c="gray.3" data-testid={testId} aria-live="polite">
        <Center h="100%">
          <Stack align="center" gap="xs" ta="center" maw={460}>
            {busy ? <Loader color="gray.3" /> : icon}
            <Text fw={600} c="white">
              {title}
            </Text>
            {children}
          </Stack>
        </Center>
      </Card>
    </AspectRatio>
  );
}
