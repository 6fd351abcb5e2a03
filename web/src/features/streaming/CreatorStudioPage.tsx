import { LoadError } from '../../components/LoadError';
import { useEffect, useState } from 'react';
import { Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBroadcast, IconChartBar, IconLayoutDashboard, IconPlayerPlay, IconPlayerStop, IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { StreamConfig } from '@onair/protocol';
import { OfflineNote } from '../../components/OfflineNote';
import { useBrowserOnline } from '../../lib/online';
import { toast, toastError } from '../../lib/toast';
import { useSingleFlight } from '../../lib/single-flight';
import { AnalyticsView } from '../analytics/AnalyticsView';
import { ActiveStreams } from './ActiveStreams';
import { DestinationsManager } from './DestinationsManager';
import { FfmpegNotice, useFfmpegMissing } from './FfmpegNotice';
import { IngestCard } from './IngestCard';
import { studioQueries, useActiveStreams, useSaveConfig, useStartStream, useStopStream, type StudioForm } from './queries';
import { BroadcastFields, descriptionError, EncodingFields } from './StreamFields';
import { mediaStudioQueries, receivingCount, useRestreamStates, useStreamHealth } from './mediaQueries';
import { StreamHealthPanel } from './StreamHealthPanel';

const platforms = (n: number) => `Broadcasting to ${n} ${n === 1 ? 'platform' : 'platforms'}`;

const toForm = ({ configId: _id, ingestUrl: _url, streamKey: _key, encoderWaitSeconds: _wait, ...form }: StreamConfig): StudioForm => form;

/** /creator-studio (creators and admins; the route shows Creator Access Required to others). */
export function CreatorStudioPage() {
  const config = useQuery(studioQueries.config());
  const active = useActiveStreams();
  const save = useSaveConfig();
  const start = useStartStream();
  const startOnce = useSingleFlight();
  const stop = useStopStream();
  // Going on air needs the server: Start waits for the connection rather than failing into a toast.
  const online = useBrowserOnline();
  const [form, setForm] = useState<StudioForm | null>(null);
  const [encodingValid, setEncodingValid] = useState(true);
  const streamList = active.data?.streams ?? [];
  const onAir = streamList.length > 0;
  const health = useStreamHealth(onAir);
  const restreams = useRestreamStates(onAir);
  const ffmpegMissing = useFfmpegMissing();
  const destinations = useQuery(mediaStudioQueries.destinations());

  // The form starts from the saved configuration (or the defaults) once it has loaded.
  useEffect(() => {
    if (config.data && !form) setForm(toForm(config.data));
  }, [config.data, form]);

  if (config.isError) return <LoadError error={config.error} retry={config.refetch} />;
  if (!config.data || !form) {
    return (
      <Group justify="center" p="xl">
        <Loader />
      </Group>
    );
  }
  const streams = streamList;
  const live = onAir;
  const streamIds = streams.map((s) => s.id);
  // Only copies really receiving count, so a destination still connecting or failing is not claimed.
  const receiving = receivingCount(restreams.data, streamIds);
  const currentStates = (restreams.data ?? []).filter((s) => streamIds.includes(s.streamId));
  const currentHealth = (health.data ?? []).filter((h) => streamIds.includes(h.streamId));
  const reachable = destinations.data ? new Set(destinations.data.filter((d) => d.enabled).map((d) => d.platform)) : undefined;
  const broadcastValid = descriptionError(form.description) === undefined;
  const change = <K extends keyof StudioForm>(field: K, value: StudioForm[K]) => setForm((f) => (f ? { ...f, [field]: value } : f));

  const onSave = () =>
    save.mutate(form, {
      onSuccess: () => toast({ title: 'Configuration Saved', description: 'Your stream settings are stored.' }),
      onError: toastError('Save Failed'),
    });
  const onStart = () => {
    if (!form.title.trim()) return toast({ title: 'Missing Title', description: 'Please enter a title for your stream.', variant: 'destructive' });
    startOnce((settled) =>
      start.mutate(form, {
        // At the start only OnAir is sure to receive; restream copies join the count in the Studio as they go live.
        onSuccess: (result) => toast({ title: 'Stream Started', description: platforms(receivingCount(restreams.data, [result.streamId])) }),
        onError: toastError('Stream Start Failed'),
        onSettled: settled,
      }),
    );
  };
  const onStop = (streamId: number) =>
    stop.mutate(streamId, {
      onSuccess: () => toast({ title: 'Stream Stopped', description: 'You are off air.' }),
      onError: toastError('Stop Failed'),
    });
  const stopAll = () => streams.forEach((s) => onStop(s.id));

  const control = (
    <Card withBorder radius="md">
      <Group justify="space-between">
        <Group>
          <Badge size="xl" color={live ? 'red' : 'gray'} variant={live ? 'filled' : 'light'} data-testid="stream-state">
            {live ? 'LIVE' : 'OFFLINE'}
          </Badge>
          <Text c="dimmed" size="sm">
            {live ? `${streams.reduce((n, s) => n + s.viewerCount, 0).toLocaleString()} watching now` : 'You are not on air.'}
          </Text>
          {live && (
            <Badge variant="light" data-testid="broadcasting-count">
              {platforms(receiving)}
            </Badge>
          )}
        </Group>
        {live ? (
          <Button color="red" leftSection={<IconPlayerStop size={16} />} onClick={stopAll} loading={stop.isPending}>
            Stop Stream
          </Button>
        ) : (
          <Button leftSection={<IconPlayerPlay size={16} />} onClick={onStart} loading={start.isPending} disabled={!broadcastValid || !online}>
            Start Stream
          </Button>
        )}
      </Group>
      {!live && <OfflineNote testId="studio-offline">Start Stream waits for your connection.</OfflineNote>}
      {ffmpegMissing && (
        <Text size="sm" c="red" mt="xs" data-testid="start-without-ffmpeg">
          Without ffmpeg on the server nothing will be packaged: starting puts your broadcast, chat and polls on air, but viewers get no picture or sound.
        </Text>
      )}
    </Card>
  );

  return (
    <Stack>
      <div>
        <Title order={1} size="h2">Creator Studio</Title>
        <Text c="dimmed">Configure your broadcast, choose destinations and go live.</Text>
      </div>
      <FfmpegNotice />
      {control}
      <Tabs defaultValue="dashboard" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="dashboard" leftSection={<IconLayoutDashboard size={16} />}>Dashboard</Tabs.Tab>
          <Tabs.Tab value="stream" leftSection={<IconBroadcast size={16} />}>Stream</Tabs.Tab>
          <Tabs.Tab value="settings" leftSection={<IconSettings size={16} />}>Settings</Tabs.Tab>
          <Tabs.Tab value="analytics" leftSection={<IconChartBar size={16} />}>Analytics</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="dashboard" pt="md">
          {live && (
            <Stack mb="md">
              <StreamHealthPanel health={currentHealth} titles={new Map(streams.map((s) => [s.id, s.title]))} encoderWaitSeconds={config.data?.encoderWaitSeconds ?? null} />
            </Stack>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <ActiveStreams streams={streams} onStop={onStop} stopping={stop.isPending ? (stop.variables ?? null) : null} />
            <IngestCard config={config.data} />
          </SimpleGrid>
        </Tabs.Panel>
        <Tabs.Panel value="stream" pt="md">
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <Card withBorder radius="md">
            <Stack>
              <BroadcastFields form={form} onChange={change} disabled={live} reachable={reachable} />
              <Group>
                <Button variant="default" onClick={onSave} loading={save.isPending} disabled={live || !broadcastValid}>
                  Save Configuration
                </Button>
                {!live && (
                  <Button leftSection={<IconPlayerPlay size={16} />} onClick={onStart} loading={start.isPending} disabled={!broadcastValid || !online}>
                    Start Stream
                  </Button>
                )}
              </Group>
              {live && <Text size="sm" c="dimmed">Stop the stream to change what it is called and where it goes.</Text>}
            </Stack>
          </Card>
          <DestinationsManager states={currentStates} />
          </SimpleGrid>
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Card withBorder radius="md">
              <Stack>
                <EncodingFields form={form} onChange={change} disabled={live} onValidity={setEncodingValid} />
                <Button variant="default" onClick={onSave} loading={save.isPending} disabled={live || !encodingValid} w="fit-content">
                  Save Configuration
                </Button>
              </Stack>
            </Card>
            <IngestCard config={config.data} />
          </SimpleGrid>
        </Tabs.Panel>
        <Tabs.Panel value="analytics" pt="md">
          <AnalyticsView emptyText="Nobody has watched your content yet." />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
