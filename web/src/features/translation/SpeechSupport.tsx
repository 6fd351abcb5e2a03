import { Badge, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { TranscriptionReport } from '@onair/protocol';
import { ForOperators } from '../shell/ForOperators';

/** Which speech-to-text engine serves which language (captions and transcripts), from the engines report. */
export function SpeechSupport({ report }: { report: TranscriptionReport }) {
  return (
    <Stack gap="xs" data-testid="speech-support">
      <Title order={3} size="h5">Captions and transcripts</Title>
      <ForOperators>
        <Text size="sm" c="dimmed">
          PocketSphinx (offline, English) {report.pocketsphinx.installed ? 'is installed' : `is not installed: ${report.pocketsphinx.install}`}; the transcription server is{' '}
          {report.server.configured ? `set to ${report.server.url}` : 'not configured (TRANSCRIBE_URL)'}.
        </Text>
      </ForOperators>
      <Group gap={6}>
        {report.languages.map((l) => (
          <Tooltip
            key={l.code}
            label={l.hint ? <ForOperators others="Not available on this server">{l.hint}</ForOperators> : `Transcribed by ${l.engine === 'pocketsphinx' ? 'PocketSphinx' : 'the transcription server'}`}
            multiline
            w={300}
            withArrow
          >
            <Badge variant="light" color={l.engine ? 'green' : 'gray'} data-testid={`speech-${l.code}`}>
              {l.name}: {l.engine === 'pocketsphinx' ? 'PocketSphinx' : l.engine ? 'server' : 'no engine'}
            </Badge>
          </Tooltip>
        ))}
      </Group>
    </Stack>
  );
}
