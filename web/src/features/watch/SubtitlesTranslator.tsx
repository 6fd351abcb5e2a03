/**
 * For the item's creator: translate the transcript into a subtitle track in another language (the
 * `subtitles` job, through the translation engines). The new track joins the player when it is done.
 */
import { useState } from 'react';
import { Button, Group, Progress, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SUPPORTED_LANGUAGES } from '@onair/protocol/constants';
import type { Transcript } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { toast, toastError } from '../../lib/toast';
import { useJobProgress } from '../translation/useJobProgress';
import { transcriptQueries } from './transcriptQueries';

export function SubtitlesTranslator({ transcript }: { transcript: Transcript }) {
  const client = useQueryClient();
  const [language, setLanguage] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useJobProgress(jobId, {
    done() {
      setJobId(null);
      void client.invalidateQueries({ queryKey: transcriptQueries.transcript(transcript.contentId).queryKey });
      toast({ title: 'Subtitles ready', description: 'The translated track is in the player’s subtitles menu.' });
    },
    failed(error) {
      setJobId(null);
      toast({ title: 'Could not translate the subtitles', description: error, variant: 'destructive' });
    },
  });
  const start = useMutation({
    mutationFn: (target: string) => apiRequest<{ jobId: string }>('POST', `/api/content/${transcript.contentId}/transcript/translations`, { language: target }),
    onSuccess: (accepted) => setJobId(accepted.jobId),
    onError: toastError('Could not translate the subtitles'),
  });
  const options = SUPPORTED_LANGUAGES.filter((l) => l.code !== transcript.language).map((l) => ({ value: l.code, label: l.name }));
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end">
        <Select size="xs" label="Translate subtitles into" placeholder="Language" data={options} value={language} onChange={setLanguage} w={180} />
        <Button size="xs" disabled={!language || jobId !== null} loading={start.isPending || jobId !== null} onClick={() => language && start.mutate(language)}>
          Translate
        </Button>
      </Group>
      {jobId && job && (
        <>
          <Progress value={job.progress} size="sm" />
          <Text size="xs" c="dimmed">
            {job.message}
          </Text>
        </>
      )}
    </Stack>
  );
}
