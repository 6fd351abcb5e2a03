import { ActionIcon, Alert, Button, Card, CopyButton, Group, PasswordInput, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
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

/** Where an encoder sends the stream, and the secret key it presents. */
export function IngestCard({ config }: { config: StreamConfig }) {
  const regenerate = useRegenerateKey();
  return (
    <Card withBorder radius="md">
      <Stack>
        <Title order={4}>Encoder settings</Title>
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
                onSuccess: () => toast({ title: 'Stream Key Regenerated', description: 'The old key no longer works. Update your encoder.' }),
                onError: toastError('Update Failed'),
              })
            }
          >
            {config.streamKey ? 'Regenerate key' : 'Generate key'}
          </Button>
        </Group>
        <Alert icon={<IconInfoCircle size={16} />} color="yellow" title="Video ingest is not connected yet">
          OnAir does not receive video from encoders yet. Going live publishes your broadcast, its chat, polls and live viewer counts;
          the picture and sound follow when the media pipeline is connected. Keep the key secret: anyone who has it can stream as you.
        </Alert>
      </Stack>
    </Card>
  );
}
