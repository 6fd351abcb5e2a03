import { Badge, Box, Button, Card, Container, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconBroadcast, IconCheck, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useLayoutEffect, type MouseEvent } from 'react';
import { Brand } from '../../components/Brand';
import { removePageSnapshot } from '../../lib/page-snapshot';
import { FEATURES, REASONS, WHY_CARDS } from './content';
import { CaptionsQuality } from '../ai/CaptionsQuality';
import { LandingStats } from './LandingStats';

/** A link to the features, so it works in the build's snapshot before the app has run; the app scrolls smoothly. */
const scrollToFeatures = (event: MouseEvent<HTMLAnchorElement>) => {
  event.preventDefault();
  document.getElementById('features')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
};

function TopBar() {
  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      style={{ zIndex: 10, backdropFilter: 'blur(8px)', borderBottom: '1px solid var(--mantine-color-default-border)' }}
      bg="color-mix(in srgb, var(--mantine-color-body) 85%, transparent)"
    >
      <Container size="lg">
        <Group justify="space-between" py="sm">
          <Brand />
          <Button component={Link} to="/auth" rightSection={<IconArrowRight size={16} />}>
            Get Started
          </Button>
        </Group>
      </Container>
    </Box>
  );
}

function Hero() {
  return (
    <Stack align="center" ta="center" gap="lg" component="section" pt={48}>
      <Badge size="lg" variant="light" leftSection={<IconBroadcast size={14} />}>
        Live TV · Radio · Podcasts
      </Badge>
      <Title order={1} fz={{ base: 36, md: 56 }} lh={1.1} maw={860}>
        Broadcast live to the world,{' '}
        <Text span inherit c="brand">
          and hear it answer back
        </Text>
      </Title>
      <Text c="dimmed" size="lg" maw={640}>
        OnAir is the self-hostable platform for live TV, radio and podcasts, with chat, polls, AI and creator tools built in.
      </Text>
      <Group>
        <Button size="lg" component={Link} to="/auth" leftSection={<IconPlayerPlay size={18} />}>
          Start Watching
        </Button>
        <Button size="lg" variant="default" component="a" href="#features" onClick={scrollToFeatures}>
          Learn More
        </Button>
      </Group>
    </Stack>
  );
}

function Features() {
  return (
    <Stack id="features" component="section" style={{ scrollMarginTop: 80 }} aria-labelledby="features-title">
      <Title order={2} ta="center" id="features-title">
        Everything a broadcaster needs
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <Card key={title} withBorder radius="md" padding="lg">
            <ThemeIcon variant="light" size="lg" radius="md" mb="sm" aria-hidden>
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
  );
}

function Demo() {
  return (
    <Card withBorder radius="lg" padding="xl" component="section" aria-label="Live captions demo">
      <Group justify="space-between" align="center">
        <Stack gap="xs" maw={600}>
          <Group gap="xs">
            <Badge color="brand" variant="filled" leftSection={<span aria-hidden>●</span>}>
              LIVE
            </Badge>
            <Text size="sm" c="dimmed">
              Live captions
            </Text>
          </Group>
          <Title order={3}>Captions while you watch</Title>
          <Card radius="md" padding="sm" bg="dark.8" c="gray.0">
            <Text ff="monospace" size="sm">
              “…and the crowd is on its feet as the final whistle blows in Accra…”
            </Text>
          </Card>
          <Text size="xs" c="dimmed">
            Sample caption, as shown under a live match broadcast.
          </Text>
          <CaptionsQuality fw={600} />
        </Stack>
        <Button component={Link} to="/auth" size="md" leftSection={<IconBroadcast size={16} />}>
          Watch Live
        </Button>
      </Group>
    </Card>
  );
}

function WhyChoose() {
  return (
    <Stack component="section" aria-labelledby="why-title">
      <Title order={2} ta="center" id="why-title">
        Why choose OnAir
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <List
          spacing="md"
          center
          icon={
            <ThemeIcon size="sm" radius="xl" color="green" aria-hidden>
              <IconCheck size={12} />
            </ThemeIcon>
          }
        >
          {REASONS.map((r) => (
            <List.Item key={r}>{r}</List.Item>
          ))}
        </List>
        <Stack>
          {WHY_CARDS.map(({ icon: Icon, title, text }) => (
            <Card key={title} withBorder radius="md">
              <Group wrap="nowrap">
                <ThemeIcon variant="light" size="lg" aria-hidden>
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
  );
}

/** The signed-out landing page (spec §2); its figures are counted from the deployment's data. */
export function LandingPage() {
  // Takes the place of the build's snapshot of this page (app/snapshots.tsx), if the visit began with it.
  useLayoutEffect(removePageSnapshot, []);
  return (
    <Box>
      <TopBar />
      <Container size="lg">
        <Stack gap={72} pb="xl">
          <Hero />
          <LandingStats />
          <Features />
          <Demo />
          <WhyChoose />
          <Card radius="lg" padding="xl" bg="brand" c="white" ta="center" component="section">
            <Stack align="center">
              <Title order={2}>Ready when you are</Title>
              <Text>Join the audience, or go live yourself in minutes.</Text>
              <Button size="lg" variant="white" component={Link} to="/auth">
                Start Your Journey
              </Button>
            </Stack>
          </Card>
        </Stack>
      </Container>
      <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg">
          <Group justify="space-between">
            <Brand />
            <Text size="sm" c="dimmed">
              © {new Date().getFullYear()} OnAir · self-hosted live broadcasting
            </Text>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
