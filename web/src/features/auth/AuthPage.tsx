import { useDocumentTitle } from '../../lib/document-title';
import { Anchor, Box, Card, Container, Group, SimpleGrid, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBroadcast, IconChartBar, IconMessages, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Brand } from '../../components/Brand';
import { DemoAccounts } from './DemoAccounts';
import { SignInForm, SignUpForm } from './AuthForms';

const HIGHLIGHTS = [
  { icon: IconBroadcast, text: 'Watch live TV and radio from creators around the world' },
  { icon: IconMessages, text: 'Chat, vote in polls and ask the host while you watch' },
  { icon: IconChartBar, text: 'Broadcast to several platforms and read your audience' },
  { icon: IconWorld, text: 'On the web, phones, smart TVs and voice assistants' },
];

/** Sign In / Sign Up (spec §2), with the demo accounts when the deployment runs in demo mode. */
export function AuthPage() {
  useDocumentTitle('Sign In');
  const [tab, setTab] = useState<string | null>('signin');
  const [filled, setFilled] = useState<{ username: string; password: string } | null>(null);

  return (
    <Container size="lg" py={{ base: "md", md: 64 }}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Card withBorder radius="lg" padding="xl" shadow="sm">
          <Stack>
            <Brand size="lg" />
            <Text c="dimmed" size="sm" mt={-8}>
              Sign in to watch, chat and broadcast.
            </Text>
            <Tabs value={tab} onChange={setTab} keepMounted={false}>
              <Tabs.List grow>
                <Tabs.Tab value="signin">Sign In</Tabs.Tab>
                <Tabs.Tab value="signup">Sign Up</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="signin" pt="md">
                <SignInForm prefill={filled} />
                <DemoAccounts
                  onUse={(account) => {
                    setFilled({ ...account });
                    setTab('signin');
                  }}
                />
              </Tabs.Panel>
              <Tabs.Panel value="signup" pt="md">
                <SignUpForm />
              </Tabs.Panel>
            </Tabs>
            <Text size="sm" c="dimmed" ta="center">
              New here?{' '}
              <Anchor component={Link} to="/landing">
                See what OnAir offers
              </Anchor>
            </Text>
          </Stack>
        </Card>
        <Box visibleFrom="md">
          <Stack justify="center" h="100%" gap="lg">
            <Title order={1}>Your stage, live to the world.</Title>
            <Text c="dimmed" size="lg">
              OnAir brings live TV, radio and podcasts together with the audience that makes them worth watching.
            </Text>
            {HIGHLIGHTS.map(({ icon: Icon, text }) => (
              <Group key={text} wrap="nowrap">
                <ThemeIcon variant="light" radius="xl" size="lg" aria-hidden>
                  <Icon size={18} />
                </ThemeIcon>
                <Text>{text}</Text>
              </Group>
            ))}
          </Stack>
        </Box>
      </SimpleGrid>
    </Container>
  );
}
