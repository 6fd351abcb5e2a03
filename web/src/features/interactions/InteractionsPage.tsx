import { Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconChartBar, IconGift, IconMessage, IconMessageQuestion, IconDeviceMobileMessage } from '@tabler/icons-react';
import { ChatPanel } from '../chat/ChatPanel';
import { PointsBadge } from '../rewards/PointsBadge';
import { PollsPanel } from '../polls/PollsPanel';
import { QnaPanel } from '../qna/QnaPanel';
import { RewardsPanel } from '../rewards/RewardsPanel';
import { SmsPanel } from '../sms/SmsPanel';

/** /interactions: the lobby's chat, polls, Q&A, rewards and SMS/USSD access. */
export function InteractionsPage({ role }: { role: 'admin' | 'creator' | 'viewer' }) {
  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={1} size="h2">Interactions</Title>
          <Text c="dimmed">Chat with the audience, vote, ask the host and earn rewards.</Text>
        </div>
        <PointsBadge />
      </Group>
      <Tabs defaultValue="chat" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="chat" leftSection={<IconMessage size={16} />}>
            Chat
          </Tabs.Tab>
          <Tabs.Tab value="polls" leftSection={<IconChartBar size={16} />}>
            Polls
          </Tabs.Tab>
          <Tabs.Tab value="qna" leftSection={<IconMessageQuestion size={16} />}>
            Q&amp;A
          </Tabs.Tab>
          <Tabs.Tab value="gamification" leftSection={<IconGift size={16} />}>
            Rewards
          </Tabs.Tab>
          <Tabs.Tab value="sms" leftSection={<IconDeviceMobileMessage size={16} />}>
            SMS
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="chat" pt="md">
          <ChatPanel />
        </Tabs.Panel>
        <Tabs.Panel value="polls" pt="md">
          <PollsPanel canCreate={role !== 'viewer'} />
        </Tabs.Panel>
        <Tabs.Panel value="qna" pt="md">
          <QnaPanel isHost={role === 'admin'} />
        </Tabs.Panel>
        <Tabs.Panel value="gamification" pt="md">
          <RewardsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="sms" pt="md">
          <SmsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
