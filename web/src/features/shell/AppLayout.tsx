import { useEffect, type ReactNode } from 'react';
import { AppShell, Badge, Burger, Button, Group, NavLink, ScrollArea, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { IconBroadcast, IconHelp, IconLogout } from '@tabler/icons-react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { TOAST } from '@onair/protocol';
import { connectFor } from '../../lib/socket';
import { focusToastRegion } from '../../lib/toast';
import { useAuth } from '../auth/AuthProvider';
import { OnboardingDialog } from '../onboarding/OnboardingDialog';
import { useOnboarding } from '../onboarding/store';
import { ConnectionIndicator } from './ConnectionIndicator';
import { visibleNavItems } from './navItems';

const isActive = (pathname: string, to: string) => (to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`));

/** The signed-in shell: brand, full navigation, live status, points, Tutorial and Logout. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { user, logout } = useAuth();
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  const restartTutorial = useOnboarding((s) => s.reset);
  useHotkeys([[TOAST.hotkey, focusToastRegion]]);

  useEffect(() => {
    connectFor(user?.id ?? null);
  }, [user?.id]);

  if (!user) return null;
  const items = visibleNavItems(user.role);

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'lg', collapsed: { mobile: !opened, desktop: false } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="lg" size="sm" aria-label="Toggle navigation" />
            <ThemeIcon radius="xl" size="md">
              <IconBroadcast size={16} />
            </ThemeIcon>
            <Title order={4}>OnAir</Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ConnectionIndicator />
            <Group visibleFrom="sm" gap="sm" wrap="nowrap">
              <Text size="sm" fw={500}>
                {user.username}
              </Text>
              <Badge variant="light">{user.role}</Badge>
            </Group>
            <Button variant="subtle" size="xs" leftSection={<IconHelp size={16} />} onClick={restartTutorial}>
              Tutorial
            </Button>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconLogout size={16} />}
              loading={false}
              disabled={logout.isPending}
              onClick={() => logout.mutate(undefined, { onSuccess: () => void navigate({ to: '/auth' }) })}
            >
              {logout.isPending ? 'Logging out...' : 'Logout'}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        <ScrollArea>
          {items.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              leftSection={<item.icon size={18} />}
              active={isActive(pathname, item.to)}
              onClick={close}
            />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
      <OnboardingDialog />
    </AppShell>
  );
}
