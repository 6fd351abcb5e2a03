/**
 * Restream destinations: where the live input is copied besides OnAir. Each has a server URL and a
 * stream key; the key goes to the server once and comes back only as its last characters. While live,
 * each row shows its copy's state from `restream:state`.
 */
import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, PasswordInput, Select, Stack, Switch, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { RESTREAM_PLATFORMS, type RestreamPlatform, type RestreamState, type RestreamTarget } from '@onair/protocol';
import { toast, toastError } from '../../lib/toast';
import { mediaStudioQueries, useDestinationMutations } from './mediaQueries';

const PLATFORM_LABEL: Record<RestreamPlatform, string> = { facebook: 'Facebook', youtube: 'YouTube', twitter: 'Twitter', custom: 'Custom RTMP server' };

/** The ingest servers the platforms publish for their own encoders; Twitter (X) gives one per source. */
const SERVER_HINT: Record<RestreamPlatform, string> = {
  facebook: 'rtmps://live-api-s.facebook.com:443/rtmp/',
  youtube: 'rtmp://a.rtmp.youtube.com/live2',
  twitter: 'rtmps://… (from X Media Studio → Producer → Sources)',
  custom: 'rtmp://host/app',
};

const STATE_COLOUR: Record<RestreamState['state'], string> = { connecting: 'blue', live: 'green', failed: 'red', retrying: 'yellow', stopped: 'gray' };

export function mask(keyHint: string): string {
  return `••••${keyHint}`;
}

function StateBadge({ state }: { state: RestreamState }) {
  const label = state.state === 'retrying' ? `retrying (attempt ${state.attempts + 1})` : state.state;
  const badge = (
    <Badge color={STATE_COLOUR[state.state]} variant={state.state === 'live' ? 'filled' : 'light'} data-testid="destination-state">
      {label}
    </Badge>
  );
  return state.reason ? <Tooltip label={state.reason} multiline w={320}>{badge}</Tooltip> : badge;
}

function DestinationRow({ target, state }: { target: RestreamTarget; state: RestreamState | undefined }) {
  const { setEnabled, remove } = useDestinationMutations();
  // While the change is on its way the switch shows what was asked: a list refetched meanwhile (a
  // reconnection's resync) still holds the old value and must not flip it back.
  const enabled = setEnabled.isPending ? setEnabled.variables.enabled : target.enabled;
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="destination-row">
      <div style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={600} truncate>
            {target.name}
          </Text>
          <Badge variant="outline" size="sm">
            {PLATFORM_LABEL[target.platform]}
          </Badge>
          {state && <StateBadge state={state} />}
        </Group>
        <Text size="xs" c="dimmed" truncate>
          {target.serverUrl} · key <span style={{ fontFamily: 'monospace' }}>{mask(target.keyHint)}</span>
        </Text>
        {state?.state === 'failed' && state.reason && (
          <Text size="xs" c="red">
            {state.reason}
          </Text>
        )}
      </div>
      <Group gap="xs" wrap="nowrap">
        <Switch
          aria-label={`Send to ${target.name}`}
          checked={enabled}
          disabled={setEnabled.isPending}
          onChange={(e) => setEnabled.mutate({ id: target.id, enabled: e.currentTarget.checked }, { onError: toastError('Update Failed') })}
        />
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${target.name}`}
          loading={remove.isPending && remove.variables === target.id}
          onClick={() => remove.mutate(target.id, { onSuccess: () => toast({ title: 'Destination Removed', description: `${target.name} will no longer receive your stream.` }), onError: toastError('Delete Failed') })}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
    </Group>
  );
}

function AddDestination() {
  const { add } = useDestinationMutations();
  const [platform, setPlatform] = useState<RestreamPlatform>('youtube');
  const [name, setName] = useState('');
  const [serverUrl, setServerUrl] = useState('');
  const [streamKey, setStreamKey] = useState('');
  const submit = () =>
    add.mutate(
      { platform, name: name.trim() || PLATFORM_LABEL[platform], serverUrl, streamKey },
      {
        onSuccess: (target) => {
          toast({ title: 'Destination Added', description: `${target.name} will receive your next broadcast.` });
          setName('');
          setServerUrl('');
          setStreamKey('');
        },
        onError: toastError('Could Not Add Destination'),
      },
    );
  return (
    <Stack gap="xs">
      <Group grow align="flex-start">
        <Select
          label="Platform"
          data={RESTREAM_PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABEL[p] }))}
          value={platform}
          onChange={(v) => v && setPlatform(v as RestreamPlatform)}
          allowDeselect={false}
        />
        <TextInput label="Name" placeholder={PLATFORM_LABEL[platform]} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={80} />
      </Group>
      <TextInput label="Server URL" placeholder={SERVER_HINT[platform]} value={serverUrl} onChange={(e) => setServerUrl(e.currentTarget.value)} maxLength={500} />
      <PasswordInput label="Stream key" description="From the platform's live dashboard. OnAir stores it encrypted and never shows it again." value={streamKey} onChange={(e) => setStreamKey(e.currentTarget.value)} autoComplete="off" />
      <Button leftSection={<IconPlus size={16} />} onClick={submit} loading={add.isPending} disabled={!serverUrl.trim() || !streamKey.trim()} w="fit-content">
        Add destination
      </Button>
    </Stack>
  );
}

export function DestinationsManager({ states }: { states: RestreamState[] }) {
  const targets = useQuery(mediaStudioQueries.destinations());
  const stateOf = (id: number) => states.filter((s) => s.targetId === id).at(-1);
  return (
    <Card withBorder radius="md" data-testid="destinations-manager">
      <Stack>
        <div>
          <Title order={2} size="h4">Restream destinations</Title>
          <Text size="sm" c="dimmed">
            While you are live, OnAir copies your stream to every enabled destination, without re-encoding. One failing never stops the others.
          </Text>
        </div>
        {targets.isError ? (
          <Text c="red" size="sm">
            {targets.error.message}
          </Text>
        ) : targets.data && targets.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            No destinations yet.
          </Text>
        ) : (
          <Stack gap="sm">
            {targets.data?.map((t) => <DestinationRow key={t.id} target={t} state={stateOf(t.id)} />)}
          </Stack>
        )}
        <AddDestination />
      </Stack>
    </Card>
  );
}
