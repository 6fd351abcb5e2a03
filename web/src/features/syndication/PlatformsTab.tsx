import { Anchor, Card, List, SimpleGrid, Text, Title } from '@mantine/core';
import { PLATFORM_CATALOGUE, PODCAST_PLATFORMS } from '@onair/protocol';

/** Spec §2 Platforms: each directory's requirements, features and numbered setup steps. */
export function PlatformsTab() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {PODCAST_PLATFORMS.map((id) => {
        const p = PLATFORM_CATALOGUE[id];
        return (
          <Card key={id} withBorder radius="md" padding="md">
            <Title order={2} size="h4">{p.name}</Title>
            <Text size="sm" c="dimmed" mb="sm">
              {p.tagline}
            </Text>
            <Text fw={600} size="sm">
              Requirements
            </Text>
            <List size="sm" mb="sm">
              {p.requirements.map((r) => (
                <List.Item key={r}>{r}</List.Item>
              ))}
            </List>
            <Text fw={600} size="sm">
              Features
            </Text>
            <List size="sm" mb="sm">
              {p.features.map((f) => (
                <List.Item key={f}>{f}</List.Item>
              ))}
            </List>
            <Text fw={600} size="sm">
              Setup steps
            </Text>
            <List type="ordered" size="sm" mb="sm">
              {p.setupSteps.map((s) => (
                <List.Item key={s}>{s}</List.Item>
              ))}
            </List>
            <Anchor href={p.submitUrl} target="_blank" rel="noreferrer" size="sm">
              {p.submitUrl}
            </Anchor>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
