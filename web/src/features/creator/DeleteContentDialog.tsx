import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Content } from '@onair/protocol';
import { toast, toastError } from '../../lib/toast';
import { useDeleteContent } from './queries';

/**
 * Asks before deleting an item, and says what goes with it: nothing of it can be brought back. Cancel
 * has the focus, so Enter on an opened dialog deletes nothing. `onDeleted` (else `onClose`) runs once
 * it is gone: the item's own page leaves for Home.
 */
export function DeleteContentDialog({ item, onClose, onDeleted = onClose }: { item: Content; onClose: () => void; onDeleted?: () => void }) {
  const remove = useDeleteContent(item.creatorId);
  const confirm = () =>
    remove.mutate(item.id, {
      onSuccess: () => {
        toast({ title: 'Content Deleted', description: item.title });
        onDeleted();
      },
      onError: toastError('Delete Failed'),
    });

  return (
    <Modal opened onClose={onClose} title="Delete Content">
      <Stack>
        <Text>
          Delete <b>{item.title}</b>? Its video or audio, recording, chat, polls, questions and view history are removed with it, and it leaves
          any podcast feed it is in. This cannot be undone.
        </Text>
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
