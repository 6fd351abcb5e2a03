/**
 * Personal notifications (messages from people, and OnAir's own notices): a bell with the unread
 * count, the list in a popover, a toast when one arrives live. Each stays until its recipient marks it
 * read; one about a page (an invitation, a class on air, a broadcast that ended) opens it.
 */
import { useCallback, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification, Notifications } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { useResyncOnReconnect, useSocketEvent } from '../../lib/live';
import { toast } from '../../lib/toast';

export const notificationQueries = {
  list: () => queryOptions({ queryKey: ['/api/notifications'], queryFn: () => apiRequest<Notifications>('GET', '/api/notifications') }),
};

/** Who a notification is from, as the bell and its toast say it. */
const senderOf = (n: Notification) => (n.kind === 'notice' ? 'OnAir' : (n.from ?? 'an administrator'));

export function NotificationsBell() {
  const client = useQueryClient();
  const router = useRouter();
  const [opened, setOpened] = useState(false);
  const key = notificationQueries.list().queryKey;
  const inbox = useQuery(notificationQueries.list());

  const onArrival = useCallback(
    (n: Notification) => {
      client.setQueryData(key, (old) => (old ? { items: [n, ...old.items.filter((i) => i.id !== n.id)], unread: old.unread + 1 } : old));
      toast({ title: `Message from ${senderOf(n)}`, description: n.text });
    },
    // key is a constant array rebuilt per render; the client is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client],
  );
  useSocketEvent('notification:new', onArrival);
  useResyncOnReconnect([key]);

  const markRead = useMutation({
    mutationFn: (id: number) => apiRequest<Notification>('POST', `/api/notifications/${id}/read`),
    onSuccess: (read) =>
      client.setQueryData(key, (old) =>
        old ? { items: old.items.map((i) => (i.id === read.id ? read : i)), unread: Math.max(0, old.unread - (old.items.find((i) => i.id === read.id)?.read ? 0 : 1)) } : old,
      ),
  });

  const openPage = (n: Notification, link: string) => {
    if (!n.read) markRead.mutate(n.id);
    setOpened(false);
    router.history.push(link);
  };

  const unread = inbox.data?.unread ?? 0;
  const items = inbox.data?.items ?? [];
  return (
    <Popover width={340} position="bottom-end" shadow="md" withinPortal trapFocus returnFocus opened={opened} onChange={setOpened}>
      {/* The target is the button itself: the popover's aria-haspopup and aria-expanded belong on it, not on the badge's wrapper. */}
      <Indicator label={unread} size={16} disabled={unread === 0} color="brand" offset={4}>
        <Popover.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'} onClick={() => setOpened((o) => !o)}>
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="sm">
            No notifications yet
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Stack gap="xs" aria-label="Notifications">
              {items.map((n) => (
                <Stack key={n.id} gap={2} p={6} style={{ borderRadius: 6, background: n.read ? undefined : 'var(--mantine-color-default-hover)' }}>
                  <Text size="xs" c="dimmed">
                    {n.kind === 'notice' ? 'OnAir' : (n.from ?? 'An administrator')} · {new Date(n.createdAt).toLocaleString()} {!n.read && <Badge size="xs">new</Badge>}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {n.text}
                  </Text>
                  <Group gap={4}>
                    {n.link !== null && (
                      <Button size="compact-sm" variant="light" onClick={openPage.bind(null, n, n.link)}>
                        Open
                      </Button>
                    )}
                    {!n.read && (
                      <Button size="compact-sm" variant="subtle" onClick={() => markRead.mutate(n.id)} loading={markRead.isPending && markRead.variables === n.id}>
                        Mark as read
                      </Button>
                    )}
                  </Group>
                </Stack>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
