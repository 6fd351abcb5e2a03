/**
 * The offline tab: on-demand items that have a download-sized file, downloaded into this browser with
 * a real progress bar; played from the browser's storage (works with the network off); removed to free
 * the space. Storage used and available are the browser's own figures.
 */
import { useEffect, useState } from 'react';
import { Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OfflineContent } from '@onair/protocol';
import { CONTENT_TYPE_LABELS } from '@onair/protocol/constants';
import { apiRequest } from '../../lib/api';
import { toast, toastError } from '../../lib/toast';
import { contentQueries } from '../content/queries';
import { formatMinutes } from '../creator/format';
import { formatBytes } from '../../lib/format-bytes';
import { downloadForOffline, OFFLINE_KEY, offlinePlaybackUrl, removeDownload, storageEstimate, type StorageFigures } from './offline';
import { useStoredDownloads } from './offline-index';

export function OfflineTab({ userId }: { userId: number }) {
  const client = useQueryClient();
  const library = useQuery(contentQueries.list({ only: 'downloadable' }));
  const server = useQuery({ queryKey: OFFLINE_KEY, queryFn: () => apiRequest<OfflineContent[]>('GET', '/api/user/offline-content') });
  const stored = useStoredDownloads(userId);
  const [progress, setProgress] = useState<Record<number, number>>({});
  const [storage, setStorage] = useState<StorageFigures | null>(null);
  const [opened, setPlaying] = useState<{ id: number; url: string; mime: string } | null>(null);
  // A download removed here, in another tab or by a revocation stops playing with it, and its object
  // URL (the file's bytes, held for the player) is released then or when another item plays.
  const playing = opened && stored.some((s) => s.id === opened.id) ? opened : null;
  useEffect(() => () => void (playing && URL.revokeObjectURL(playing.url)), [playing]);

  const refreshStorage = () => void storageEstimate().then(setStorage);
  useEffect(refreshStorage, []);

  const downloadable = (library.data ?? []).filter((c) => !stored.some((s) => s.id === c.id));

  async function download(contentId: number, title: string) {
    setProgress((p) => ({ ...p, [contentId]: 0 }));
    try {
      const started = downloadForOffline(userId, contentId, (percent) => setProgress((p) => ({ ...p, [contentId]: percent })));
      toast({ title: 'Download Started', description: `${title} is being saved to this device.` });
      await started;
      void client.invalidateQueries({ queryKey: OFFLINE_KEY });
    } catch (error) {
      toastError('Download Failed')(error as Error);
    } finally {
      setProgress(({ [contentId]: _done, ...rest }) => rest);
      refreshStorage();
    }
  }

  async function remove(contentId: number) {
    try {
      await removeDownload(userId, contentId);
      void client.invalidateQueries({ queryKey: OFFLINE_KEY });
      toast({ title: 'Download Removed', description: 'The space it used is free again.' });
    } catch (error) {
      toastError('Remove Failed')(error as Error);
    } finally {
      refreshStorage();
    }
  }

  async function play(contentId: number, mime: string) {
    const url = await offlinePlaybackUrl(userId, contentId);
    if (url) setPlaying({ id: contentId, url, mime });
  }

  // Items downloaded on another device are listed by the server but not stored here.
  const elsewhere = (server.data ?? []).filter((s) => !stored.some((l) => l.id === s.id));

  return (
    <Stack>
      <Card withBorder>
        <Title order={2} size="h4">Storage</Title>
        {storage ? (
          <>
            <Text size="sm" data-testid="storage-figures">
              {formatBytes(storage.usage)} of {formatBytes(storage.quota)} used
            </Text>
            <Progress value={(storage.usage / storage.quota) * 100} aria-label="Storage used" mt="xs" />
          </>
        ) : (
          <Text size="sm" c="dimmed">This browser does not report its storage.</Text>
        )}
      </Card>

      {playing && (
        <Card withBorder>
          {playing.mime.startsWith('audio/') ? (
            <audio src={playing.url} controls autoPlay data-testid="offline-player" />
          ) : (
            <video src={playing.url} controls autoPlay muted playsInline style={{ width: '100%', maxHeight: 360 }} data-testid="offline-player" />
          )}
        </Card>
      )}

      <Title order={2} size="h4">On this device</Title>
      {stored.length === 0 && Object.keys(progress).length === 0 ? (
        <Text c="dimmed">No offline content available</Text>
      ) : (
        stored.map((item) => (
          <Card withBorder key={item.id} data-testid={`offline-item-${item.id}`}>
            <Group justify="space-between">
              <div>
                <Text fw={600}>{item.title}</Text>
                <Group gap="xs">
                  <Badge variant="light">{CONTENT_TYPE_LABELS[item.type]}</Badge>
                  <Text size="sm" c="dimmed">
                    {item.duration} min · {formatBytes(item.bytes)}
                  </Text>
                </Group>
              </div>
              <Group>
                <Button size="xs" onClick={() => void play(item.id, item.mime)}>
                  Play
                </Button>
                <Button size="xs" variant="default" onClick={() => void remove(item.id)}>
                  Remove
                </Button>
              </Group>
            </Group>
          </Card>
        ))
      )}
      {Object.entries(progress).map(([id, percent]) => (
        <Card withBorder key={`p${id}`}>
          <Text size="sm">Downloading… {percent}%</Text>
          <Progress value={percent} aria-label="Download progress" data-testid={`download-progress-${id}`} />
        </Card>
      ))}
      {elsewhere.length > 0 && (
        <Text size="sm" c="dimmed">
          Downloaded on your other devices: {elsewhere.map((e) => e.title).join(', ')}
        </Text>
      )}

      <Title order={2} size="h4">Available to download</Title>
      {library.isPending ? (
        <Text c="dimmed">Loading…</Text>
      ) : downloadable.length === 0 ? (
        <Text c="dimmed">Nothing to download yet: on-demand items appear here once their files are ready.</Text>
      ) : (
        downloadable.map((c) => (
          <Card withBorder key={c.id}>
            <Group justify="space-between">
              <div>
                <Text fw={600}>{c.title}</Text>
                <Group gap="xs">
                  <Badge variant="light">{CONTENT_TYPE_LABELS[c.type]}</Badge>
                  <Text size="sm" c="dimmed">{formatMinutes(c.duration)}</Text>
                </Group>
              </div>
              <Button size="xs" disabled={progress[c.id] !== undefined} onClick={() => void download(c.id, c.title)} aria-label={`Download ${c.title}`}>
                Download
              </Button>
            </Group>
          </Card>
        ))
      )}
    </Stack>
  );
}
