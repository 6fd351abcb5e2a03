import { LoadError } from '../../components/LoadError';
import { OfflineNote } from '../../components/OfflineNote';
import { useBrowserOnline } from '../../lib/online';
import { useState } from 'react';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { toast, toastError } from '../../lib/toast';
import { CreatePollDialog } from './CreatePollDialog';
import { PollCard } from './PollCard';
import { usePolls } from './usePolls';

/** Active polls of a content item (or all, when contentId is null), with voting and, for hosts, creation. */
export function PollsPanel({ contentId = null, canCreate = false }: { contentId?: number | null; canCreate?: boolean }) {
  const { polls, vote } = usePolls(contentId);
  const [creating, setCreating] = useState(false);
  const online = useBrowserOnline();
  const list = polls.data ?? [];

  const onVote = (pollId: number, optionIndex: number) =>
    vote.mutate(
      { pollId, optionIndex },
      {
        onSuccess: () => toast({ title: 'Vote Recorded', description: 'Your vote has been counted!' }),
        onError: toastError('Vote not counted'),
      },
    );

  return (
    <Stack gap="md">
      {canCreate && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Create Poll
          </Button>
        </Group>
      )}
      {polls.isPending ? (
        <Group justify="center" p="xl">
          <Loader size="sm" />
        </Group>
      ) : polls.isError && !polls.data ? (
        // Not "No active polls": nobody knows whether there are any.
        <LoadError error={polls.error} retry={polls.refetch} />
      ) : list.length === 0 ? (
        <Text c="dimmed" ta="center" p="xl">
          No active polls
        </Text>
      ) : (
        list.map((poll) => (
          <PollCard
            key={poll.id}
            poll={poll}
            fetchedAt={polls.dataUpdatedAt}
            voting={vote.isPending && vote.variables?.pollId === poll.id}
            offline={!online}
            onVote={(index) => onVote(poll.id, index)}
          />
        ))
      )}
      {list.length > 0 && <OfflineNote testId="polls-offline">Votes open again when your connection is back.</OfflineNote>}
      {canCreate && <CreatePollDialog opened={creating} onClose={() => setCreating(false)} contentId={contentId} />}
    </Stack>
  );
}
