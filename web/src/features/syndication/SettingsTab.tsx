import { useEffect, useState } from 'react';
import { Anchor, Button, Card, FileButton, Group, Image, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import {
  COVER_MAX_PX,
  COVER_MIN_PX,
  PODCAST_CATEGORIES,
  SYNC_FREQUENCIES,
  type PodcastCategory,
  type PodcastShow,
  type SyncFrequency,
} from '@onair/protocol';
import { toast, toastError } from '../../lib/toast';
import { useCreateShow, useUpdateShow, useUploadCover } from './queries';

const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Spec §2 Settings, saved per show; plus making a show and its cover art. */
export function SettingsTab({ shows }: { shows: PodcastShow[] }) {
  const [showId, setShowId] = useState<string | null>(null);
  const show = shows.find((s) => String(s.id) === showId) ?? shows[0] ?? null;
  return (
    <Stack>
      {shows.length > 0 && (
        <Select
          label="Show"
          data={shows.map((s) => ({ value: String(s.id), label: s.title }))}
          value={show ? String(show.id) : null}
          onChange={setShowId}
          allowDeselect={false}
        />
      )}
      {show && <ShowSettings key={show.id} show={show} />}
      <NewShowForm onCreated={(s) => setShowId(String(s.id))} />
    </Stack>
  );
}

function ShowSettings({ show }: { show: PodcastShow }) {
  const update = useUpdateShow();
  const cover = useUploadCover();
  const [form, setForm] = useState(() => pick(show));
  useEffect(() => setForm(pick(show)), [show]);
  const onSave = () =>
    update.mutate(
      { id: show.id, ...form },
      { onSuccess: () => toast({ title: 'Settings Saved', description: `${show.title} will use these settings.` }), onError: toastError('Save Failed') },
    );
  const onCover = (file: File | null) => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () =>
      cover.mutate(
        { id: show.id, image: String(reader.result) },
        { onSuccess: () => toast({ title: 'Cover Updated', description: 'The feed carries the new cover art.' }), onError: toastError('Upload Failed') },
      );
    reader.readAsDataURL(file);
  };
  return (
    <Card withBorder radius="md" padding="md">
      <Group align="flex-start" wrap="nowrap" mb="md">
        {show.coverUrl ? <Image src={show.coverUrl} w={96} h={96} radius="sm" alt="" /> : null}
        <Stack gap={4}>
          <Text fw={600}>{show.title}</Text>
          <Anchor href={show.feedUrl} target="_blank" rel="noreferrer" size="sm" data-testid="feed-url">
            {show.feedUrl}
          </Anchor>
          <Text size="xs" c="dimmed">
            {show.episodes.length} episode{show.episodes.length === 1 ? '' : 's'} · cover {show.coverWidth ? `${show.coverWidth}×${show.coverHeight} px` : 'missing'}
          </Text>
          <FileButton onChange={onCover} accept="image/jpeg,image/png">
            {(props) => (
              <Button {...props} size="xs" variant="light" loading={cover.isPending}>
                Upload cover ({COVER_MIN_PX}–{COVER_MAX_PX} px square JPEG or PNG)
              </Button>
            )}
          </FileButton>
        </Stack>
      </Group>
      <Stack gap="sm">
        <Switch label="Auto-publish new episodes" checked={form.autoPublish} onChange={(e) => setForm({ ...form, autoPublish: e.currentTarget.checked })} />
        <Switch label="Quality check before publishing" checked={form.qualityCheck} onChange={(e) => setForm({ ...form, qualityCheck: e.currentTarget.checked })} />
        <Switch label="Sync metadata changes at once" checked={form.syncMetadata} onChange={(e) => setForm({ ...form, syncMetadata: e.currentTarget.checked })} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Category"
            data={PODCAST_CATEGORIES.map((c) => ({ value: c, label: label(c) }))}
            value={form.category}
            onChange={(v) => v && setForm({ ...form, category: v as PodcastCategory })}
            allowDeselect={false}
          />
          <Select
            label="Sync frequency"
            data={SYNC_FREQUENCIES.map((f) => ({ value: f, label: label(f) }))}
            value={form.syncFrequency}
            onChange={(v) => v && setForm({ ...form, syncFrequency: v as SyncFrequency })}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button onClick={onSave} loading={update.isPending}>
            Save Settings
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function pick(show: PodcastShow) {
  return { autoPublish: show.autoPublish, qualityCheck: show.qualityCheck, syncMetadata: show.syncMetadata, category: show.category, syncFrequency: show.syncFrequency };
}

function NewShowForm({ onCreated }: { onCreated: (show: PodcastShow) => void }) {
  const create = useCreateShow();
  const empty = { title: '', description: '', author: '', category: 'education' as PodcastCategory, language: 'en', explicit: false };
  const [form, setForm] = useState(empty);
  const onCreate = () =>
    create.mutate(
      form,
      {
        onSuccess: (show) => {
          toast({ title: 'Show Created', description: `Its feed is ${show.feedUrl}` });
          setForm(empty);
          onCreated(show);
        },
        onError: toastError('Creation Failed'),
      },
    );
  return (
    <Card withBorder radius="md" padding="md">
      <Text fw={600} mb="sm">
        New show
      </Text>
      <Stack gap="sm">
        <TextInput label="Show title" value={form.title} onChange={(e) => setForm({ ...form, title: e.currentTarget.value })} />
        <Textarea label="Show description" value={form.description} onChange={(e) => setForm({ ...form, description: e.currentTarget.value })} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Author" value={form.author} onChange={(e) => setForm({ ...form, author: e.currentTarget.value })} />
          <Select
            label="Show category"
            data={PODCAST_CATEGORIES.map((c) => ({ value: c, label: label(c) }))}
            value={form.category}
            onChange={(v) => v && setForm({ ...form, category: v as PodcastCategory })}
            allowDeselect={false}
          />
          <TextInput label="Language" value={form.language} onChange={(e) => setForm({ ...form, language: e.currentTarget.value })} />
        </SimpleGrid>
        <Switch label="Explicit content" checked={form.explicit} onChange={(e) => setForm({ ...form, explicit: e.currentTarget.checked })} />
        <Group justify="flex-end">
          <Button onClick={onCreate} loading={create.isPending} disabled={!form.title.trim() || !form.description.trim() || !form.author.trim()}>
            Create Show
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
