import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { POLL_DURATION_SECONDS, POLL_OPTIONS, repeatedOption, type Poll } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { toast, toastError } from '../../lib/toast';

const emptyForm = () => ({ question: '', options: ['', ''], minutes: Math.round(POLL_DURATION_SECONDS.default / 60) });

export function CreatePollDialog({ opened, onClose, contentId }: { opened: boolean; onClose: () => void; contentId: number | null }) {
  const client = useQueryClient();
  const [form, setForm] = useState(emptyForm);
  const options = form.options.map((o) => o.trim()).filter(Boolean);
  const twice = repeatedOption(options);
  const valid = form.question.trim() && options.length >= POLL_OPTIONS.min && twice === undefined;
  // Said at the later copy, as the person types it.
  const repeatedAt = (index: number) =>
    twice !== undefined && form.options[index]!.trim().toLowerCase() === twice.toLowerCase() && repeatedOption(form.options.slice(0, index + 1)) !== undefined
      ? 'This choice is already an option'
      : undefined;

  const create = useMutation({
    mutationFn: () =>
      apiRequest<Poll>('POST', '/api/polls', {
        question: form.question,
        options,
        durationSeconds: Math.round(form.minutes * 60),
        contentId,
      }),
    onSuccess: () => {
      toast({ title: 'Poll Started', description: 'Your audience can vote now.' });
      void client.invalidateQueries({ queryKey: ['/api/polls/active'] });
      setForm(emptyForm());
      onClose();
    },
    onError: toastError('Poll not created'),
  });

  const setOption = (index: number, value: string) =>
    setForm((f) => ({ ...f, options: f.options.map((o, i) => (i === index ? value : o)) }));

  return (
    <Modal opened={opened} onClose={onClose} title="Create Poll">
      <Stack>
        <TextInput label="Question" required value={form.question} onChange={(e) => setForm({ ...form, question: e.currentTarget.value })} />
        {form.options.map((option, index) => (
          <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput flex={1} label={`Option ${index + 1}`} value={option} onChange={(e) => setOption(index, e.currentTarget.value)} error={repeatedAt(index)} />
            {form.options.length > POLL_OPTIONS.min && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove option ${index + 1}`}
                onClick={() => setForm((f) => ({ ...f, options: f.options.filter((_, i) => i !== index) }))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {form.options.length < POLL_OPTIONS.max && (
          <Button variant="subtle" onClick={() => setForm((f) => ({ ...f, options: [...f.options, ''] }))}>
            Add option
          </Button>
        )}
        <NumberInput
          label="Duration (minutes)"
          min={POLL_DURATION_SECONDS.min / 60}
          max={POLL_DURATION_SECONDS.max / 60}
          step={0.5}
          value={form.minutes}
          onChange={(value) => setForm({ ...form, minutes: Number(value) || 0 })}
        />
        <Button onClick={() => create.mutate()} disabled={!valid} loading={create.isPending}>
          Start Poll
        </Button>
      </Stack>
    </Modal>
  );
}
