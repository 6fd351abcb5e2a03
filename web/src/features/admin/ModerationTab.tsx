/**
 * Moderation: counters, the queue (new items arrive live) with Approve and Reject that act — a
 * rejected message disappears from every open chat, optionally with a chat timeout for its author —
 * and the community health metrics computed by the server.
 */
import { useState } from 'react';
import { Badge, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { LineChart } from '../../components/charts';
import { IconCheck, IconClockHour4, IconFlag, IconX } from '@tabler/icons-react';
import type { AdminModerationItem, ModerationQueue } from '@onair/protocol';
import { toast, toastError } from '../../lib/toast';
import { formatPercent, formatTime, SEVERITY_COLOR } from './format';
import { Empty, Panel, SummaryCard } from './parts';
import { useModerationDecision } from './queries';

const TIMEOUTS = [
  { value: '', label: 'No timeout' },
  { value: '5', label: 'Time out 5 min' },
  { value: '60', label: 'Time out 1 hour' },
  { value: '1440', label: 'Time out 24 hours' },
];

const STATUS_COLOR = { pending: 'yellow', approved: 'green', rejected: 'red' } as const;

function QueueItem({ item }: { item: AdminModerationItem }) {
  const [timeout, setTimeoutMinutes] = useState('');
  const decide = useModerationDecision();
  const act = (verdict: 'approve' | 'reject') =>
    decide.mutate(
      { id: item.id, verdict, ...(verdict === 'reject' && timeout ? { timeoutMinutes: Number(timeout) } : {}) },
      {
        onSuccess: (result) =>
          toast({
            title: verdict === 'approve' ? 'Approved' : 'Rejected',
            description:
              verdict === 'approve'
                ? `The ${item.kind === 'question' ? 'question' : 'message'} by ${item.authorName} stays visible.`
                : `Removed from view${result.timedOutUntil ? `; ${item.authorName} is timed out until ${formatTime(result.timedOutUntil)}` : ''}.`,
          }),
        onError: toastError('Decision failed'),
      },
    );
  const pending = item.status === 'pending';
  return (
    <Card withBorder radius="md" padding="sm" data-testid={`moderation-item-${item.id}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Badge color={SEVERITY_COLOR[item.severity]}>{item.severity}</Badge>
            <Badge variant="light" color={STATUS_COLOR[item.status]}>
              {item.status}
            </Badge>
            <Text size="xs" c="dimmed">
              {item.kind === 'question' ? 'Question' : 'Chat message'} by <b>{item.authorName}</b> · {formatTime(item.createdAt)}
            </Text>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            “{item.excerpt}”
          </Text>
          <Text size="xs" c="dimmed">
            {item.reason}
            {item.decidedBy && item.decidedAt && ` · ${item.status} by ${item.decidedBy}, ${formatTime(item.decidedAt)}`}
          </Text>
        </Stack>
        {pending && (
          <Stack gap={6} style={{ flexShrink: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Button size="xs" color="green" leftSection={<IconCheck size={14} />} onClick={() => act('approve')} loading={decide.isPending && decide.variables?.verdict === 'approve'} disabled={decide.isPending}>
                Approve
              </Button>
              <Button size="xs" color="red" leftSection={<IconX size={14} />} onClick={() => act('reject')} loading={decide.isPending && decide.variables?.verdict === 'reject'} disabled={decide.isPending}>
                Reject
              </Button>
            </Group>
            <NativeSelect size="xs" data={TIMEOUTS} value={timeout} onChange={(e) => setTimeoutMinutes(e.currentTarget.value)} aria-label="Timeout on reject" />
          </Stack>
        )}
      </Group>
    </Card>
  );
}

function Health({ health }: { health: ModerationQueue['health'] }) {
  const withChat = health.sentimentTrend.filter((d) => d.avgSentiment !== null);
  const minutes = health.avgResponseSeconds === null ? null : health.avgResponseSeconds / 60;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {(
          [
            ['Flag rate (7 days)', health.flagRate === null ? '–' : formatPercent(health.flagRate), `${health.flaggedMessages} of ${health.totalMessages} messages`],
            ['Avg response time', minutes === null ? '–' : minutes < 60 ? `${minutes.toFixed(1)} min` : `${(minutes / 60).toFixed(1)} h`, 'flag to decision'],
            ['Active timeouts', String(health.activeTimeouts), 'people who cannot chat now'],
            ['Chat days', `${withChat.length} of ${health.sentimentTrend.length}`, 'with messages this week'],
          ] as const
        ).map(([label, value, hint]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} fz="lg">
              {value}
            </Text>
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {withChat.length === 0 ? (
        <Empty>No chat in the last 7 days, so no sentiment trend yet</Empty>
      ) : (
        <LineChart
          h={180}
          data={health.sentimentTrend.map((d) => ({ date: d.date.slice(5), sentiment: d.avgSentiment }))}
          dataKey="date"
          series={[{ name: 'sentiment', label: 'Average sentiment', color: 'brand.6' }]}
          connectNulls={false}
          referenceLines={[{ y: 0, color: 'gray.5' }]}
          aria-label="Sentiment trend"
        />
      )}
    </Stack>
  );
}

export function ModerationTab({ queue }: { queue: ModerationQueue }) {
  const { counters, items } = queue;
  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <SummaryCard label="Pending" value={counters.pending.toLocaleString()} hint="waiting for a decision" icon={IconClockHour4} />
        <SummaryCard label="Approved" value={counters.approved.toLocaleString()} hint="kept visible" icon={IconCheck} />
        <SummaryCard label="Rejected" value={counters.rejected.toLocaleString()} hint="removed from view" icon={IconX} />
        <SummaryCard label="Flagged today" value={counters.today.toLocaleString()} hint="since 00:00 UTC" icon={IconFlag} />
      </SimpleGrid>
      <Panel title="Moderation queue">
        {items.length === 0 ? (
          <Empty>Nothing has been flagged. New flagged messages appear here as they are written.</Empty>
        ) : (
          <Stack gap="xs">
            {items.map((item) => (
              <QueueItem key={item.id} item={item} />
            ))}
          </Stack>
        )}
      </Panel>
      <Panel title="Community health">
        <Health health={queue.health} />
      </Panel>
    </>
  );
}
