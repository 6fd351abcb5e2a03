import { useCallback, useRef } from 'react';
import { Badge, Button, Card, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QUESTION_MAX_LENGTH, type Question } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { useSocketEvent } from '../../lib/live';
import { toast, toastError } from '../../lib/toast';
import { mergeById } from '../../lib/lists';
import { qnaQueries } from './queries';
import { OfflineNote } from '../../components/OfflineNote';
import { useDraft } from '../../lib/draft';
import { useAuth } from '../auth/AuthProvider';
import { useBrowserOnline } from '../../lib/online';
import { messageTime } from '../../lib/message-time';

/**
 * Questions to the host. Askers see their own questions and when they are answered; hosts (the
 * content's creator, or admins in the lobby) see every question arrive live and mark them answered.
 */
export function QnaPanel({ contentId = null, isHost = false }: { contentId?: number | null; isHost?: boolean }) {
  const client = useQueryClient();
  const options = qnaQueries.questions(contentId);
  const questions = useQuery(options);
  const { user } = useAuth();
  // Kept while the tab is switched or the page reloaded, until submitted (lib/draft.ts).
  const [draft, setDraft] = useDraft(`qna:${user?.id ?? 'guest'}:${contentId ?? 'lobby'}`);
  const online = useBrowserOnline();
  // The send button is disabled while it works and once the box is empty, which drops the focus to
  // the page: it goes back to the box, ready for the next question.
  const box = useRef<HTMLTextAreaElement>(null);

  const upsert = useCallback(
    (question: Question) => {
      if ((question.contentId ?? null) !== contentId) return;
      client.setQueryData(options.queryKey, (list) => mergeById(list, question, 'desc'));
    },
    // queryKey derives from contentId
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, contentId],
  );
  useSocketEvent('qna:question', upsert);
  useSocketEvent('qna:answered', upsert);
  const drop = useCallback(
    (event: { questionId: number; contentId: number | null }) => {
      if ((event.contentId ?? null) !== contentId) return;
      client.setQueryData(options.queryKey, (list) => list?.filter((q) => q.id !== event.questionId));
    },
    // queryKey derives from contentId
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, contentId],
  );
  useSocketEvent('qna:hidden', drop);

  const submit = useMutation({
    mutationFn: () => apiRequest<Question>('POST', '/api/qna/submit', { question: draft, contentId }),
    onSuccess: (question) => {
      upsert(question);
      setDraft('');
      box.current?.focus();
      toast({ title: 'Question Submitted', description: 'Your question has been sent to the host!' });
    },
    onError: toastError('Question not sent'),
  });
  const answer = useMutation({
    mutationFn: (id: number) => apiRequest<Question>('POST', `/api/qna/${id}/answer`),
    onSuccess: upsert,
    onError: toastError('Could not mark answered'),
  });

  const list = questions.data ?? [];
  return (
    <Stack>
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Textarea
            ref={box}
            label="Ask the host"
            placeholder="What would you like to know?"
            autosize
            minRows={2}
            maxLength={QUESTION_MAX_LENGTH}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button onClick={() => submit.mutate()} disabled={!draft.trim() || submit.isPending || !online} loading={submit.isPending}>
              Submit Question
            </Button>
          </Group>
          <OfflineNote testId="qna-offline">Your question stays here; submit it when your connection is back.</OfflineNote>
        </Stack>
      </Card>
      <Text fw={600}>{isHost ? 'Questions from the audience' : 'Your questions'}</Text>
      {questions.isPending ? (
        <Loader size="sm" />
      ) : list.length === 0 ? (
        <Text c="dimmed">{isHost ? 'No questions yet' : 'You have not asked anything here yet'}</Text>
      ) : (
        list.map((q) => (
          <Card key={q.id} withBorder radius="md" padding="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {q.question}
                </Text>
                <Text size="xs" c="dimmed">
                  {q.username} · <time dateTime={q.createdAt}>{messageTime(q.createdAt)}</time>
                </Text>
              </div>
              {q.answered ? (
                <Badge color="green">Answered</Badge>
              ) : isHost ? (
                <Button size="xs" variant="light" loading={answer.isPending && answer.variables === q.id} onClick={() => answer.mutate(q.id)}>
                  Mark answered
                </Button>
              ) : (
                <Badge color="gray" variant="light">
                  Waiting
                </Badge>
              )}
            </Group>
          </Card>
        ))
      )}
    </Stack>
  );
}
