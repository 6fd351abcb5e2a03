import { useEffect, useRef, type ReactNode } from 'react';
import { Badge, Box, Button, Divider, Drawer, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import type { Role } from '@onair/protocol';
import { visibleNavItems, type NavItem } from './navItems';

const isActive = (pathname: string, to: string) => (to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`));

function usePathname() {
  return useRouterState({ select: (s) => s.location.pathname });
}

/**
 * Desktop navigation: one horizontal row under the brand bar. Sixteen items do not fit every width,
 * so the row scrolls sideways and keeps the active item in view.
 */
export function DesktopNav({ role }: { role: Role }) {
  const pathname = usePathname();
  const activeRef = useRef<HTMLAnchorElement | null>(null);
  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  return (
    <Box
      component="nav"
      aria-label="Main navigation"
      visibleFrom="md"
      px="md"
      h={44}
      style={{ maskImage: 'linear-gradient(to right, black calc(100% - 48px), transparent)' }}
    >
      <ScrollArea type="hover" scrollbarSize={4} offsetScrollbars="x" h={44}>
        <Group gap={4} wrap="nowrap" h={44} align="center">
          {visibleNavItems(role).map((item) => {
            const active = isActive(pathname, item.to);
            return (
              <Button
                key={item.to}
                ref={active ? activeRef : undefined}
                component={Link}
                to={item.to}
                size="compact-sm"
                radius="xl"
                variant={active ? 'light' : 'subtle'}
                color={active ? 'brand' : 'gray'}
                leftSection={<item.icon size={15} />}
                aria-current={active ? 'page' : undefined}
                data-tour={`nav-${item.to.slice(1) || 'home'}`}
                style={{ flexShrink: 0 }}
              >
                {item.label}
              </Button>
            );
          })}
        </Group>
      </ScrollArea>
    </Box>
  );
}

/** Small screens: the same items, behind the burger, in a drawer with who is signed in. */
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
  const pathname = usePathname();
  return (
    <Drawer opened={opened} onClose={onClose} title="OnAir" size="xs" padding="sm" hiddenFrom="md" closeButtonProps={{ 'aria-label': 'Close navigation' }}>
      <Stack gap="xs">
        <Group gap="xs" px="sm">
          <Text fw={600}>{username}</Text>
          <Badge variant="light" miw={70}>
            {role}
          </Badge>
        </Group>
        <nav aria-label="Main navigation">
          {visibleNavItems(role).map((item: NavItem) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              leftSection={<item.icon size={18} />}
              active={isActive(pathname, item.to)}
              aria-current={isActive(pathname, item.to) ? 'page' : undefined}
              onClick={onClose}
            />
          ))}
        </nav>
        <Divider />
        {children}
      </Stack>
    </Drawer>
  );
}
