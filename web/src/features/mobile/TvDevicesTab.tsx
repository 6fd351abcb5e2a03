/** Connected smart TVs: pair one by the code its /tv screen shows, see which are on, remove them. */
import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SmartTvDevice } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { toast, toastError } from '../../lib/toast';

export const TV_DEVICES_KEY = ['/api/user/smart-tv-devices'] as const;

export function TvDevicesTab() {
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const tvs = useQuery({ queryKey: TV_DEVICES_KEY, queryFn: () => apiRequest<SmartTvDevice[]>('GET', '/api/user/smart-tv-devices'), refetchInterval: 30_000 });
  const refresh = () => void client.invalidateQueries({ queryKey: TV_DEVICES_KEY });
  const pair = useMutation({
    mutationFn: () => apiRequest<SmartTvDevice>('POST', '/api/user/smart-tv-devices/pair', { code }),
    onSuccess: (tv) => {
      setCode('');
      refresh();
      toast({ title: 'Device Registered', description: `${tv.deviceName} is connected to your account.` });
    },
    onError: toastError('Pairing Failed'),
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/user/smart-tv-devices/${id}`),
    onSuccess: () => {
      refresh();
      toast({ title: 'Device Removed', description: 'The TV is no longer connected.' });
    },
  });
  const origin = window.location.origin;
  return (
    <Stack>
      <Card withBorder>
        <Title order={2} size="h4">Watch on a TV</Title>
        <Text size="sm" mt="xs">
          There are no Roku, Android TV or Fire TV store apps. Any TV with a web browser opens OnAir's TV screen at {origin}/tv; on Android
          TV and Fire TV, open it in the browser (Silk on Fire TV) and add it to the home screen as a web app. Roku has no web browser, so
          it cannot open OnAir. Use the arrow keys, OK and Back on the remote.
        </Text>
      </Card>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          pair.mutate();
        }}
      >
        <Group align="end">
          <TextInput label="Code shown on the TV" value={code} onChange={(e) => setCode(e.currentTarget.value.toUpperCase())} maxLength={6} placeholder="ABC123" />
          <Button type="submit" loading={pair.isPending} disabled={code.trim().length !== 6}>
            Pair TV
          </Button>
        </Group>
      </form>
      <Title order={2} size="h4">Connected TVs</Title>
      {tvs.data?.length === 0 && <Text c="dimmed">No Smart TVs connected</Text>}
      {tvs.data?.map((tv) => (
        <Card withBorder key={tv.id}>
          <Group justify="space-between">
            <div>
              <Group gap="xs">
                <Text fw={600}>{tv.deviceName}</Text>
                <Badge color={tv.isConnected ? 'green' : 'gray'}>{tv.isConnected ? 'Connected' : 'Offline'}</Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {tv.platform} · last used {new Date(tv.lastUsed).toLocaleString()}
              </Text>
            </div>
            <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate(tv.id)}>
              Remove
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
