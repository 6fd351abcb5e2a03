import { Badge, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCash, IconChartBar, IconCoin, IconCreditCard, IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth/AuthProvider';
import { CreatorAccessRequired } from '../shell/StatusScreens';
import { DonationsTab } from './DonationsTab';
import { PaymentsTab } from './PaymentsTab';
import { monetizationQueries } from './queries';
import { RevenueTab } from './RevenueTab';
import { SponsorshipApplications, SponsorshipOffers } from './SponsorshipsTab';
import { SubscriptionsTab } from './SubscriptionsTab';
import { TestModeBadge } from './TestModeBadge';
import { useMonetizationLive } from './useDonationsLive';

/** /monetization: the spec's five tabs; Revenue and Sponsorships are role-gated (spec §6). */
export function MonetizationPage() {
  const { user } = useAuth();
  const membership = useQuery(monetizationQueries.membership());
  useMonetizationLive();
  const earns = user?.role === 'creator' || user?.role === 'admin';
  const m = membership.data;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">Monetization</Title>
          <Text c="dimmed">Support the creators you watch, or earn as one.</Text>
        </div>
        <Group gap="xs">
          <TestModeBadge testMode={m?.testMode} />
          {m && (
            <Badge size="lg" variant={m.status === 'free' ? 'default' : 'filled'} data-testid="membership-badge">
              {m.tierName} member{m.status === 'canceling' ? ' · ends soon' : m.status === 'past_due' ? ' · payment failed' : ''}
            </Badge>
          )}
        </Group>
      </Group>
      <Tabs defaultValue="subscriptions" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="subscriptions" leftSection={<IconSparkles size={16} />}>Subscriptions</Tabs.Tab>
          <Tabs.Tab value="donations" leftSection={<IconCoin size={16} />}>Donations</Tabs.Tab>
          <Tabs.Tab value="payments" leftSection={<IconCreditCard size={16} />}>Payments</Tabs.Tab>
          <Tabs.Tab value="revenue" leftSection={<IconChartBar size={16} />}>Revenue</Tabs.Tab>
          <Tabs.Tab value="sponsorships" leftSection={<IconCash size={16} />}>Sponsorships</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="subscriptions" pt="md">
          <SubscriptionsTab />
        </Tabs.Panel>
        <Tabs.Panel value="donations" pt="md">
          <DonationsTab />
        </Tabs.Panel>
        <Tabs.Panel value="payments" pt="md">
          <PaymentsTab testMode={m?.testMode ?? false} />
        </Tabs.Panel>
        <Tabs.Panel value="revenue" pt="md">
          {earns ? (
            <RevenueTab />
          ) : (
            <Stack gap={0}>
              <CreatorAccessRequired message="Revenue analytics are only available to creators and administrators." />
              <Text ta="center" c="dimmed" size="sm">
                Upgrade to a creator account to track your earnings and revenue streams.
              </Text>
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="sponsorships" pt="md">
          {user?.role === 'creator' ? <SponsorshipOffers /> : user?.role === 'admin' ? <SponsorshipApplications /> : <Text c="dimmed">Creator access required</Text>}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
