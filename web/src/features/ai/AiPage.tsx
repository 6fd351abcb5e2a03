import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconFileText, IconSparkles } from '@tabler/icons-react';
import { RecommendationsTab } from './RecommendationsTab';
import { SummaryTab } from './SummaryTab';
import { CaptionsQuality } from './CaptionsQuality';

/** /ai: summaries (default tab) and recommendations. */
export function AiPage() {
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">AI Features</Title>
        <Text c="dimmed">Summaries of long texts, and recommendations computed from what you watch.</Text>
        <CaptionsQuality detail c="dimmed" mt={4} />
      </div>
      {/* Panels mount when opened, so the recommendations are only computed when someone looks. */}
      <Tabs defaultValue="summary" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="summary" leftSection={<IconFileText size={16} />}>
            Summary
          </Tabs.Tab>
          <Tabs.Tab value="recommendations" leftSection={<IconSparkles size={16} />}>
            Recommendations
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="summary" pt="md">
          <SummaryTab />
        </Tabs.Panel>
        <Tabs.Panel value="recommendations" pt="md">
          <RecommendationsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
