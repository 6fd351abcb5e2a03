/**
 * Active polls as a live query: `poll:created`, `poll:tally` and `poll:closed` write into the cache;
 * the countdown ticks locally from each poll's timeRemaining. Votes go over the socket when it is up
 * (the acknowledgement carries the tally), over REST otherwise.
 */
import { useCallback, useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { POLL_INTERVAL_MS } from '@onair/protocol/constants';
import type { Ack, Poll, PollTally } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { useLiveInterval, useResyncOnReconnect, useSocketEvent } from '../../lib/live';
import { getSocket } from '../../lib/socket';
import { pollQueries } from './queries';

type VoteResult = PollTally & { optionIndex: number };

async function castVote(pollId: number, optionIndex: number): Promise<VoteResult> {
  // One key for both tries: if the socket's vote landed but its acknowledgement was lost, REST is told so.
  const vote = { pollId, optionIndex, idempotencyKey: crypto.randomUUID() };
  const socket = getSocket();
  if (socket?.connected) {
    const ack = (await socket.timeout(4000).emitWithAck('poll:vote', vote).catch(() => null)) as Ack<VoteResult> | null;
    if (ack?.ok) return ack.data;
    if (ack && !ack.ok) throw new Error(`${ack.status}: ${ack.error}`);
  }
  return apiRequest<VoteResult>('POST', '/api/polls/vote', vote);
}

export function usePolls(contentId: number | null) {
  const client = useQueryClient();
  const options = pollQueries.active(contentId);
  const refetchInterval = useLiveInterval(POLL_INTERVAL_MS.polls);
  const polls = useQuery({ ...options, refetchInterval });
  useResyncOnReconnect([options.queryKey]);
  const key = options.queryKey;

  // Socket handlers take the payload only: with connection state recovery the client passes the
  // packet offset as an extra argument, which must never be read as a flag.
  const updatePoll = useCallback(
    (tally: PollTally, change: Partial<Poll> = {}) =>
      client.setQueryData(key, (list) =>
        list?.map((p) => (p.id === tally.pollId ? { ...p, votes: tally.votes, totalVotes: tally.totalVotes, ...change } : p)),
      ),
    // key derives from contentId
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, contentId],
  );
  const applyTally = useCallback((tally: PollTally) => updatePoll(tally), [updatePoll]);
  const onCreated = useCallback(
    (poll: Poll) => {
      if (contentId !== null && poll.contentId !== contentId) return;
      client.setQueryData(key, (list) => [poll, ...(list ?? []).filter((p) => p.id !== poll.id)]);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, contentId],
  );
  const onClosed = useCallback(
    ({ pollId }: { pollId: number }) => client.setQueryData(key, (list) => list?.filter((p) => p.id !== pollId)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, contentId],
  );
  useSocketEvent('poll:created', onCreated);
  useSocketEvent('poll:tally', applyTally);
  useSocketEvent('poll:closed', onClosed);

  const vote = useMutation({
    mutationFn: ({ pollId, optionIndex }: { pollId: number; optionIndex: number }) => castVote(pollId, optionIndex),
    onSuccess: (result) => updatePoll(result, { hasVoted: true, myVote: result.optionIndex }),
  });

  return { polls, vote };
}

/**
 * Seconds left, counting down every second from the server's figure. The count is anchored when that
 * figure arrives, not at each cache write: a pushed tally moves the query's `dataUpdatedAt` but leaves
 * `timeRemaining` as fetched, and anchoring there sent every open countdown back up on each vote.
 */
export function useCountdown(seconds: number, fetchedAt: number): number {
  const [anchor, setAnchor] = useState({ seconds, at: fetchedAt });
  if (anchor.seconds !== seconds) setAnchor({ seconds, at: fetchedAt });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, anchor.seconds - Math.floor((now - anchor.at) / 1000));
}

