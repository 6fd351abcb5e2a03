/**
 * The admin dashboard of spec §2. It loads its four queries with a spinner; if the server refuses any
 * of them (401/403) it shows Access Denied. Six tabs on real data; Export Data downloads the current
 * tab as CSV; Refresh refetches the admin queries. Moderation and system health arrive live.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Card, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { keepPreviousData, useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AdminUsers } from '@onair/protocol';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { AccessDenied } from '../shell/StatusScreens';
import { ContentTab, type AdminTab } from './ContentTab';
import { downloadCsv } from '../../lib/csv';
import { exportRows } from './export';
import { useAdminLive, useHealthHistory, useModerationQueue } from './live';
import { ModerationTab } from './ModerationTab';
import { OverviewTab } from './OverviewTab';
import { adminQueries, type ContentPeriod, type RegionPeriod } from './queries';
import { RegionalTab } from './RegionalTab';
import { SystemHealthMonitor } from './SystemHealthMonitor';
import { UsersTab } from './UsersTab';

const TABS: { value: AdminTab; label: string }[] = [
  { value: 'overview', label: 'Overview' },
  { value: 'content', label: 'Content Analytics' },
  { value: 'users', label: 'User Management' },
  { value: 'regional', label: 'Regional Performance' },
  { value: 'moderation', label: 'Moderation' },
  { value: 'system', label: 'System Health' },
];

const refused = (error: Error | null) => error instanceof ApiError && (error.status === 401 || error.status === 403);

export function AdminPage() {
  const client = useQueryClient();
  const [tab, setTab] = useState<AdminTab>('overview');
  const [contentPeriod, setContentPeriod] = useState<ContentPeriod>('week');
  const [regionPeriod, setRegionPeriod] = useState<RegionPeriod>('week');
  useAdminLive();

  // Changing a period keeps the previous figures on screen until the new ones arrive.
  const content = useQuery({ ...adminQueries.contentMetrics(contentPeriod), placeholderData: keepPreviousData });
  const regions = useQuery({ ...adminQueries.regionMetrics(regionPeriod), placeholderData: keepPreviousData });
  const usage = useQuery(adminQueries.usage());
  const moderation = useModerationQueue();
  const fetching = useIsFetching({ queryKey: adminQueries.all() });
  const history = useHealthHistory((s) => s.samples);

  const queries = [content, regions, usage, moderation];
  const error = queries.find((q) => q.isError)?.error ?? null;
  if (refused(error)) return <AccessDenied />;
  if (queries.some((q) => q.isPending && !q.isError)) {
    return (
      <Center py={80}>
        <Loader aria-label="Loading the admin dashboard" />
      </Center>
    );
  }
  if (!content.data || !usage.data || !moderation.data) {
    return (
      <Center py="xl">
        <Card withBorder radius="lg" padding="xl" maw={520}>
          <Stack align="center" ta="center">
            <Title order={2} size="h3">The dashboard could not be loaded</Title>
            <Text c="dimmed">{error?.message}</Text>
            <Group>
              <Button onClick={() => void client.invalidateQueries({ queryKey: adminQueries.all() })}>Try again</Button>
              <Button component={Link} to="/" variant="default">
                Return to Home
              </Button>
            </Group>
          </Stack>
        </Card>
      </Center>
    );
  }

  const refresh = () => void client.invalidateQueries({ queryKey: adminQueries.all() });
  const exportTab = () => {
    // The users tab keeps its own search; export the page it shows (the latest users answer).
    const usersAnswer = client
      .getQueryCache()
      .findAll({ queryKey: ['admin', 'users'] })
      .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)[0]?.state.data as AdminUsers | undefined;
    const rows = exportRows(tab, { usage: usage.data, content: content.data, regions: regions.data, moderation: moderation.data, users: usersAnswer, health: history });
    if (!rows || rows.length === 0) {
      toast({ title: 'Nothing to export', description: 'This tab has no data yet.' });
      return;
    }
    downloadCsv(`onair-admin-${tab}`, rows);
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Admin Dashboard</Title>
          <Text c="dimmed">Platform health, content, people and moderation, from recorded activity.</Text>
        </div>
        <Group>
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={exportTab}>
            Export Data
          </Button>
          <Button leftSection={<IconRefresh size={16} />} onClick={refresh} loading={fetching > 0}>
            Refresh
          </Button>
        </Group>
      </Group>
      {error && (
        <Alert color="red" title="Some figures could not be refreshed">
          {error.message}
        </Alert>
      )}
      <Tabs value={tab} onChange={(v) => v && setTab(v as AdminTab)} keepMounted={false}>
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab
              key={t.value}
              value={t.value}
              rightSection={
                t.value === 'moderation' && moderation.data.counters.pending > 0 ? (
                  // A circle fits one digit; longer counts get a pill so they are not cut.
                  <Badge size="sm" color="brand" circle={moderation.data.counters.pending < 10} aria-label={`${moderation.data.counters.pending} pending`}>
                    {moderation.data.counters.pending > 99 ? '99+' : moderation.data.counters.pending}
                  </Badge>
                ) : undefined
              }
            >
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Stack pt="md">
          <Tabs.Panel value="overview">
            <Stack>
              <OverviewTab usage={usage.data} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="content">
            <Stack>
              <ContentTab
                metrics={content.data}
                usage={usage.data}
                period={contentPeriod}
                onPeriod={setContentPeriod}
                refreshing={content.isPlaceholderData}
                pendingModeration={moderation.data.counters.pending}
                onNavigate={setTab}
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="users">
            <Stack>
              <UsersTab />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="regional">
            <RegionalTab metrics={regions.data} loading={regions.isPlaceholderData || regions.isPending} period={regionPeriod} onPeriod={setRegionPeriod} />
          </Tabs.Panel>
          <Tabs.Panel value="moderation">
            <Stack>
              <ModerationTab queue={moderation.data} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="system">
            <SystemHealthMonitor />
          </Tabs.Panel>
        </Stack>
      </Tabs>
    </Stack>
  );
}
