import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { toast, toastError } from '../../lib/toast';
import { useSummarize } from './queries';

/** How much shorter the summary is than the input, in percent (spec §2). */
export function compressionPercent(input: string, summary: string): number {
  const length = input.trim().length;
  if (length === 0) return 0;
  return Math.max(0, Math.round((1 - summary.length / length) * 100));
}

export function SummaryTab() {
  const [text, setText] = useState('');
  const [result, setResult] = useState<{ input: string; summary: string } | null>(null);
  const summarize = useSummarize();

  const submit = () => {
    if (!text.trim()) {
      toast({ title: 'Input Required', description: 'Please enter some text to summarize.', variant: 'destructive' });
      return;
    }
    const input = text;
    summarize.mutate(input, {
      onSuccess: ({ summary }) => {
        setResult({ input, summary });
        toast({ title: 'Summary Generated', description: `${compressionPercent(input, summary)}% shorter than the original.` });
      },
      onError: toastError('Summary Failed'),
    });
  };

  return (
    <Stack>
      <Textarea
        label="Text to summarize"
        description="Paste an article, a transcript or show notes. The summary keeps its most central sentences."
        placeholder="Paste a news article or a transcript…"
        autosize
        minRows={8}
        maxRows={20}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <Group>
        <Button leftSection={<IconFileText size={16} />} onClick={submit} loading={summarize.isPending}>
          Summarize
        </Button>
        <Text size="sm" c="dimmed">
          {text.trim().length.toLocaleString('en-US')} characters
        </Text>
      </Group>
      {result && (
        <Card withBorder data-testid="summary-result">
          <Group justify="space-between" mb="xs">
            <Text fw={600}>Summary</Text>
            <Badge variant="light">{compressionPercent(result.input, result.summary)}% compression</Badge>
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{result.summary}</Text>
          <Text size="xs" c="dimmed" mt="sm">
            {result.summary.length.toLocaleString('en-US')} of {result.input.trim().length.toLocaleString('en-US')} characters
          </Text>
        </Card>
      )}
    </Stack>
  );
}
