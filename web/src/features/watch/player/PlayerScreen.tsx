/**
 * What the watch page shows where the picture goes: the player when there is something to play, and
 * otherwise an honest state: starting (live, the encoder has not delivered yet), ended (with the
 * recording when there is one), offline, processing, failed, nothing to play, or for subscribers only
 * (the files would answer 403: the way to a plan instead).
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconAlertTriangle, IconBroadcastOff, IconLock, IconMovie, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Content, Playback } from '@onair/protocol';
import { useAuth } from '../../auth/AuthProvider';
import { managesContent } from '../../auth/permissions';
import { monetizationQueries } from '../../monetization/queries';
import { mediaQueries } from '../mediaQueries';
import { watchQueries } from '../queries';
import { transcriptQueries } from '../transcriptQueries';
import { AudioPlayer } from './AudioPlayer';
import { PlayerFrame } from './PlayerFrame';
import { STARTING_TEXT, VideoPlayer } from './VideoPlayer';

/** How often a live item without playback asks again whether packaging has begun. */
const STARTING_POLL_MS = 3_000;

function isAudioItem(content: Content, playback: Playback): boolean {
  if (content.type === 'radio' || content.type === 'podcast') return true;
  return !playback.hls && !playback.file && playback.audio !== null;
}

function Player({ content, playback, live }: { content: Content; playback: Playback; live: boolean }) {
  // On-demand items carry their transcript as a subtitle track once it is ready.
  const transcript = useQuery({ ...transcriptQueries.transcript(content.id), enabled: !live });
  const data = transcript.data;
  const captions = data?.vttUrl ? [{ src: data.vttUrl, language: data.language }, ...data.translations.map((t) => ({ src: t.vttUrl, language: t.language }))] : [];
  if (isAudioItem(content, playback)) {
    return <AudioPlayer contentId={content.id} hls={playback.hls} audio={playback.audio} poster={playback.poster} live={live} title={content.title} creatorName={content.creatorName} captions={captions} />;
  }
  return <VideoPlayer contentId={content.id} hls={playback.hls} file={playback.file} poster={playback.poster} live={live} title={content.title} captions={captions} />;
}

function Starting({ contentId }: { contentId: number }) {
  // Packaging begins when the encoder connects; ask again until the item carries its playback.
  useQuery({ ...watchQueries.content(contentId), refetchInterval: STARTING_POLL_MS });
  return <PlayerFrame busy title={STARTING_TEXT} testId="player-starting" />;
}

function NothingToPlay({ content }: { content: Content }) {
  const client = useQueryClient();
  const { user } = useAuth();
  const status = useQuery({ ...mediaQueries.status(content.id), enabled: managesContent(user, content) });
  const state = status.data?.status;
  // A finished job gives the item its playback: fetch the item again.
  useEffect(() => {
    if (state === 'ready' || state === 'live') void client.invalidateQueries({ queryKey: watchQueries.content(content.id).queryKey });
  }, [state, client, content.id]);

  if (state === 'processing') {
    return (
      <PlayerFrame busy title="Processing…" testId="player-processing">
        <Text size="sm">The video is being prepared for playback. It will start here when it is ready.</Text>
      </PlayerFrame>
    );
  }
  if (state === 'failed') {
    return (
      <PlayerFrame icon={<IconAlertTriangle size={40} />} title="This item could not be processed" testId="player-error">
        <Text size="sm">{status.data?.error ?? 'The media job failed.'}</Text>
      </PlayerFrame>
    );
  }
  if (content.status === 'offline') {
    return (
      <PlayerFrame icon={<IconBroadcastOff size={40} />} title="This stream is offline" testId="player-offline">
        <Text size="sm">The broadcast has ended and was not recorded.</Text>
      </PlayerFrame>
    );
  }
  return (
    <PlayerFrame icon={<IconMovie size={40} />} title="Nothing to play yet" testId="player-empty">
      <Text size="sm">No video or audio has been added to this item.</Text>
    </PlayerFrame>
  );
}

function SubscribersOnly() {
  const { user } = useAuth();
  return (
    <PlayerFrame icon={<IconLock size={40} />} title="For subscribers only" testId="player-locked">
      <Text size="sm">The creator keeps this item for members on a paid plan (Premium or Pro); following the creator is not enough.</Text>
      <Button size="xs" component={Link} to={user ? '/monetization' : '/auth'}>
        {user ? 'See the plans' : 'Sign in to subscribe'}
      </Button>
    </PlayerFrame>
  );
}

function Ended({ content, onWatch }: { content: Content; onWatch: () => void }) {
  const { user } = useAuth();
  const status = useQuery({ ...mediaQueries.status(content.id), enabled: content.playback === null && content.status === 'published' && managesContent(user, content) });
  const processing = status.data?.status === 'processing';
  return (
    <PlayerFrame icon={<IconBroadcastOff size={40} />} title="This broadcast has ended" testId="player-ended">
      {content.playback ? (
        <Button size="xs" leftSection={<IconPlayerPlay size={14} />} onClick={onWatch}>
          Watch the recording
        </Button>
      ) : (
        <Text size="sm">
          {processing ? 'The recording is being processed and will be here when it is ready.' : content.status === 'published' ? 'The recording will be here when it is ready.' : 'It was not recorded.'}
        </Text>
      )}
    </PlayerFrame>
  );
}

export function PlayerScreen({ content }: { content: Content }) {
  const live = content.status === 'live';
  // Seen live on this page: when it stops, say it ended rather than jumping to another state.
  const wasLive = useRef(false);
  if (live) wasLive.current = true;
  const [watchRecording, setWatchRecording] = useState(false);
  const playback = content.playback;
  const access = useQuery(monetizationQueries.access(content.id));

  if (access.data && !access.data.canWatch) return <SubscribersOnly />;
  if (live) return playback ? <Player content={content} playback={playback} live /> : <Starting contentId={content.id} />;
  if (wasLive.current && !watchRecording) return <Ended content={content} onWatch={() => setWatchRecording(true)} />;
  // A live playlist left on a finished item is not on-demand media.
  if (playback && !playback.live) return <Player content={content} playback={playback} live={false} />;
  return <NothingToPlay content={content} />;
}
