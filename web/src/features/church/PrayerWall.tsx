import { useCallback, useState } from 'react';
import { Badge, Button, Card, Group, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrayerRequest } from '@onair/protocol';
import { useSocketEvent } from '../../lib/live';
import { toast, toastError } from '../../lib/toast';
import { churchQueries, useChurchActions } from './queries';

/**
 * Prayer requests. The pastoral team's list fills in live (`prayer:new` on their own room), and the
 * author's updates when the team marks theirs prayed for (`prayer:updated`).
 */
export function PrayerWall({ churchId, team }: { churchId: number; team: boolean }) {
  const client = useQueryClient();
  const key = churchQueries.prayers(churchId).queryKey;
  const prayers = useQuery(churchQueries.prayers(churchId));
  const actions = useChurchActions(churchId);
  const [body, setBody] = useState('');
  const [visibility, setVisibility] = useState<'public' | 'team'>('public');

  const upsert = useCallback(
    (request: PrayerRequest) => {
      if (request.churchId !== churchId) return;
      client.setQueryData<PrayerRequest[]>(key, (list = []) => (list.some((r) => r.id === request.id) ? list.map((r) => (r.id === request.id ? request : r)) : [request, ...list]));
    },
    // key derives from churchId
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, churchId],
  );
  useSocketEvent('prayer:new', upsert);
  useSocketEvent('prayer:updated', upsert);

  const post = () =>
    actions.pray.mutate(
      { body, visibility },
      { onSuccess: () => (toast({ title: 'Prayer Request Sent', description: visibility === 'team' ? 'Only the pastoral team will see it.' : 'It is on the prayer wall.' }), setBody('')), onError: toastError('Request Failed') },
    );

  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {team ? 'Prayer requests (pastoral team)' : 'Prayer wall'}
      </Title>
      <Stack gap="xs">
        <Textarea label="Your prayer request" autosize minRows={2} value={body} onChange={(e) => setBody(e.currentTarget.value)} />
        <Group justify="space-between">
          <SegmentedControl
            size="xs"
            value={visibility}
            onChange={(v) => setVisibility(v as 'public' | 'team')}
            data={[
              { value: 'public', label: 'Prayer wall' },
              { value: 'team', label: 'Pastoral team only' },
            ]}
          />
          <Button size="xs" disabled={!body.trim()} loading={actions.pray.isPending} onClick={post}>
            Post Request
          </Button>
        </Group>
        {prayers.data?.length === 0 && <Text c="dimmed">No prayer requests yet.</Text>}
        {prayers.data?.map((r) => (
          <Card key={r.id} withBorder p="xs" data-testid="prayer-request">
            <Text size="sm">{r.body}</Text>
            <Group justify="space-between" mt={4}>
              <Group gap={4}>
                <Text size="xs" c="dimmed">
                  {r.authorName} · {new Date(r.createdAt).toLocaleString()}
                </Text>
                {r.visibility === 'team' && <Badge size="xs">Team only</Badge>}
                {r.flagged && <Badge size="xs" color="orange">Held: {r.flagged}</Badge>}
                {r.prayedAt && <Badge size="xs" color="green">Prayed for{r.prayedBy ? ` by ${r.prayedBy}` : ''}</Badge>}
              </Group>
              {team && !r.prayedAt && (
                <Button size="compact-sm" variant="light" onClick={() => actions.prayed.mutate(r.id, { onError: toastError('Update Failed') })}>
                  Mark prayed
                </Button>
              )}
            </Group>
          </Card>
        ))}
      </Stack>
    </Card>
  );
}
