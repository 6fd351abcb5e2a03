import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { CONTENT_TYPES, CONTENT_TYPE_LABELS } from '@onair/protocol/constants';
import type { ContentType } from '@onair/protocol';
import { toast } from '../../lib/toast';
import { useCreateContent } from './queries';


/** Create Content (spec §2, §5: a title is required). The form resets after a success (spec §4). */
export function CreateContentDialog({ opened, onClose, creatorId }: { opened: boolean; onClose: () => void; creatorId: number }) {
  const create = useCreateContent(creatorId);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [type, setType] = useState<ContentType>('tv');

  const failed = () => toast({ title: 'Creation Failed', description: 'Unable to create content. Please try again.', variant: 'destructive' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return failed();
    create.mutate(
      { title, description: description || undefined, type },
      {
        onSuccess: (content) => {
          toast({ title: 'Content Created', description: content.title });
          setTitle('');
          setDescription('');
          setType('tv');
          onClose();
        },
        onError: failed,
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Create Content">
      <form onSubmit={submit}>
        <Stack>
          <TextInput label="Title" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={200} data-autofocus />
          <Textarea label="Description" autosize minRows={3} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
          <Select
            label="Type"
            data={CONTENT_TYPES.map((t) => ({ value: t, label: CONTENT_TYPE_LABELS[t] }))}
            value={type}
            onChange={(v) => v && setType(v as ContentType)}
            allowDeselect={false}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
