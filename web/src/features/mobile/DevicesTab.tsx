import { LoadError } from '../../components/LoadError';
/** The mobile tab: what exists for phones (the installable app, no store apps) and registered devices. */
import { Alert, Loader, Button, Card, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MobileDevice } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { toast, toastError } from '../../lib/toast';
import { pushSupported, registerThisDevice } from './push';

export const DEVICES_KEY = ['/api/user/mobile-devices'] as const;

export function DevicesTab() {
  const client = useQueryClient();
  const devices = useQuery({ queryKey: DEVICES_KEY, queryFn: () => apiRequest<MobileDevice[]>('GET', '/api/user/mobile-devices') });
  const refresh = () => void client.invalidateQueries({ queryKey: DEVICES_KEY });

  const register = useMutation({
    mutationFn: registerThisDevice,
    onSuccess: () => {
      refresh();
      toast({ title: 'Device Registered', description: 'This browser will get OnAir notifications.' });
    },
    onError: toastError('Registration Failed'),
  });
  const toggle = useMutation({
    mutationFn: (d: { id: number; notifications: boolean }) => apiRequest<MobileDevice>('PATCH', `/api/user/mobile-devices/${d.id}`, { notifications: d.notifications }),
    onSuccess: refresh,
    onError: toastError('Update Failed'),
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/user/mobile-devices/${id}`),
    onSuccess: () => {
      refresh();
      toast({ title: 'Device Removed', description: 'It will not get notifications any more.' });
    },
  });
  const test = useMutation({
    mutationFn: (id: number) => apiRequest<{ delivered: boolean }>('POST', `/api/user/mobile-devices/${id}/test`),
    onSuccess: (r) => (r.delivered ? toast({ title: 'Test sent', description: 'A notification is on its way.' }) : toast({ title: 'Not delivered', description: 'The push service refused it; register this device again.', variant: 'destructive' })),
  });

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder>
          <Title order={2} size="h4">iPhone and iPad</Title>
          <Text size="sm" mt="xs">
            OnAir has no App Store app. Open OnAir in Safari, tap Share, then Add to Home Screen: it opens like an app, and from iOS 16.4
            the home-screen app can receive notifications.
          </Text>
        </Card>
        <Card withBorder>
          <Title order={2} size="h4">Android</Title>
          <Text size="sm" mt="xs">
            OnAir has no Play Store app. Open OnAir in Chrome, open the menu and choose Install app (or Add to Home screen). Notifications
            work in the browser and in the installed app.
          </Text>
        </Card>
      </SimpleGrid>

      <Group justify="space-between">
        <Title order={2} size="h4">Registered devices</Title>
        <Button onClick={() => register.mutate()} loading={register.isPending} disabled={!pushSupported()}>
          Get notifications on this device
        </Button>
      </Group>
      {!pushSupported() && <Alert color="yellow">This browser cannot receive push notifications.</Alert>}
      {devices.isPending && <Loader size="sm" aria-label="Loading devices" />}
      {devices.isError && !devices.data && <LoadError error={devices.error} retry={devices.refetch} />}
      {devices.data?.length === 0 && <Text c="dimmed">No mobile devices registered</Text>}
      {devices.data?.map((d) => (
        <Card withBorder key={d.id}>
          <Group justify="space-between">
            <div>
              <Text fw={600}>{d.deviceName}</Text>
              <Text size="sm" c="dimmed">
                {d.deviceType} · last active {new Date(d.lastActive).toLocaleString()}
              </Text>
            </div>
            <Group>
              <Switch label="Notifications" checked={d.notifications} onChange={(e) => toggle.mutate({ id: d.id, notifications: e.currentTarget.checked })} />
              <Button size="xs" variant="default" onClick={() => test.mutate(d.id)}>
                Send test
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate(d.id)}>
                Remove
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
