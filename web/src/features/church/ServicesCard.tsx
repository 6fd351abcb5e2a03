import { useState } from 'react';
import { Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { WEEKDAYS, type ChurchPage } from '@onair/protocol';
import { toast, toastError } from '../../lib/toast';
import { useChurchActions } from './queries';

/** The weekly schedule; the team adds services and takes one live through the creator tools. */
export function ServicesCard({ page, team }: { page: ChurchPage; team: boolean }) {
  const actions = useChurchActions(page.church.id);
  const [form, setForm] = useState({ title: '', weekday: '0', time: '10:00', timeZone: page.church.timeZone });
  const add = () =>
    actions.addService.mutate(
      { title: form.title, weekday: Number(form.weekday), time: form.time, timeZone: form.timeZone },
      { onSuccess: () => (toast({ title: 'Service Scheduled', description: `${form.title} every ${WEEKDAYS[Number(form.weekday)]} at ${form.time}.` }), setForm({ ...form, title: '' })), onError: toastError('Save Failed') },
    );
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Service schedule
      </Title>
      <Stack gap="xs">
        {page.services.length === 0 && <Text c="dimmed">No services scheduled yet.</Text>}
        {page.services.map((s) => (
          <Group key={s.id} justify="space-between" data-testid="service">
            <div>
              <Text fw={600}>
                {s.title} {s.liveContentId && <Badge color="brand">LIVE</Badge>}
              </Text>
              <Text size="sm" c="dimmed">
                Every {WEEKDAYS[s.weekday]} at {s.time} ({s.timeZone}) · next {new Date(s.nextAt).toLocaleString()}
              </Text>
            </div>
            {team && !s.liveContentId && (
              <Button size="xs" loading={actions.goLive.isPending} onClick={() => actions.goLive.mutate(s.id, { onSuccess: () => toast({ title: 'Stream Started', description: `${s.title} is live.` }), onError: toastError('Stream Start Failed') })}>
                Go live
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      {team && (
        <Group align="flex-end" mt="md">
          <TextInput size="xs" label="Service title" value={form.title} onChange={(e) => setForm({ ...form, title: e.currentTarget.value })} />
          <Select size="xs" label="Day" w={130} data={WEEKDAYS.map((d, i) => ({ value: String(i), label: d }))} value={form.weekday} onChange={(v) => setForm({ ...form, weekday: v ?? '0' })} />
          <TextInput size="xs" label="Time" type="time" w={110} value={form.time} onChange={(e) => setForm({ ...form, time: e.currentTarget.value })} />
          <TextInput size="xs" label="Time zone" value={form.timeZone} onChange={(e) => setForm({ ...form, timeZone: e.currentTarget.value })} />
          <Button size="xs" disabled={!form.title.trim() || !form.time} loading={actions.addService.isPending} onClick={add}>
            Add Service
          </Button>
        </Group>
      )}
    </Card>
  );
}
