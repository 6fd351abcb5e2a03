import { useState, type FormEvent } from 'react';
import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRefreshOnNotification } from '../../lib/live';
import { toast, toastError } from '../../lib/toast';
import { AccountInvitations } from '../education/AccountInvitations';
import { educationQueries } from '../education/queries';
import { churchQueries, useCreateChurch } from './queries';

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** /church-mode: every congregation on OnAir, and a form to start one. */
export function ChurchModePage() {
  const churches = useQuery(churchQueries.list());
  const create = useCreateChurch();
  const [name, setName] = useState('');
  const [timeZone, setTimeZone] = useState(browserTimeZone);
  // A church asking this person onto its pastoral team, or someone answering this person's asking.
  useRefreshOnNotification([educationQueries.myInvitations().queryKey, churchQueries.list().queryKey]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate(
      { name, timeZone },
      { onSuccess: (church) => (toast({ title: 'Church Created', description: `${church.name} has its own page now.` }), setName('')), onError: toastError('Setup Failed') },
    );
  };
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">Church Mode</Title>
        <Text c="dimmed">Services live to the congregation, sermons to come back to, prayer requests and giving.</Text>
      </div>
      <AccountInvitations kind="church" />
      <Card withBorder component="form" onSubmit={submit}>
        <Title order={2} size="h4" mb="sm">
          Start your church’s page
        </Title>
        <Group align="flex-end" grow>
          <TextInput label="Church name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <TextInput label="Time zone" required description="Services are scheduled in this zone" value={timeZone} onChange={(e) => setTimeZone(e.currentTarget.value)} />
          <Button type="submit" disabled={!name.trim() || !timeZone.trim()} loading={create.isPending}>
            Create Church
          </Button>
        </Group>
      </Card>
      <Title order={2} size="h4">Congregations</Title>
      {churches.data?.length === 0 && <Text c="dimmed">No churches yet. Start the first one above.</Text>}
      {churches.data?.map((c) => (
        <Card withBorder key={c.id}>
          <Group justify="space-between">
            <div>
              <Text fw={600}>{c.name}</Text>
              <Text size="sm" c="dimmed">
                {c.members} members · {c.timeZone}
              </Text>
            </div>
            <Group>
              {c.myRole && <Badge variant="light">{c.myRole === 'owner' ? 'Owner' : c.myRole === 'pastor' ? 'Pastoral team' : 'Member'}</Badge>}
              <Link to="/church/$churchId" params={{ churchId: String(c.id) }}>
                Open {c.name}
              </Link>
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
