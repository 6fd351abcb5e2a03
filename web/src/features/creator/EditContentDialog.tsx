import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { CONTENT_TEXT_LIMITS, type Content } from '@onair/protocol';
import { toast, toastError } from '../../lib/toast';
import { useUpdateContent } from './queries';

/** Limits the server keeps (ContentUpdateRequestSchema): typed past them, the field stops. */
const { title: TITLE_MAX, description: DESCRIPTION_MAX, category: CATEGORY_MAX } = CONTENT_TEXT_LIMITS;

/** Fixes an item's title, description and category: an upload's title is its file name until then. */
export function EditContentDialog({ item, onClose, creatorId }: { item: Content; onClose: () => void; creatorId: number }) {
  const update = useUpdateContent(creatorId);
  const [title, setTitle] = useState(item.title);
  const [description, setDescription] = useState(item.description ?? '');
  const [category, setCategory] = useState(item.category ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: item.id, title, description, category },
      {
        onSuccess: (saved) => {
          toast({ title: 'Content Updated', description: saved.title });
          onClose();
        },
        onError: toastError('Update Failed'),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Edit Content">
      <form onSubmit={submit}>
        <Stack>
          <TextInput label="Title" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={TITLE_MAX} error={title.trim() ? null : 'A title is required'} data-autofocus />
          <Textarea label="Description" autosize minRows={3} maxRows={10} value={description} onChange={(e) => setDescription(e.currentTarget.value)} maxLength={DESCRIPTION_MAX} />
          <TextInput label="Category" value={category} onChange={(e) => setCategory(e.currentTarget.value)} maxLength={CATEGORY_MAX} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!title.trim()}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
