import { Alert, Button, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBulb, IconInfoCircle } from '@tabler/icons-react';
import type { ViewershipRecord } from '@onair/protocol';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useInsights } from './queries';

function Section({ title, items }: { title: string; items: string[] }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">{title}</Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing to report.
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** Insights from the insights job over one record; asked for on demand because they take a moment. */
export function InsightsPanel({ record, scopeNote }: { record: ViewershipRecord | undefined; scopeNote: string | null }) {
  const insights = useInsights();
  if (!record) {
    return (
      <Text c="dimmed" ta="center" p="xl">
        No views recorded yet, so there is nothing to analyse.
      </Text>
    );
  }
  const missing = insights.error instanceof ApiError && insights.error.status === 404;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Insights for “{record.title}”{scopeNote ? ` (${scopeNote})` : ''}.
      </Text>
      <div>
        <Button
          leftSection={<IconBulb size={16} />}
          loading={insights.isPending}
          onClick={() =>
            insights.mutate(record, {
              onError: (error) => {
                if (!(error instanceof ApiError && error.status === 404)) toast({ title: 'Insights Failed', description: error.message, variant: 'destructive' });
              },
            })
          }
        >
          Generate Insights
        </Button>
      </div>
      {missing && (
        <Alert icon={<IconInfoCircle size={16} />} color="gray" title="Insights are not available on this server">
          The insights service did not answer. The charts above are computed from your data either way.
        </Alert>
      )}
      {insights.data && (
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <Section title="Insights" items={insights.data.insights} />
          <Section title="Recommendations" items={insights.data.recommendations} />
          <Section title="Trends" items={insights.data.trends} />
        </SimpleGrid>
      )}
    </Stack>
  );
}
