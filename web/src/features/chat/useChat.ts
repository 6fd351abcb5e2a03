/**
 * Chat of one room (a content item, or the lobby when contentId is null): the message list as a live
 * query, and a send that goes over the socket with an acknowledgement and falls back to REST with the
 * same idempotency key, so a retry never duplicates a message.
 */
import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { POLL_INTERVAL_MS } from '@onair/protocol/constants';
import type { Ack, ChatMessage } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { useLiveInterval, useResyncOnReconnect, useSocketEvent } from '../../lib/live';
import { getSocket } from '../../lib/socket';
import { mergeById } from '../../lib/lists';
import { chatQueries } from './queries';

const ACK_TIMEOUT_MS = 4000;
const HISTORY_LIMIT = 200;

export class ChatSendError extends Error {}

async function sendOverSocket(payload: { message: string; contentId: number | null; idempotencyKey: string }): Promise<ChatMessage | null> {
  const socket = getSocket();
  if (!socket?.connected) return null;
  try {
    const ack = (await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('chat:send', payload)) as Ack<ChatMessage>;
    if (!ack.ok) throw new ChatSendError(`${ack.status}: ${ack.error}`);
    return ack.data;
  } catch (error) {
    if (error instanceof ChatSendError) throw error;
    // No acknowledgement in time: the REST retry below carries the same key.
    return null;
  }
}

export function useChat(contentId: number | null) {
  const client = useQueryClient();
  const options = chatQueries.recent(contentId);
  const refetchInterval = useLiveInterval(POLL_INTERVAL_MS.chat);
  const messages = useQuery({ ...options, refetchInterval });
  useResyncOnReconnect([options.queryKey]);

  const append = useCallback(
    (message: ChatMessage) => {
      if ((message.contentId ?? null) !== contentId) return;
      client.setQueryData(options.queryKey, (list) => mergeById(list, message).slice(-HISTORY_LIMIT));
    },
    // queryKey is derived from contentId
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, contentId],
  );
  const remove = useCallback(
    ({ messageId }: { messageId: number }) =>
      client.setQueryData(options.queryKey, (list) => list?.filter((m) => m.id !== messageId)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, contentId],
  );
  useSocketEvent('chat:message', append);
  useSocketEvent('chat:hidden', remove);

  const send = useMutation({
    mutationFn: async (message: string) => {
      const payload = { message, contentId, idempotencyKey: crypto.randomUUID() };
      return (await sendOverSocket(payload)) ?? (await apiRequest<ChatMessage>('POST', '/api/chat/send', payload));
    },
    onSuccess: append,
  });

  return { messages, send };
}
