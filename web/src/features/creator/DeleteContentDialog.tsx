import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { CONTENT_TEXT_LIMITS, type Content } from '@onair/protocol';
import { useAuth } from '../auth/AuthProvider';
import { toast, toastError } from '../../lib/toast';
import { useDeleteContent } from './queries';

/**
 * Asks before deleting an item, and says what goes with it: nothing of it can be brought back. Cancel
 * has the focus, so Enter on an opened dialog deletes nothing. `onDeleted` (else `onClose`) runs once
 * it is gone: the item's own page leaves for Home. An admin taking down someone else's item may say
 * why; the creator's notice carries it.
 */
export function DeleteContentDialog({ item, onClose, onDeleted = onClose }: { item: Content; onClose: () => void; onDeleted?: () => void }) {
  const remove = useDeleteContent(item.creatorId);
  const { user } = useAuth();
  const takedown = user?.role === 'admin' && item.creatorId !== null && item.creatorId !== user.id;
  const [reason, setReason] = useState('');
  const confirm = () =>
    remove.mutate(
      { id: item.id, reason: takedown ? reason.trim() : undefined },
      {
        onSuccess: () => {
          toast({ title: 'Content Deleted', description: item.title });
          onDeleted();
        },
        onError: toastError('Delete Failed'),
      },
    );

  return (
    <Modal opened onClose={onClose} title="Delete Content">
      <Stack>
        <Text>
          Delete <b>{item.title}</b>? Its video or audio, recording, chat, polls, questions and view history are removed with it, and it leaves
          any podcast feed it is in. This cannot be undone.
        </Text>
        {takedown && (
          <Textarea
            label="Reason (sent to the creator)"
            placeholder="Optional: what rule it broke, or what to fix"
            autosize
            minRows={2}
            maxLength={CONTENT_TEXT_LIMITS.takedownReason}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red.9" loading={remove.isPending} onClick={confirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
