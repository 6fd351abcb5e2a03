/**
 * The session could not be read at all (no network, or the server is down): whether the person is
 * signed in is unknown, so neither the sign-in page nor the app is shown. The read is tried again every
 * few seconds and the moment the browser is back online; the page it resolves to then appears by itself.
 */
import { useEffect } from 'react';
import { Button, Card, Center, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';

/** How often the session read is retried while unreachable. */
export const SESSION_RETRY_MS = 5000;

export function SessionUnreachable({ retry, retrying }: { retry: () => void; retrying: boolean }) {
  useEffect(() => {
    const timer = setInterval(retry, SESSION_RETRY_MS);
    window.addEventListener('online', retry);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', retry);
    };
  }, [retry]);
  return (
    <Center h="100vh" p="md">
      <Card withBorder radius="md" maw={440} component="main">
        <Stack align="center" ta="center">
          <IconPlugConnectedX size={40} aria-hidden />
          <Title order={1} size="h3">
            Can’t reach OnAir
          </Title>
          <Text c="dimmed">Your connection or the OnAir server is down. You are still signed in; this page tries again by itself.</Text>
          <Button onClick={retry} loading={retrying}>
            Try again
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}
