import { useState } from 'react';
import { Anchor, Badge, Button, Grid, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEye, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { DeleteContentDialog } from '../creator/DeleteContentDialog';
import { useAuth } from '../auth/AuthProvider';
import { ChatPanel } from '../chat/ChatPanel';
import { PollsPanel } from '../polls/PollsPanel';
import { QnaPanel } from '../qna/QnaPanel';
import { NotFound } from '../shell/StatusScreens';
import { EngagementBar } from './EngagementBar';
import { PlayerScreen } from './player/PlayerScreen';
import { LiveCaptions } from './LiveCaptions';
import { TranscriptPanel } from './TranscriptPanel';
import { useSubscription, watchQueries } from './queries';
import { useWatchSession } from './useWatchSession';
import { useDocumentTitle } from '../../lib/document-title';

const MISSING_ITEM = 'There is no programme at this address: it may have been removed, or the link is mistyped.';

function SubscribeButton({ creatorId }: { creatorId: number }) {
  const creator = useQuery(watchQueries.creator(creatorId));
  const subscription = useSubscription(creatorId);
  if (!creator.data) return null;
  const { subscribed, subscriberCount } = creator.data;
  return (
    <Group gap="xs">
      <Button size="xs" variant={subscribed ? 'default' : 'filled'} loading={subscription.isPending} onClick={() => subscription.mutate(!subscribed)}>
        {subscribed ? 'Subscribed' : 'Subscribe'}
      </Button>
      <Text size="xs" c="dimmed">
        {subscriberCount.toLocaleString()} {subscriberCount === 1 ? 'subscriber' : 'subscribers'}
      </Text>
    </Group>
  );
}

function Watching({ contentId }: { contentId: number }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const content = useQuery(watchQueries.content(contentId));
  // data-in-room: the server counts this tab as watching (browser tests time views from it).
  const { inRoom } = useWatchSession(contentId);
  useDocumentTitle(content.data?.title);

  if (content.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader />
      </Group>
    );
  }
  if (content.isError) return content.error.message.startsWith('404') ? <NotFound message={MISSING_ITEM} /> : <Text c="red">{content.error.message}</Text>;
  const item = content.data;
  const live = item.status === 'live';
  const host = user?.role === 'admin' || (user !== null && user.id === item.creatorId);

  return (
    <Stack data-testid="watching" data-in-room={inRoom}>
      <Anchor component={Link} to="/" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Home
        </Group>
      </Anchor>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <PlayerScreen content={item} />
            {live && <LiveCaptions contentId={item.id} />}
            <Group justify="space-between" align="flex-start">
              <div>
                <Group gap="xs">
                  {live && (
                    <Badge color="brand" variant="filled">
                      LIVE
                    </Badge>
                  )}
                  <Badge variant="light">{item.type.toUpperCase()}</Badge>
                </Group>
                <Title order={1} size="h2" mt={4}>
                  {item.title}
                </Title>
                <Text c="dimmed" size="sm">
                  {item.creatorName ?? 'Unknown creator'}
                </Text>
              </div>
              <Stack gap={6} align="flex-end">
                <Group gap={4}>
                  <IconEye size={16} />
                  <Text size="sm" data-testid="watch-viewers">
                    {item.viewerCount.toLocaleString()} {live ? 'watching' : item.viewerCount === 1 ? 'viewer' : 'viewers'}
                  </Text>
                </Group>
                {item.creatorId !== null && item.creatorId !== user?.id && <SubscribeButton creatorId={item.creatorId} />}
                {/* Its creator tidies up here too; an admin takes an item down. Not while on air: Stop in the Studio ends it first. */}
                {host && !live && (
                  <Button size="xs" variant="subtle" color="red.9" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(true)}>
                    Delete
                  </Button>
                )}
              </Stack>
            </Group>
            <EngagementBar contentId={contentId} signedIn={user !== null} />
            {item.description && <Text>{item.description}</Text>}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Tabs defaultValue="chat" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="chat">Chat</Tabs.Tab>
              <Tabs.Tab value="polls">Polls</Tabs.Tab>
              <Tabs.Tab value="qna">Q&amp;A</Tabs.Tab>
              {!live && <Tabs.Tab value="transcript">Transcript</Tabs.Tab>}
            </Tabs.List>
            <Tabs.Panel value="chat" pt="sm">
              <ChatPanel contentId={contentId} height={360} />
            </Tabs.Panel>
            <Tabs.Panel value="polls" pt="sm">
              <PollsPanel contentId={contentId} canCreate={host} />
            </Tabs.Panel>
            <Tabs.Panel value="qna" pt="sm">
              <QnaPanel contentId={contentId} isHost={host} />
            </Tabs.Panel>
            <Tabs.Panel value="transcript" pt="sm">
              <TranscriptPanel contentId={contentId} height={360} canTranslate={host} />
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
      </Grid>
      {deleting && <DeleteContentDialog item={item} onClose={() => setDeleting(false)} onDeleted={() => void navigate({ to: '/' })} />}
    </Stack>
  );
}

/** /watch/$contentId: one item with its live audience, chat, polls and Q&A. */
export function WatchPage({ contentId }: { contentId: string }) {
  const id = Number(contentId);
  if (!Number.isInteger(id) || id <= 0) return <NotFound message={MISSING_ITEM} />;
  // A new item is a new watch session: remount rather than carry the old one's state.
  return <Watching key={id} contentId={id} />;
}
