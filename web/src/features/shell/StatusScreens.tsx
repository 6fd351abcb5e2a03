import { useDocumentTitle } from '../../lib/document-title';
import type { ReactNode } from 'react';
import { Button, Card, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconMoodEmpty } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

function StatusCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Center py="xl">
      <Card withBorder radius="lg" padding="xl" maw={520} w="100%">
        <Stack align="center" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            {icon}
          </ThemeIcon>
          <Title order={1} size="h2">{title}</Title>
          {children}
        </Stack>
      </Card>
    </Center>
  );
}

/** Shown while a page's code or data is on its way. */
export function PageLoading() {
  return (
    <Center py="xl" role="status" aria-label="Loading page">
      <Loader />
    </Center>
  );
}

export function AccessDenied() {
  return (
    <StatusCard icon={<IconLock size={28} />} title="Access Denied">
      <Text c="dimmed">You need administrator privileges to view this page.</Text>
      <Button component={Link} to="/">
        Return to Home
      </Button>
    </StatusCard>
  );
}

export function CreatorAccessRequired({ message = 'Contact an administrator to upgrade your account to creator status.' }: { message?: string }) {
  return (
    <StatusCard icon={<IconLock size={28} />} title="Creator Access Required">
      <Text c="dimmed">{message}</Text>
      <Button component={Link} to="/creator" variant="light">
        Set up a creator profile
      </Button>
    </StatusCard>
  );
}

/**
 * The spec's 404 page for a path no route matches; a route whose item does not exist passes what is
 * missing instead of the spec's text, which is about the router and means nothing to a viewer.
 */
export function NotFound({ message = 'Did you forget to add the page to the router?' }: { message?: string }) {
  useDocumentTitle('Page Not Found');
  return (
    <StatusCard icon={<IconMoodEmpty size={28} />} title="404 Page Not Found">
      <Text c="dimmed">{message}</Text>
      <Button component={Link} to="/">
        Return to Home
      </Button>
    </StatusCard>
  );
}
