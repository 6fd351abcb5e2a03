import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, Badge } from '@mantine/core';
import {
  IconArrowRight, IconBroadcast, IconBuildingChurch, IconChartBar, IconEye, IconLanguage, IconLibrary, IconMicrophone, IconPodium,
  IconSatellite, IconSchool, IconWorld,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useLayoutEffect } from 'react';
import { removePageSnapshot } from '../../lib/page-snapshot';
import { analyticsQueries } from '../analytics/queries';
import { LiveGrid } from './LiveGrid';
import { OnDemandSection } from './OnDemandSection';
import { StatCard } from './StatCard';
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

/** Home (spec §2): what is live now, what there is on demand, and how big the platform is, every figure read from the API. */
export function HomePage() {
  // Takes the place of the build's snapshot of the shell and this page (app/snapshots.tsx), if the visit began with it.
  useLayoutEffect(removePageSnapshot, []);
  const live = useLiveContent();
  const summary = useQuery(analyticsQueries.summary());
  const items = live.data ?? [];
  const activeViewers = live.data?.reduce((sum, c) => sum + c.viewerCount, 0);

  return (
    <Stack gap="xl">
      <Card
        radius="lg"
        padding="xl"
        withBorder
        style={{
          background:
            'linear-gradient(135deg, color-mix(in srgb, var(--mantine-color-brand-filled) 16%, transparent), transparent 65%)',
        }}
      >
        <Stack gap="sm">
          <Badge variant="dot" color="red" size="lg" w="fit-content">
            {live.data ? `${items.length.toLocaleString()} on air now` : 'On air'}
          </Badge>
          <Title order={1}>What's on air</Title>
          <Text c="dimmed" maw={620}>
            Live TV, radio and podcasts from creators everywhere. Watch, chat and vote, or start your own broadcast.
          </Text>
          <Group>
            <Button component={Link} to="/creator" leftSection={<IconBroadcast size={16} />}>
              Start Creating
            </Button>
            <Button component={Link} to="/analytics" variant="default" leftSection={<IconChartBar size={16} />}>
              View Analytics
            </Button>
            <Button component={Link} to="/satellite" variant="default" leftSection={<IconSatellite size={16} />}>
              Satellite Network
            </Button>
          </Group>
        </Stack>
      </Card>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <StatCard
          label="Active Viewers"
          icon={IconEye}
          loading={live.isPending}
          value={activeViewers}
          hint="watching live now"
          zeroHint="Nobody is watching live at the moment"
        />
        <StatCard
          label="Live Streams"
          icon={IconBroadcast}
          loading={live.isPending}
          value={live.data?.length}
          hint="on air now"
          zeroHint="No one is broadcasting right now"
        />
        <StatCard
          label="Global Reach"
          icon={IconWorld}
          loading={summary.isPending}
          value={summary.data?.globalReach}
          hint="countries with viewers"
          zeroHint="No views recorded from any country yet"
        />
        <StatCard
          label="Content Library"
          icon={IconLibrary}
          loading={summary.isPending}
          value={summary.data?.totalContent}
          hint="items in the library"
          zeroHint="The library is empty; publish the first item"
        />
      </SimpleGrid>

      <LiveGrid items={items} loading={live.isPending} failed={live.isError} />

      <OnDemandSection />

      <Stack>
        <Title order={2}>Explore</Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {FEATURE_LINKS.map(({ to, icon: Icon, title, text }) => (
            <Card key={to} withBorder radius="md" component={Link} to={to} style={{ textDecoration: 'none' }}>
              <ThemeIcon variant="light" mb="xs" aria-hidden>
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
          <Button variant="white" component={Link} to="/creator" rightSection={<IconArrowRight size={16} />}>
            Become a Creator
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
