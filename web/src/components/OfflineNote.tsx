import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { useBrowserOnline } from '../lib/online';

/**
 * A line under a form that cannot send while the browser is offline (chat, polls, questions, money,
 * the Studio's Start): what waits, and until when. Nothing while online.
 */
export function OfflineNote({ children, testId }: { children: ReactNode; testId: string }) {
  if (useBrowserOnline()) return null;
  return (
    <Text size="sm" c="dimmed" mt={4} role="status" data-testid={testId}>
      You’re offline. {children}
    </Text>
  );
}
