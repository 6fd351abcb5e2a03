import { useDocumentTitle } from '../../lib/document-title';
import type { ReactNode } from 'react';
import { Badge, Button, Card, Center, List, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconMoodEmpty, IconPoint, IconTools } from '@tabler/icons-react';
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

/**
 * A page that a later release builds. It names the page and says what it will do, so that no
 * navigation item is a dead end and nobody mistakes it for a broken page.
 */
export function ComingSoon({ title, description, plans }: { title: string; description: string; plans: string[] }) {
  return (
    <StatusCard icon={<IconTools size={28} />} title={title}>
      <Badge variant="light" color="yellow">
        Coming soon
      </Badge>
      <Text c="dimmed">{description}</Text>
      <List ta="left" spacing={6} size="sm" icon={<IconPoint size={16} />} aria-label={`What ${title} will offer`}>
        {plans.map((plan) => (
          <List.Item key={plan}>{plan}</List.Item>
        ))}
      </List>
      <Button component={Link} to="/" variant="default">
        Back to Home
      </Button>
    </StatusCard>
  );
}
