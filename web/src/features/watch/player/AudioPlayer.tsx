import { useEffect, useState } from 'react';
import { Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { CoverArt } from './CoverArt';
import { LatencyReadout } from './LatencyReadout';
import { useAutoplay } from './useAutoplay';
import { useHlsPlayback } from './useHlsPlayback';
import { useStallNotice } from './useLiveStall';
import { useMediaElement } from './mediaElement';
import { SubtitleTracks, type Caption } from './SubtitleTrack';

interface Props {
  contentId: number;
  /** HLS (audio rendition) or null to play `audio`, the progressive listen URL or episode file. */
  hls: string | null;
  audio: string | null;
  poster: string | null;
  live: boolean;
  title: string;
  /** The transcript's WebVTT, offered as a subtitle track. */
  captions?: Caption[];
  creatorName: string | null;
}

/** Radio and podcasts: the show's art beside an audio player. */
export function AudioPlayer({ contentId, hls, audio, poster, live, title, creatorName, captions }: Props) {
  const [element, setElement] = useState<HTMLAudioElement | null>(null);
  const [fileReady, setFileReady] = useState(false);
  const [fileError, setFileError] = useState(false);
  const playback = useHlsPlayback(hls ? element : null, hls, live);
  const notice = useStallNotice(element, live, contentId);
  const register = useMediaElement((s) => s.set);
  useEffect(() => {
    register(element);
    return () => register(null);
  }, [element, register]);
  const ready = hls ? playback.phase === 'ready' : fileReady;
  const autoplay = useAutoplay(element, ready, false);
  const error = hls ? (playback.phase === 'error' ? playback.error : null) : fileError ? 'The audio could not be loaded.' : null;

  return (
    <Card withBorder radius="md" data-testid="audio-player">
      <Group align="center" wrap="nowrap" gap="lg">
        <CoverArt title={title} poster={poster} size={160} />
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            {live && (
              <Badge color="brand" variant="filled">
                ON AIR
              </Badge>
            )}
            {live && playback.phase === 'ready' && hls && <LatencyReadout latency={playback.latency} />}
          </Group>
          <Text fw={700} size="lg" truncate>
            {title}
          </Text>
          {creatorName && (
            <Text size="sm" c="dimmed">
              {creatorName}
            </Text>
          )}
          <audio
            ref={setElement}
            data-testid="player-audio"
            aria-label={`${title} audio`}
            controls
            preload="metadata"
            src={hls ? undefined : (audio ?? undefined)}
            onLoadedMetadata={() => setFileReady(true)}
            onError={() => !hls && setFileError(true)}
            style={{ width: '100%' }}
          >
            <SubtitleTracks captions={captions ?? []} />
          </audio>
          {hls && playback.phase === 'waiting' && (
            <Group gap="xs" aria-live="polite" data-testid="player-starting">
              <Loader size="xs" />
              <Text size="sm">Starting… waiting for the broadcaster&apos;s audio</Text>
            </Group>
          )}
          {notice && playback.phase !== 'waiting' && (
            <Group gap="xs" aria-live="polite" data-testid={notice.cause === 'encoder' ? 'player-signal-lost' : 'player-stalled'}>
              <Loader size="xs" />
              <Text size="sm">
                {notice.text} {notice.detail}
              </Text>
            </Group>
          )}
          {error && (
            <Text size="sm" c="red" data-testid="player-error">
              {error}
            </Text>
          )}
          {autoplay.blocked && (
            <Button size="xs" w="fit-content" leftSection={<IconPlayerPlay size={14} />} onClick={autoplay.resume}>
              Play
            </Button>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
