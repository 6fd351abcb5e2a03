import { useState } from 'react';
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAuth } from '../auth/AuthProvider';
import { educationQueries } from '../education/queries';
import { toast, toastError } from '../../lib/toast';
import { churchQueries, useChurchActions } from './queries';

const EMPTY = { contentId: '', title: '', speaker: '', series: '', scripture: '', preachedOn: '' };

/** The sermon archive: recordings with speaker, series and scripture, searchable. */
export function SermonsCard({ churchId, team }: { churchId: number; team: boolean }) {
  const { user } = useAuth();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const sermons = useQuery(churchQueries.sermons(churchId, q));
  const items = useQuery({ ...educationQueries.myContent(user?.id ?? 0), enabled: team && Boolean(user) });
  const actions = useChurchActions(churchId);
  const [form, setForm] = useState(EMPTY);
  const ready = form.contentId && form.title.trim() && form.speaker.trim() && form.preachedOn;
  const add = () =>
    actions.addSermon.mutate(
      { ...form, contentId: Number(form.contentId) },
      { onSuccess: () => (toast({ title: 'Sermon Added', description: `${form.title} is in the archive.` }), setForm(EMPTY)), onError: toastError('Save Failed') },
    );
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Sermon archive
      </Title>
      <TextInput placeholder="Search by title, speaker, series or scripture" aria-label="Search sermons" value={search} onChange={(e) => setSearch(e.currentTarget.value)} mb="sm" />
      <Stack gap="xs">
        {sermons.data?.length === 0 && <Text c="dimmed">{q ? 'No sermons match.' : 'No sermons in the archive yet.'}</Text>}
        {sermons.data?.map((s) => (
          <Group key={s.id} justify="space-between">
            <div>
              <Link to="/watch/$contentId" params={{ contentId: String(s.contentId) }}>
                {s.title}
              </Link>
              <Text size="sm" c="dimmed">
                {s.speaker} · {s.preachedOn}
                {s.series ? ` · ${s.series}` : ''}
                {s.scripture ? ` · ${s.scripture}` : ''}
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
      {team && (
        <Stack gap="xs" mt="md">
          <Text fw={600} size="sm">
            Add a recording
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select size="xs" label="Recording" searchable data={(items.data ?? []).map((c) => ({ value: String(c.id), label: c.title }))} value={form.contentId || null} onChange={(v) => setForm({ ...form, contentId: v ?? '' })} />
            <TextInput size="xs" label="Sermon title" value={form.title} onChange={(e) => setForm({ ...form, title: e.currentTarget.value })} />
            <TextInput size="xs" label="Speaker" value={form.speaker} onChange={(e) => setForm({ ...form, speaker: e.currentTarget.value })} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 4 }} style={{ alignItems: 'end' }}>
            <TextInput size="xs" label="Series" value={form.series} onChange={(e) => setForm({ ...form, series: e.currentTarget.value })} />
            <TextInput size="xs" label="Scripture" placeholder="John 3:16" value={form.scripture} onChange={(e) => setForm({ ...form, scripture: e.currentTarget.value })} />
            <TextInput size="xs" type="date" label="Preached on" value={form.preachedOn} onChange={(e) => setForm({ ...form, preachedOn: e.currentTarget.value })} />
            <Button size="xs" disabled={!ready} loading={actions.addSermon.isPending} onClick={add}>
              Add Sermon
            </Button>
          </SimpleGrid>
        </Stack>
      )}
    </Card>
  );
}
