import { LoadError } from '../../components/LoadError';
import { Alert, Badge, Card, Code, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { languageName, type EnginesReport } from '@onair/protocol';
import { ForOperators } from '../shell/ForOperators';
import { languageQueries } from './queries';
import { SpeechSupport } from './SpeechSupport';

function routeText(route: string[]) {
  return route.length > 2 ? `via ${languageName(route[1]!)}` : 'direct';
}

/** The 12 languages of spec §9, each marked with whether an engine here translates English into it. */
export function LanguageSupport() {
  const engines = useQuery(languageQueries.engines());
  if (engines.isPending) return <Text c="dimmed">Checking the translation engines…</Text>;
  if (engines.isError) return <LoadError error={engines.error} retry={engines.refetch} />;
  const report: EnginesReport = engines.data;
  const broken = report.apertium.pairs.filter((p) => !p.working);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">Languages</Title>
      <ForOperators>
        <Text size="sm" c="dimmed">
          Translation from English on this server: Apertium {report.apertium.installed ? 'is installed' : 'is not installed'}; the LibreTranslate engine is{' '}
          {report.libreTranslate.configured ? `set to ${report.libreTranslate.url}${report.libreTranslate.reachable ? '' : ' (not answering)'}` : 'not configured'}.
        </Text>
      </ForOperators>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
        {report.languages.map((l) => (
          <Card key={l.code} withBorder padding="xs" data-testid={`language-${l.code}`}>
            {/* In a narrow card the engine's badge goes under the name rather than being cut short. */}
            <Group justify="space-between" gap={4}>
              <Group gap={6} wrap="nowrap">
                {l.available ? <IconCheck size={16} color="var(--mantine-color-green-6)" /> : <IconX size={16} color="var(--mantine-color-gray-6)" />}
                <Text fw={500}>{l.name}</Text>
                <Text size="xs" c="dimmed">
                  {l.code}
                </Text>
              </Group>
              {l.code === 'en' ? (
                <Badge variant="light" color="gray">
                  source
                </Badge>
              ) : l.available ? (
                <Badge variant="light" color="green">
                  {l.engine === 'apertium' ? `Apertium, ${routeText(l.route)}` : 'LibreTranslate'}
                </Badge>
              ) : (
                <Tooltip label={<ForOperators others="Not available on this server">{l.hint}</ForOperators>} multiline w={320} withArrow>
                  <Badge variant="light" color="gray">
                    no engine
                  </Badge>
                </Tooltip>
              )}
            </Group>
            {!l.available && l.hint && (
              <ForOperators>
                <Text size="xs" c="dimmed" mt={4}>
                  {l.hint}
                </Text>
              </ForOperators>
            )}
          </Card>
        ))}
      </SimpleGrid>
      <SpeechSupport report={report.transcription} />
      <ForOperators>
        {!report.apertium.installed && (
          <Alert color="yellow" icon={<IconAlertTriangle size={16} />} title="Offline translation is not installed">
            Install Apertium and its language pairs: <Code>{report.apertium.install}</Code> (or <Code>npm run setup:system</Code>).
          </Alert>
        )}
        {broken.length > 0 && (
          <Alert color="yellow" icon={<IconAlertTriangle size={16} />} title="Some Apertium pairs do not work">
            {broken.map((p) => (
              <Text size="sm" key={p.mode}>
                {p.mode}: {p.problem}
              </Text>
            ))}
          </Alert>
        )}
      </ForOperators>
    </Stack>
  );
}
