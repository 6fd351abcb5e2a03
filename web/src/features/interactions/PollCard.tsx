import { Badge, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import type { Poll } from '@onair/protocol';
import { formatCountdown } from './countdown';
import { useCountdown } from './usePolls';

interface PollCardProps {
  poll: Poll;
  fetchedAt: number;
  voting: boolean;
  onVote: (optionIndex: number) => void;
}

export function PollCard({ poll, fetchedAt, voting, onVote }: PollCardProps) {
  const remaining = useCountdown(poll.timeRemaining, fetchedAt);
  const closed = remaining === 0;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={600}>{poll.question}</Text>
            {poll.contentTitle && (
              <Text size="xs" c="dimmed">
                {poll.contentTitle}
              </Text>
            )}
          </div>
          <Badge leftSection={<IconClock size={12} />} color={closed ? 'gray' : remaining < 30 ? 'red' : 'blue'} variant="light">
            {closed ? 'Closed' : formatCountdown(remaining)}
          </Badge>
        </Group>
        {poll.options.map((option, index) => {
          const votes = poll.votes[index] ?? 0;
          const share = poll.totalVotes ? Math.round((votes / poll.totalVotes) * 100) : 0;
          return (
            <Stack key={option} gap={4}>
              <Button
                variant="default"
                justify="space-between"
                fullWidth
                disabled={poll.hasVoted || closed || voting}
                onClick={() => onVote(index)}
                rightSection={<Text size="sm">{share}%</Text>}
                aria-label={`Vote for ${option}`}
              >
                {option}
              </Button>
              <Progress value={share} size="sm" aria-label={`${option}: ${votes} votes`} />
            </Stack>
          );
        })}
        <Text size="xs" c="dimmed">
          {poll.totalVotes} {poll.totalVotes === 1 ? 'vote' : 'votes'}
          {poll.hasVoted ? ' · You voted' : ''}
        </Text>
      </Stack>
    </Card>
  );
}
