import { useEffect, type ReactNode } from 'react';
import { ActionIcon, AppShell, Badge, Box, Burger, Group, Text, Tooltip } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import { useDefaultDocumentTitle } from '../../lib/document-title';
import { connectFor } from '../../lib/socket';
import { Brand } from '../../components/Brand';
import { useAuth } from '../auth/AuthProvider';
import { useAccountSync } from '../auth/useAccountSync';
import { useContentRemovals } from '../content/useContentRemovals';
import { useDownloadRevocations } from '../mobile/useDownloadRevocations';
import { OnboardingDialog } from '../onboarding/OnboardingDialog';
import { HeaderStatus } from './HeaderStatus';
import { MobileNav, SideNav } from './MainNav';
import { NAV_ITEMS } from './navItems';
import { SessionActions } from './SessionActions';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

/**
 * The signed-in shell: brand bar (status, who is signed in, Tutorial, Logout), the sectioned sidebar on
 * wide screens (collapsible; the choice is remembered) and the burger drawer on phones.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [navHidden, setNavHidden] = useLocalStorage({ key: 'onair-nav-hidden', defaultValue: false });

  useEffect(() => {
    connectFor(user?.id ?? null);
  }, [user?.id]);
  useAccountSync();
  useContentRemovals();
  useDownloadRevocations();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useDefaultDocumentTitle(NAV_ITEMS.find((item) => item.to === pathname)?.label ?? null);

  if (!user) return null;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 232, breakpoint: 'md', collapsed: { mobile: true, desktop: navHidden } }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h={60} px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label="Open navigation" />
            <Tooltip label={navHidden ? 'Show navigation' : 'Hide navigation'}>
              <ActionIcon
                visibleFrom="md"
                variant="subtle"
                color="gray"
                aria-label={navHidden ? 'Show navigation' : 'Hide navigation'}
                aria-expanded={!navHidden}
                onClick={() => setNavHidden((hidden) => !hidden)}
              >
                {navHidden ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
              </ActionIcon>
            </Tooltip>
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
      </AppShell.Header>
      {!navHidden && <SideNav role={user.role} />}
      <MobileNav opened={opened} onClose={close} role={user.role} username={user.username}>
        <SessionActions onDone={close} fullWidth />
      </MobileNav>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <Box maw={1280} mx="auto">
          {children}
        </Box>
      </AppShell.Main>
      <OnboardingDialog />
    </AppShell>
  );
}
