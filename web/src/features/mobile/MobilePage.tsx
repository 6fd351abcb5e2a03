/** /mobile (spec §2): tabs mobile, smarttv, pwa, offline. */
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useAuth } from '../auth/AuthProvider';
import { DevicesTab } from './DevicesTab';
import { OfflineTab } from './OfflineTab';
import { PwaTab } from './PwaTab';
import { TvDevicesTab } from './TvDevicesTab';

const TABS = ['mobile', 'smarttv', 'pwa', 'offline'] as const;

export function MobilePage() {
  const { user } = useAuth();
  const requested = new URLSearchParams(window.location.search).get('tab');
  const initial = TABS.find((t) => t === requested) ?? 'mobile';
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">Mobile Apps</Title>
        <Text c="dimmed">OnAir on your phone, your TV and offline.</Text>
      </div>
      <Tabs defaultValue={initial} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="mobile">Mobile</Tabs.Tab>
          <Tabs.Tab value="smarttv">Smart TV</Tabs.Tab>
          <Tabs.Tab value="pwa">Install app</Tabs.Tab>
          <Tabs.Tab value="offline">Offline</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="mobile" pt="md"><DevicesTab /></Tabs.Panel>
        <Tabs.Panel value="smarttv" pt="md"><TvDevicesTab /></Tabs.Panel>
        <Tabs.Panel value="pwa" pt="md"><PwaTab /></Tabs.Panel>
        <Tabs.Panel value="offline" pt="md">{user && <OfflineTab userId={user.id} />}</Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
