import { LoadError } from '../../components/LoadError';
import { Button, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconChartBar, IconListDetails, IconRefresh, IconSend, IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { toast, toastError } from '../../lib/toast';
import { AnalyticsTab } from './AnalyticsTab';
import { DistributeTab } from './DistributeTab';
import { PlatformsTab } from './PlatformsTab';
import { syndicationQueries, useSync, useSyndicationLive } from './queries';
import { SettingsTab } from './SettingsTab';

/** /podcast-syndication (spec §2): the count of active distributions, Sync All and four tabs. */
export function PodcastSyndicationPage() {
  const live = useSyndicationLive();
  const records = useQuery({ ...syndicationQueries.list(), refetchInterval: live.polling ? 5000 : false });
  const shows = useQuery(syndicationQueries.shows());
  const syncAll = useSync();

  if (records.isError || shows.isError) return <LoadError error={(records.error ?? shows.error)!} retry={() => Promise.all([records.refetch(), shows.refetch()])} />;
  if (!records.data || !shows.data) {
    return (
      <Group justify="center" p="xl">
        <Loader />
      </Group>
    );
  }
  const onSyncAll = () =>
    syncAll.mutate(0, {
      onSuccess: () => toast({ title: 'Sync Complete', description: 'Platform data has been synchronized.' }),
      onError: toastError('Sync Failed'),
    });
  // A failed distribution is not active: it is counted apart, to be fixed and synced again.
  const failed = records.data.filter((r) => r.status === 'failed').length;
  const active = records.data.length - failed;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">Podcast Syndication</Title>
          <Text c="dimmed" data-testid="active-distributions">
            {active} active distribution{active === 1 ? '' : 's'}
            {failed > 0 ? ` · ${failed} failed` : ''}
            {live.step ? ` · ${live.step}` : ''}
          </Text>
        </div>
        <Button leftSection={<IconRefresh size={16} />} onClick={onSyncAll} loading={syncAll.isPending}>
          Sync All
        </Button>
      </Group>
      <Tabs defaultValue="distribute" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="distribute" leftSection={<IconSend size={16} />}>
            Distribute Content
          </Tabs.Tab>
          <Tabs.Tab value="platforms" leftSection={<IconListDetails size={16} />}>
            Platforms
          </Tabs.Tab>
          <Tabs.Tab value="analytics" leftSection={<IconChartBar size={16} />}>
            Analytics
          </Tabs.Tab>
          <Tabs.Tab value="settings" leftSection={<IconSettings size={16} />}>
            Settings
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="distribute" pt="md">
          <DistributeTab records={records.data} shows={shows.data} />
        </Tabs.Panel>
        <Tabs.Panel value="platforms" pt="md">
          <PlatformsTab />
        </Tabs.Panel>
        <Tabs.Panel value="analytics" pt="md">
          <AnalyticsTab />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <SettingsTab shows={shows.data} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
