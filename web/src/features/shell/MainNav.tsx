import type { ReactNode } from 'react';
import { AppShell, Badge, Box, Divider, Drawer, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import type { Role } from '@onair/protocol';
import { visibleNavSections } from './navItems';

const isActive = (pathname: string, to: string) => (to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`));

function usePathname() {
  return useRouterState({ select: (s) => s.location.pathname });
}

/**
 * The role's navigation, section by section. `tourTargets` marks items for the onboarding tour
 * (`data-tour="nav-<path>"`); only the sidebar carries them, so a step never points into a closed drawer.
 */
function NavSections({ role, onNavigate, tourTargets = false }: { role: Role; onNavigate?: () => void; tourTargets?: boolean }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Main navigation">
      <Stack gap={6}>
        {visibleNavSections(role).map((section) => (
          <Box key={section.title} component="section" aria-label={section.title}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={2}>
              {section.title}
            </Text>
            {section.items.map((item) => {
              const active = isActive(pathname, item.to);
              return (
                <NavLink
                  key={item.to}
                  component={Link}
                  to={item.to}
                  label={item.label}
                  leftSection={<item.icon size={17} />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  data-tour={tourTargets ? `nav-${item.to.slice(1) || 'home'}` : undefined}
                  onClick={onNavigate}
                  py={5}
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              );
            })}
          </Box>
        ))}
      </Stack>
    </nav>
  );
}

/**
 * Wide screens: a sidebar with every item the role sees, in five sections. It fits 800 px of height;
 * below that it scrolls. Hidden under the `md` breakpoint, where the burger drawer takes over.
 */
export function SideNav({ role }: { role: Role }) {
  return (
    <AppShell.Navbar p="xs" visibleFrom="md">
      <AppShell.Section grow component={ScrollArea} scrollbarSize={6}>
        <NavSections role={role} tourTargets />
      </AppShell.Section>
    </AppShell.Navbar>
  );
}

/** Small screens: the same sections, behind the burger, in a drawer with who is signed in. */
export function MobileNav({
  opened,
  onClose,
  role,
  username,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  role: Role;
  username: string;
  /** The session actions, at the bottom of the drawer. */
  children: ReactNode;
}) {
  return (
    <Drawer opened={opened} onClose={onClose} title="OnAir" size="xs" padding="sm" hiddenFrom="md" closeButtonProps={{ 'aria-label': 'Close navigation' }}>
      <Stack gap="xs">
        <Group gap="xs" px="sm">
          <Text fw={600}>{username}</Text>
          <Badge variant="light" miw={70}>
            {role}
          </Badge>
        </Group>
        <NavSections role={role} onNavigate={onClose} />
        <Divider />
        {children}
      </Stack>
    </Drawer>
  );
}
