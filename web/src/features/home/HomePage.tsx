import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBroadcast, IconBuildingChurch, IconChartBar, IconEye, IconLanguage, IconLibrary, IconMicrophone, IconPodium, IconSatellite,
  IconSchool, IconWorld,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AnalyticsSummary, Content } from '@onair/protocol';
import { LiveGrid } from './LiveGrid';
import { useLiveContent } from './useLiveContent';

const FEATURE_LINKS = [
  { to: '/voice-assistant', icon: IconMicrophone, title: 'Voice Assistant', text: 'Ask Alexa, Google or Siri to play a station.' },
  { to: '/podcast-syndication', icon: IconPodium, title: 'Podcast Sync', text: 'Publish episodes to the big podcast platforms.' },
  { to: '/education-mode', icon: IconSchool, title: 'Education', text: 'Courses and live classes for schools.' },
  { to: '/church-mode', icon: IconBuildingChurch, title: 'Church Mode', text: 'Services and choirs, live to the congregation.' },
  { to: '/satellite', icon: IconSatellite, title: 'Satellite', text: 'Manage receivers that carry your channels.' },
  { to: '/languages', icon: IconLanguage, title: 'Languages', text: 'Translate titles and descriptions.' },
  { to: '/analytics', icon: IconChartBar, title: 'Analytics', text: 'Who watches, where and on what.' },
] as const;

function StatCard({ label, value, icon: Icon, hint }: { label: string; value: number | undefined; icon: typeof IconEye; hint: string }) {
  return (
    <Card withBorder radius="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          {value === undefined ? <Skeleton h={30} w={80} mt={4} /> : <Text fz={28} fw={700}>{value.toLocaleString()}</Text>}
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </div>
        <ThemeIcon variant="light" size="lg" radius="md">
          <Icon size={20} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/** Home (spec §2): what is live now and how big the platform is, all from data. */
export function HomePage() {
  const live = useLiveContent();
  const summary = useQuery<AnalyticsSummary>({ queryKey: ['/api/analytics'] });
  const items: Content[] = live.data ?? [];
  const activeViewers = live.data ? items.reduce((sum, c) => sum + c.viewerCount, 0) : undefined;

  return (
    <Stack gap="xl">
      <Card radius="lg" padding="xl" withBorder>
        <Stack gap="sm">
          <Title order={1}>What's on air</Title>
          <Text c="dimmed" maw={620}>
            Live TV, radio and podcasts from creators everywhere. Watch, chat and vote, or start your own broadcast.
          </Text>
          <Group>
            <Button component={Link} to="/creator" leftSection={<IconBroadcast size={16} />}>
              Start Creating
            </Button>
            <Button component={Link} to="/analytics" variant="default">
              View Analytics
            </Button>
            <Button component={Link} to="/satellite" variant="default">
              Satellite
            </Button>
          </Group>
        </Stack>
      </Card>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <StatCard label="Active Viewers" value={activeViewers} icon={IconEye} hint="watching live now" />
        <StatCard label="Live Streams" value={live.data ? items.length : undefined} icon={IconBroadcast} hint="on air now" />
        <StatCard label="Global Reach" value={summary.data?.globalReach} icon={IconWorld} hint="countries with viewers" />
        <StatCard label="Content Library" value={summary.data?.totalContent} icon={IconLibrary} hint="items in the library" />
      </SimpleGrid>

      <LiveGrid items={items} loading={live.isPending} />

      <Stack>
        <Title order={2}>Explore</Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {FEATURE_LINKS.map(({ to, icon: Icon, title, text }) => (
            <Card key={to} withBorder radius="md" component={Link} to={to} style={{ textDecoration: 'none' }}>
              <ThemeIcon variant="light" mb="xs">
                <Icon size={18} />
              </ThemeIcon>
              <Text fw={600}>{title}</Text>
              <Text size="sm" c="dimmed">
                {text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>

      <Card radius="lg" padding="xl" bg="brand" c="white">
        <Group justify="space-between">
          <div>
            <Title order={3}>Have something to say?</Title>
            <Text>Set up your creator profile and go live in minutes.</Text>
          </div>
          <Button variant="white" component={Link} to="/creator">
            Become a Creator
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
