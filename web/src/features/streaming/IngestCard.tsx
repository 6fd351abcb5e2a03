import { ActionIcon, Button, Card, CopyButton, Group, List, PasswordInput, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import type { StreamConfig } from '@onair/protocol';
import { toast, toastError } from '../../lib/toast';
import { useRegenerateKey } from './queries';

function Copy({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : `Copy ${label}`}>
          <ActionIcon variant="subtle" onClick={copy} aria-label={`Copy ${label}`}>
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** OBS's own words for where the two values go, and the encoder settings the packager works best with. */
function ObsSteps() {
  return (
    <div data-testid="obs-steps">
      <Text size="sm" fw={600} mb={4}>
        In OBS Studio
      </Text>
      <List type="ordered" size="sm" spacing={2}>
        <List.Item>Settings → Stream → Service: Custom…</List.Item>
        <List.Item>Server: paste the ingest URL; Stream Key: paste the stream key. Apply.</List.Item>
        <List.Item>Settings → Output → Streaming: Keyframe Interval 2 s, and the bitrate you set here.</List.Item>
        <List.Item>Press Start Stream here, then Start Streaming in OBS. Your picture appears on OnAir within a few seconds.</List.Item>
      </List>
      <Text size="xs" c="dimmed" mt={6}>
        Keep the key secret: anyone who has it can stream as you. Regenerate it if it leaks.
      </Text>
    </div>
  );
}

/** Where an encoder sends the stream, and the secret key it presents. */
export function IngestCard({ config }: { config: StreamConfig }) {
  const regenerate = useRegenerateKey();
  return (
    <Card withBorder radius="md">
      <Stack>
        <Title order={2} size="h4">Encoder settings</Title>
        <TextInput label="Ingest URL" value={config.ingestUrl} readOnly rightSection={<Copy value={config.ingestUrl} label="ingest URL" />} />
        {config.streamKey ? (
          <PasswordInput label="Stream key" value={config.streamKey} readOnly rightSectionWidth={64} rightSection={<Copy value={config.streamKey} label="stream key" />} />
        ) : (
          <Text size="sm" c="dimmed">
            {config.configId === null ? 'Save the configuration to get a stream key.' : 'The stored key can no longer be read here; generate a new one.'}
          </Text>
        )}
        <Group>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={regenerate.isPending}
            onClick={() =>
              regenerate.mutate(undefined, {
                onSuccess: () =>
                  toast(
                    config.streamKey
                      ? { title: 'Stream Key Regenerated', description: 'The old key no longer works, and an encoder still using it is cut. Update your encoder.' }
                      : { title: 'Stream Key Created', description: 'Paste it into your encoder with the ingest URL.' },
                  ),
                onError: toastError('Update Failed'),
              })
            }
          >
            {config.streamKey ? 'Regenerate key' : 'Generate key'}
          </Button>
        </Group>
        <ObsSteps />
      </Stack>
    </Card>
  );
}
