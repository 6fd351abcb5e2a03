import { Badge, Box, Button, Card, Container, Group, List, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBook, IconBroadcast, IconCheck, IconDeviceMobile, IconDownload, IconMessages, IconSparkles, IconUsers, IconWorld, IconBrain,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { PublicStats } from '@onair/protocol';

const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });

const FEATURES = [
  { icon: IconBroadcast, title: 'Live TV & Radio', text: 'Channels and stations streaming live, with live viewer counts and chat.' },
  { icon: IconSparkles, title: 'AI-Powered Transcription', text: 'Captions, summaries and translations produced by engines that run on your own server.' },
  { icon: IconMessages, title: 'Interactive Features', text: 'Chat, polls, Q&A and rewards that react the moment your audience does.' },
  { icon: IconDeviceMobile, title: 'Multi-Platform Access', text: 'Web, phones, smart TVs, satellite receivers and voice assistants.' },
  { icon: IconDownload, title: 'PWA Ready', text: 'Install it like an app and keep content for offline viewing.' },
  { icon: IconBook, title: 'Educational Content', text: 'Schools and universities run courses and live classes.' },
];

const REASONS = [
  'Self-hosted: your content and your audience data stay yours',
  'Broadcast to several platforms from one studio',
  'Real-time chat and polls that scale across servers',
  'Translation into the languages your audience speaks',
  'Analytics computed from real viewing, not estimates',
  'Works on slow networks with SMS and USSD',
];

const CARDS = [
  { icon: IconUsers, title: 'Community Driven', text: 'Audiences shape the show with chat, polls and questions.' },
  { icon: IconBrain, title: 'AI Enhanced', text: 'Summaries, recommendations and translation built in.' },
  { icon: IconWorld, title: 'Global Reach', text: 'Viewers in every region, on every device.' },
];

function StatsRow() {
  const stats = useQuery<PublicStats>({ queryKey: ['/api/public/stats'] });
  const items: [string, number | undefined][] = [
    ['Active Streams', stats.data?.activeStreams],
    ['Hours of Content', stats.data?.hoursOfContent],
    ['Global Users', stats.data?.globalUsers],
    ['Countries Reached', stats.data?.countriesReached],
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} aria-label="Platform statistics">
      {items.map(([label, value]) => (
        <Card key={label} withBorder radius="md" ta="center">
          {stats.isPending ? (
            <Skeleton h={36} w="60%" mx="auto" />
          ) : (
            <Text fz={32} fw={800} c="brand">
              {value === undefined ? '—' : compact.format(value)}
            </Text>
          )}
          <Text c="dimmed" size="sm">
            {label}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** The signed-out landing page (spec §2); its figures are counted from the deployment's data. */
export function LandingPage() {
  return (
    <Box>
      <Group justify="space-between" px="lg" py="md" component="header">
        <Group gap="xs">
          <ThemeIcon radius="xl">
            <IconBroadcast size={18} />
          </ThemeIcon>
          <Title order={3}>OnAir</Title>
        </Group>
        <Button component={Link} to="/auth">
          Get Started
        </Button>
      </Group>
      <Container size="lg">
        <Stack gap={64} py="xl">
          <Stack align="center" ta="center" gap="lg" component="section">
            <Badge size="lg" variant="light">
              Live TV · Radio · Podcasts
            </Badge>
            <Title order={1} fz={{ base: 34, md: 52 }} maw={820}>
              Broadcast live to the world, and hear it answer back
            </Title>
            <Text c="dimmed" size="lg" maw={640}>
              OnAir is the self-hostable platform for live TV, radio and podcasts, with chat, polls, AI and creator tools built in.
            </Text>
            <Group>
              <Button size="lg" component={Link} to="/auth">
                Start Watching
              </Button>
              <Button size="lg" variant="default" onClick={() => document.getElementById('features')?.scrollIntoView({ behavior: 'smooth' })}>
                Learn More
              </Button>
            </Group>
          </Stack>
          <StatsRow />
          <Stack id="features" component="section">
            <Title order={2} ta="center">
              Everything a broadcaster needs
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {FEATURES.map(({ icon: Icon, title, text }) => (
                <Card key={title} withBorder radius="md" padding="lg">
                  <ThemeIcon variant="light" size="lg" radius="md" mb="sm">
                    <Icon size={20} />
                  </ThemeIcon>
                  <Text fw={600}>{title}</Text>
                  <Text c="dimmed" size="sm">
                    {text}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
          <Card withBorder radius="lg" padding="xl" component="section">
            <Group justify="space-between" align="flex-start">
              <Stack gap="xs" maw={560}>
                <Badge color="red" variant="filled" w="fit-content">
                  LIVE
                </Badge>
                <Title order={3}>Captions while you watch</Title>
                <Text c="dimmed" fs="italic">
                  “…and the crowd is on its feet as the final whistle blows in Accra…”
                </Text>
                <Text size="sm" c="dimmed">
                  Sample caption of a live match broadcast.
                </Text>
              </Stack>
              <Button component={Link} to="/auth" leftSection={<IconBroadcast size={16} />}>
                Watch Live
              </Button>
            </Group>
          </Card>
          <Stack component="section">
            <Title order={2} ta="center">
              Why choose OnAir
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <List spacing="sm" icon={<ThemeIcon size="sm" radius="xl" color="green"><IconCheck size={12} /></ThemeIcon>}>
                {REASONS.map((r) => (
                  <List.Item key={r}>{r}</List.Item>
                ))}
              </List>
              <Stack>
                {CARDS.map(({ icon: Icon, title, text }) => (
                  <Card key={title} withBorder radius="md">
                    <Group wrap="nowrap">
                      <ThemeIcon variant="light" size="lg">
                        <Icon size={18} />
                      </ThemeIcon>
                      <div>
                        <Text fw={600}>{title}</Text>
                        <Text size="sm" c="dimmed">
                          {text}
                        </Text>
                      </div>
                    </Group>
                  </Card>
                ))}
              </Stack>
            </SimpleGrid>
          </Stack>
          <Card radius="lg" padding="xl" bg="brand" c="white" ta="center" component="section">
            <Stack align="center">
              <Title order={2}>Start Your Journey</Title>
              <Text>Join the audience, or go live yourself in minutes.</Text>
              <Button size="lg" variant="white" component={Link} to="/auth">
                Start Your Journey
              </Button>
            </Stack>
          </Card>
        </Stack>
      </Container>
      <Box component="footer" py="lg" ta="center">
        <Text size="sm" c="dimmed">
          © {new Date().getFullYear()} OnAir — self-hosted broadcasting.
        </Text>
      </Box>
    </Box>
  );
}
