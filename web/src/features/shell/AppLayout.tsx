import { useEffect, type ReactNode } from 'react';
import { AppShell, Badge, Box, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { connectFor } from '../../lib/socket';
import { Brand } from '../../components/Brand';
import { useAuth } from '../auth/AuthProvider';
import { OnboardingDialog } from '../onboarding/OnboardingDialog';
import { HeaderStatus } from './HeaderStatus';
import { DesktopNav, MobileNav } from './MainNav';
import { SessionActions } from './SessionActions';

/** The signed-in shell: brand bar (status, who is signed in, Tutorial, Logout) over the navigation row. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [opened, { toggle, close }] = useDisclosure(false);

  useEffect(() => {
    connectFor(user?.id ?? null);
  }, [user?.id]);

  if (!user) return null;

  return (
    <AppShell header={{ height: { base: 60, md: 104 } }} padding="md">
      <AppShell.Header>
        <Group h={60} px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label="Open navigation" />
            <Brand />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <HeaderStatus />
            <Group visibleFrom="sm" gap={6} wrap="nowrap" aria-label="Signed in as">
              <Text size="sm" fw={600}>
                {user.username}
              </Text>
              <Badge variant="light" miw={70}>
                {user.role}
              </Badge>
            </Group>
            <Box visibleFrom="sm">
              <SessionActions />
            </Box>
          </Group>
        </Group>
        <DesktopNav role={user.role} />
      </AppShell.Header>
      <MobileNav opened={opened} onClose={close} role={user.role} username={user.username}>
        <SessionActions onDone={close} fullWidth />
      </MobileNav>
      <AppShell.Main>
        <Box maw={1280} mx="auto">
          {children}
        </Box>
      </AppShell.Main>
      <OnboardingDialog />
    </AppShell>
  );
}
