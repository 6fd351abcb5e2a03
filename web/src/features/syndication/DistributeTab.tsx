import { useState } from 'react';
import { Button, Card, Group, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PLATFORM_CATALOGUE, PODCAST_PLATFORMS, type ContentType, type PodcastShow, type PodcastSyndication, type SyndicationPlatform } from '@onair/protocol';
import { toast, toastError } from '../../lib/toast';
import { useAuth } from '../auth/AuthProvider';
import { managesContent } from '../auth/permissions';
import { contentQueries } from '../content/queries';
import { useContentPicker } from '../content/useContentPicker';
import { ActiveDistributions } from './ActiveDistributions';
import { minutesSeconds } from './format';
import { useDistribute } from './queries';

/** What can be syndicated as a podcast episode. */
const AUDIO_TYPES: readonly ContentType[] = ['radio', 'podcast'];

/** Spec §2 Distribute Content: choose an audio item, toggle platforms or distribute to all. */
export function DistributeTab({ records, shows }: { records: PodcastSyndication[]; shows: PodcastShow[] }) {
  const { user } = useAuth();
  // A creator's own items, all of them; an admin starts from the library's first page and may search it all.
  const content = useQuery(user?.role === 'creator' ? contentQueries.byCreator(user.id) : contentQueries.list());
  const distribute = useDistribute();
  const [chosenShow, setChosenShow] = useState<string | null>(null);
  // Spec §5: only radio and podcast content can be chosen; creators choose among their own.
  const picker = useContentPicker({
    base: content.data,
    wholeLibrary: user?.role !== 'creator',
    creatorId: user?.role === 'creator' ? user.id : undefined,
    types: AUDIO_TYPES,
    accepts: (c) => AUDIO_TYPES.includes(c.type) && managesContent(user, c),
  });
  const audio = picker.items;
  const selected = picker.chosen;
  const inShow = selected ? shows.find((s) => s.episodes.some((e) => e.contentId === selected.id)) ?? null : null;
  const showId = inShow?.id ?? (chosenShow ? Number(chosenShow) : shows.length === 1 ? shows[0]!.id : null);
  const recordFor = (platform: SyndicationPlatform) => records.find((r) => r.contentId === selected?.id && r.platform === platform);

  const send = (platforms: readonly SyndicationPlatform[]) => {
    if (!selected) return;
    if (showId === null) {
      toast({ title: 'Syndication Failed', description: 'Choose the show this episode belongs to (create one in Settings).', variant: 'destructive' });
      return;
    }
    // One request per platform; TanStack runs a mutate() call's own callbacks only for the last of
    // several, so the outcome is read from the promises: one toast for the lot.
    const sends = platforms.map((platform) => distribute.mutateAsync({ contentId: selected.id, platform, showId }));
    void Promise.allSettled(sends).then((outcomes) => {
      const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      if (failed) toastError('Syndication Failed')(failed.reason);
      else toast({ title: 'Syndication Started', description: 'Your content is being distributed to the selected platforms!' });
    });
  };

  return (
    <Stack>
      <Card withBorder radius="md" padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Audio content"
            placeholder={audio.length ? 'Choose a radio or podcast item' : 'No radio or podcast items yet'}
            {...picker.selectProps}
          />
          <Select
            label="Show"
            placeholder={shows.length ? 'Choose a show' : 'Create a show in Settings first'}
            data={shows.map((s) => ({ value: String(s.id), label: s.title }))}
            value={showId === null ? null : String(showId)}
            onChange={setChosenShow}
            disabled={!selected || inShow !== null}
          />
        </SimpleGrid>
        {selected && (
          <Stack gap={2} mt="md" data-testid="selected-content">
            <Text fw={600}>{selected.title}</Text>
            {selected.description && (
              <Text size="sm" c="dimmed">
                {selected.description}
              </Text>
            )}
            <Text size="sm">
              {minutesSeconds(selected.duration)} · {selected.type}
            </Text>
          </Stack>
        )}
      </Card>

      <Card withBorder radius="md" padding="md">
        <Text fw={600} mb="sm">
          Platforms
        </Text>
        <Stack gap="sm">
          {PODCAST_PLATFORMS.map((platform) => {
            const record = recordFor(platform);
            return (
              <Group key={platform} justify="space-between">
                <div>
                  <Text fw={500}>{PLATFORM_CATALOGUE[platform].name}</Text>
                  <Text size="sm" c="dimmed">
                    {PLATFORM_CATALOGUE[platform].tagline}
                  </Text>
                </div>
                <Switch
                  aria-label={`Distribute to ${PLATFORM_CATALOGUE[platform].name}`}
                  checked={Boolean(record)}
                  disabled={!selected}
                  // Spec §4: a toggle can only be turned on; unchecking does nothing.
                  onChange={(e) => {
                    if (e.currentTarget.checked && !record) send([platform]);
                  }}
                />
              </Group>
            );
          })}
        </Stack>
        <Button mt="md" fullWidth disabled={!selected || distribute.isPending} loading={distribute.isPending} onClick={() => send(PODCAST_PLATFORMS)}>
          Distribute to All Platforms
        </Button>
      </Card>

      <ActiveDistributions records={records} />
    </Stack>
  );
}
