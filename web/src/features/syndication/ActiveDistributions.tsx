import { useState } from 'react';
import { ActionIcon, Button, Card, Group, List, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconExternalLink, IconLink, IconRefresh } from '@tabler/icons-react';
import { PLATFORM_CATALOGUE, type PodcastSyndication } from '@onair/protocol';
import { toast, toastError } from '../../lib/toast';
import { syncTime } from './format';
import { useSetExternalId, useSync } from './queries';
import { StatusBadge } from './StatusBadge';

/** Spec §2: per row the title, platform, last sync, status, a sync button and the external link. */
export function ActiveDistributions({ records }: { records: PodcastSyndication[] }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text fw={600} mb="sm">
        Active Distributions
      </Text>
      {records.length === 0 ? (
        <Text c="dimmed" ta="center" p="lg">
          Nothing distributed yet
        </Text>
      ) : (
        <Stack gap="sm">
          {records.map((r) => (
            <DistributionRow key={r.id} record={r} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

function DistributionRow({ record }: { record: PodcastSyndication }) {
  const sync = useSync();
  const setLink = useSetExternalId();
  const [editing, setEditing] = useState(false);
  const [link, setLinkText] = useState(record.externalId ?? '');
  const platform = PLATFORM_CATALOGUE[record.platform];
  const onSync = () =>
    sync.mutate(record.id, {
      onSuccess: () => toast({ title: 'Sync Complete', description: 'Platform data has been synchronized.' }),
      onError: toastError('Sync Failed'),
    });
  const onSaveLink = () =>
    setLink.mutate(
      { id: record.id, externalId: link.trim() || null },
      { onSuccess: () => setEditing(false), onError: toastError('Update Failed') },
    );
  return (
    <Card withBorder padding="sm" radius="sm" data-testid={`distribution-${record.contentId}-${record.platform}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={500} truncate>
            {record.contentTitle}
          </Text>
          <Text size="sm" c="dimmed">
            {platform.name} · {record.showTitle} · Last sync: {syncTime(record.lastSync)}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          <StatusBadge status={record.status} />
          <Tooltip label="Sync">
            <ActionIcon variant="subtle" aria-label={`Sync ${record.contentTitle} on ${platform.name}`} onClick={onSync} loading={sync.isPending}>
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Show link on the platform">
            <ActionIcon variant="subtle" aria-label={`Set the ${platform.name} link`} onClick={() => setEditing((v) => !v)}>
              <IconLink size={18} />
            </ActionIcon>
          </Tooltip>
          {record.externalId && (
            <ActionIcon component="a" href={record.externalId} target="_blank" rel="noreferrer" variant="subtle" aria-label={`Open on ${platform.name}`}>
              <IconExternalLink size={18} />
            </ActionIcon>
          )}
        </Group>
      </Group>
      {record.status === 'failed' && record.reasons.length > 0 && (
        <List size="sm" c="red" mt="xs" spacing={2}>
          {record.reasons.map((reason) => (
            <List.Item key={reason}>{reason}</List.Item>
          ))}
        </List>
      )}
      {record.status === 'published' && !record.externalId && (
        <Text size="xs" c="dimmed" mt={4}>
          Submit {record.feedUrl} at {platform.submitUrl}, then paste the show link here.
        </Text>
      )}
      {editing && (
        <Group mt="xs" gap="xs" align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            size="xs"
            label={`${platform.name} show link`}
            placeholder="https://…"
            value={link}
            onChange={(e) => setLinkText(e.currentTarget.value)}
          />
          <Button size="xs" onClick={onSaveLink} loading={setLink.isPending}>
            Save link
          </Button>
        </Group>
      )}
    </Card>
  );
}
