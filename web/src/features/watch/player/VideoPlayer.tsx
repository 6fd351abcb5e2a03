import { useEffect, useState } from 'react';
import { AspectRatio, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconVolume } from '@tabler/icons-react';
import { LatencyReadout } from './LatencyReadout';
import { PlayerFrame } from './PlayerFrame';
import { QualityMenu } from './QualityMenu';
import { useAutoplay } from './useAutoplay';
import { useHlsPlayback } from './useHlsPlayback';
import { useStallNotice } from './useLiveStall';
import { useMediaElement } from './mediaElement';
import { SubtitleTracks, type Caption } from './SubtitleTrack';

export const STARTING_TEXT = "Starting… waiting for the broadcaster's video";

interface Props {
  contentId: number;
  /** HLS master playlist, or null to play `file`. */
  hls: string | null;
  file: string | null;
  poster: string | null;
  live: boolean;
  title: string;
  /** The transcript's WebVTT, offered as a subtitle track. */
  captions?: Caption[];
}

/** Video with the browser's controls, plus the quality menu and, live, how far behind the picture is. */
export function VideoPlayer({ contentId, hls, file, poster, live, title, captions }: Props) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [fileError, setFileError] = useState(false);
  const [fileReady, setFileReady] = useState(false);
  const playback = useHlsPlayback(hls ? video : null, hls, live);
  const register = useMediaElement((s) => s.set);
  useEffect(() => {
    register(video);
    return () => register(null);
  }, [video, register]);
  const notice = useStallNotice(video, live, contentId);
  const stalled = notice !== null;
  const ready = hls ? playback.phase === 'ready' : fileReady;
  const autoplay = useAutoplay(video, ready, true);

  if (hls && playback.phase === 'error') {
    return (
      <PlayerFrame icon={<IconAlertTriangle size={40} />} title="This video cannot be played" testId="player-error">
        <Text size="sm">{playback.error}</Text>
      </PlayerFrame>
    );
  }
  if (!hls && fileError) {
    return (
      <PlayerFrame icon={<IconAlertTriangle size={40} />} title="This video cannot be played" testId="player-error">
        <Text size="sm">The video file could not be loaded.</Text>
      </PlayerFrame>
    );
  }
  const waiting = hls !== null && playback.phase === 'waiting';

  return (
    <Stack gap={6}>
      <AspectRatio ratio={16 / 9}>
        <Box bg="black" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', position: 'relative' }}>
          <video
            ref={setVideo}
            data-testid="player-video"
            aria-label={`${title} video`}
            controls
            playsInline
            poster={poster ?? undefined}
            preload="metadata"
            src={hls ? undefined : (file ?? undefined)}
            onLoadedMetadata={() => setFileReady(true)}
            onError={() => !hls && setFileError(true)}
            style={{ width: '100%', height: '100%', display: 'block', background: 'black' }}
          >
            <SubtitleTracks captions={captions ?? []} />
          </video>
          {(waiting || stalled) && (
            <Stack
              pos="absolute"
              inset={0}
              align="center"
              justify="center"
              gap="xs"
              bg="rgba(0,0,0,0.75)"
              c="gray.3"
              aria-live="polite"
              data-testid={waiting ? 'player-starting' : notice?.cause === 'encoder' ? 'player-signal-lost' : 'player-stalled'}
            >
              <Loader color="gray.3" />
              <Text fw={600} c="white" ta="center" px="md">
                {waiting ? STARTING_TEXT : notice?.text}
              </Text>
              {!waiting && notice?.detail && (
                <Text size="sm" c="gray.3" ta="center" px="md">
                  {notice.detail}
                </Text>
              )}
            </Stack>
          )}
        </Box>
      </AspectRatio>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap="xs">
          {live && !waiting && !stalled && <LatencyReadout latency={playback.latency} />}
          {autoplay.blocked && (
            <Button size="compact-sm" variant="light" leftSection={<IconVolume size={14} />} onClick={autoplay.resume}>
              {autoplay.blocked === 'muted' ? 'Unmute' : 'Play'}
            </Button>
          )}
        </Group>
        {hls && <QualityMenu levels={playback.levels} selected={playback.selected} playing={playback.playing} onSelect={playback.select} />}
      </Group>
    </Stack>
  );
}
