import { LoadError } from '../../components/LoadError';
import { OfflineNote } from '../../components/OfflineNote';
import { useEffect, useRef, type FormEvent } from 'react';
import { ActionIcon, Badge, Card, Group, Loader, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { CHAT_MESSAGE_MAX_LENGTH, type ChatAudience, type ChatMessage } from '@onair/protocol';
import { toastError } from '../../lib/toast';
import { messageTime } from '../../lib/message-time';
import { useChat } from './useChat';
import { useBrowserOnline } from '../../lib/online';
import { useDraft } from '../../lib/draft';
import { useAuth } from '../auth/AuthProvider';

export const AUDIENCE_LABELS: Record<Exclude<ChatAudience, 'regular'>, { label: string; color: string }> = {
  moderator: { label: 'Moderators', color: 'red' },
  vip: { label: 'VIP Members', color: 'grape' },
  new: { label: 'New Viewers', color: 'teal' },
};

function AudienceLegend({ messages }: { messages: ChatMessage[] }) {
  const authors = new Map(messages.map((m) => [m.userId, m.audience]));
  return (
    <Group gap="xs" aria-label="Chat audience">
      {(Object.keys(AUDIENCE_LABELS) as (keyof typeof AUDIENCE_LABELS)[]).map((audience) => (
        <Badge key={audience} variant="light" color={AUDIENCE_LABELS[audience].color}>
          {AUDIENCE_LABELS[audience].label} · {[...authors.values()].filter((a) => a === audience).length}
        </Badge>
      ))}
    </Group>
  );
}

function MessageRow({ message }: { message: ChatMessage }) {
  const badge = message.audience === 'regular' ? null : AUDIENCE_LABELS[message.audience];
  return (
    <div>
      <Group gap={6} wrap="nowrap">
        <Text fw={600} size="sm">
          {message.username}
        </Text>
        {badge && (
          <Badge size="xs" variant="dot" color={badge.color}>
            {badge.label.replace(/s$/, '')}
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          <time dateTime={message.timestamp}>{messageTime(message.timestamp)}</time>
        </Text>
      </Group>
      {/* Rendered as text: React escapes it, so markup in a message is shown, never run. */}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {message.message}
      </Text>
    </div>
  );
}

/** Live chat of a content item, or of the lobby when contentId is null. */
export function ChatPanel({ contentId = null, height = 420 }: { contentId?: number | null; height?: number }) {
  const { messages, send } = useChat(contentId);
  const online = useBrowserOnline();
  const { user } = useAuth();
  // Kept while the tab is switched or the page reloaded, until sent (lib/draft.ts).
  const [draft, setDraft] = useDraft(`chat:${user?.id ?? 'guest'}:${contentId ?? 'lobby'}`);
  const viewport = useRef<HTMLDivElement>(null);
  const list = messages.data ?? [];

  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [list.length]);

  // No maxLength on the input: a longer paste would be cut without a word. It is kept whole and said.
  const tooLong = draft.trim().length > CHAT_MESSAGE_MAX_LENGTH;
  const nearLimit = draft.length >= CHAT_MESSAGE_MAX_LENGTH * 0.9;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text || tooLong || send.isPending || !online) return;
    send.mutate(text, {
      onSuccess: () => setDraft(''),
      onError: toastError('Message not sent'),
    });
  };

  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="sm">
        <AudienceLegend messages={list} />
        <ScrollArea h={height} viewportRef={viewport} aria-live="polite" aria-label="Chat messages">
          {messages.isPending ? (
            <Group justify="center" p="xl">
              <Loader size="sm" />
            </Group>
          ) : messages.isError && !messages.data ? (
            <LoadError error={messages.error} retry={messages.refetch} />
          ) : list.length === 0 ? (
            <Text c="dimmed" ta="center" p="xl">
              No messages yet
            </Text>
          ) : (
            <Stack gap="xs" pr="sm">
              {list.map((m) => (
                <MessageRow key={m.id} message={m} />
              ))}
            </Stack>
          )}
        </ScrollArea>
        <form onSubmit={submit}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              flex={1}
              aria-label="Chat message"
              placeholder="Say something to the audience…"
              value={draft}
              error={tooLong ? `Messages can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters; this one has ${draft.trim().length}.` : undefined}
              description={nearLimit && !tooLong ? `${draft.trim().length}/${CHAT_MESSAGE_MAX_LENGTH}` : undefined}
              inputWrapperOrder={['input', 'description', 'error']}
              onChange={(e) => setDraft(e.currentTarget.value)}
            />
            <ActionIcon type="submit" size="lg" aria-label="Send message" disabled={!draft.trim() || tooLong || send.isPending || !online} loading={send.isPending}>
              <IconSend size={18} />
            </ActionIcon>
          </Group>
          <OfflineNote testId="chat-offline">Your message stays here; send it when your connection is back.</OfflineNote>
        </form>
      </Stack>
    </Card>
  );
}
