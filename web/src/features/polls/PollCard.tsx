import { useEffect, useRef } from 'react';
import { Badge, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconClock } from '@tabler/icons-react';
import type { Poll } from '@onair/protocol';
import { formatCountdown } from './countdown';
import { useCountdown } from './usePolls';

interface PollCardProps {
  poll: Poll;
  fetchedAt: number;
  voting: boolean;
  /** The browser has no network: a vote could not leave. */
  offline: boolean;
  onVote: (optionIndex: number) => void;
}

export function PollCard({ poll, fetchedAt, voting, offline, onVote }: PollCardProps) {
  const remaining = useCountdown(poll.timeRemaining, fetchedAt);
  const closed = remaining === 0;
  // Voting disables the buttons, the pressed one included, and the browser drops the focus to the page:
  // it goes to the result line instead, so a keyboard user stays in the poll (WCAG 2.4.3). The browser
  // moves the focus off a disabled button only at its next rendering step, so when the vote's answer
  // lands first the focus is still on that button: anywhere in this card counts as "in the poll".
  const card = useRef<HTMLDivElement>(null);
  const summary = useRef<HTMLParagraphElement>(null);
  const votedBefore = useRef(poll.hasVoted);
  useEffect(() => {
    const focus = document.activeElement;
    const inPoll = focus === null || focus === document.body || card.current?.contains(focus) === true;
    if (poll.hasVoted && !votedBefore.current && inPoll) summary.current?.focus();
    votedBefore.current = poll.hasVoted;
  }, [poll.hasVoted]);
  return (
    <Card withBorder radius="md" padding="md" ref={card}>
      <Stack gap="sm">
        {/* The question takes what room is left and wraps; the time left is never squeezed into an
            ellipsis: on a narrow phone it moves under the question instead. */}
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
            <Text fw={600}>{poll.question}</Text>
            {poll.contentTitle && (
              <Text size="xs" c="dimmed">
                {poll.contentTitle}
              </Text>
            )}
          </div>
          <Badge leftSection={<IconClock size={12} />} color={closed ? 'gray' : remaining < 30 ? 'red' : 'blue'} variant="light" data-testid="poll-countdown" style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
            {closed ? 'Closed' : formatCountdown(remaining)}
          </Badge>
        </Group>
        {poll.options.map((option, index) => {
          const votes = poll.votes[index] ?? 0;
          const share = poll.totalVotes ? Math.round((votes / poll.totalVotes) * 100) : 0;
          const mine = poll.myVote === index;
          return (
            <Stack key={option} gap={4} data-chosen={mine || undefined}>
              <Button
                variant={mine ? 'light' : 'default'}
                color={mine ? 'green' : undefined}
                justify="space-between"
                fullWidth
                disabled={poll.hasVoted || closed || voting || offline}
                onClick={() => onVote(index)}
                leftSection={mine ? <IconCircleCheck size={16} aria-hidden /> : undefined}
                rightSection={<Text size="sm">{share}%</Text>}
                aria-label={`Vote for ${option}${mine ? ' (your vote)' : ''}`}
                // A disabled button greys out; the chosen one keeps its colour so the choice stays readable.
                style={mine ? { opacity: 1, color: 'var(--mantine-color-green-light-color)', background: 'var(--mantine-color-green-light)' } : undefined}
              >
                {option}
              </Button>
              <Progress value={share} size="sm" color={mine ? 'green' : undefined} aria-label={`${option}: ${votes} votes`} />
            </Stack>
          );
        })}
        <Text size="xs" c="dimmed" ref={summary} tabIndex={-1} data-testid="poll-summary">
          {poll.totalVotes} {poll.totalVotes === 1 ? 'vote' : 'votes'}
          {poll.myVote !== null && poll.options[poll.myVote] !== undefined
            ? ` · You voted for ${poll.options[poll.myVote]}`
            : poll.hasVoted
              ? ' · You voted'
              : ''}
        </Text>
      </Stack>
    </Card>
  );
}
