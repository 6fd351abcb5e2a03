import { Stack, Text, Title } from '@mantine/core';
import { useAuth } from '../auth/AuthProvider';
import { AnalyticsView } from './AnalyticsView';

const SCOPES = {
  admin: { text: 'Viewership of everything on OnAir.', empty: 'No views have been recorded yet.' },
  creator: { text: 'Viewership of your content.', empty: 'Nobody has watched your content yet.' },
  viewer: { text: 'What you have watched, by device and country.', empty: 'You have not watched anything yet.' },
} as const;

/** /analytics: the same view, scoped by the server to the caller's role. */
export function AnalyticsPage() {
  const { user } = useAuth();
  const scope = SCOPES[user?.role ?? 'viewer'];
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">Analytics</Title>
        <Text c="dimmed">{scope.text}</Text>
      </div>
      <AnalyticsView emptyText={scope.empty} />
    </Stack>
  );
}
