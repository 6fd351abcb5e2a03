/**
 * The live input as the server measures it: bitrate against the configured one (with the last minute
 * as a sparkline), frame rate, resolution, keyframe interval and codecs; the server's warnings as an
 * alert, red when no data is arriving.
 */
import { useEffect, useState } from 'react';
import { Alert, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Sparkline } from '../../components/charts';
import { IconAlertTriangle, IconPlugConnectedX } from '@tabler/icons-react';
import type { StreamHealth } from '@onair/protocol';
import { describeWait } from '@onair/protocol/constants';

/** Samples kept for the sparkline (pushed every ~2 s: about a minute). */
const HISTORY = 30;
/** No byte for this long means the encoder is not sending. */
const NO_DATA_MS = 5_000;

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

const orDash = (value: string | number | null) => (value === null ? '—' : String(value));

function useBitrateHistory(health: StreamHealth) {
  const [history, setHistory] = useState<number[]>([]);
  useEffect(() => {
    setHistory((h) => [...h, health.bitrateKbps].slice(-HISTORY));
    // One entry per measurement.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [health.measuredAt]);
  return history;
}

function InputHealth({ health, title }: { health: StreamHealth; title: string | null }) {
  const history = useBitrateHistory(health);
  const noData = health.idleMs >= NO_DATA_MS;
  const share = health.configuredKbps > 0 ? health.bitrateKbps / health.configuredKbps : null;
  return (
    <Stack gap="sm" data-testid="stream-health">
      {title && (
        <Text size="sm" fw={600}>
          {title}
        </Text>
      )}
      {(noData || health.warnings.length > 0) && (
        <Alert
          color={noData ? 'red' : 'yellow'}
          icon={noData ? <IconPlugConnectedX size={16} /> : <IconAlertTriangle size={16} />}
          title={noData ? `No data from your encoder for ${Math.round(health.idleMs / 1000)} s` : 'Your input needs attention'}
          data-testid="stream-health-warning"
        >
          {/* One line each: the server's warnings are separate advice, not one sentence. */}
          {health.warnings.length > 0
            ? health.warnings.map((warning) => (
                <Text key={warning} size="sm">
                  {warning}.
                </Text>
              ))
            : 'Check that OBS is still streaming and your connection is up.'}
        </Alert>
      )}
      <Group align="flex-end" justify="space-between" wrap="nowrap">
        <Figure
          label="Bitrate (measured / configured)"
          value={`${Math.round(health.bitrateKbps).toLocaleString()} / ${health.configuredKbps.toLocaleString()} kbps${share !== null ? ` (${Math.round(share * 100)}%)` : ''}`}
          testId="health-bitrate"
        />
        <Sparkline data={history} w={160} h={40} curveType="monotone" color={share !== null && share < 0.5 ? 'yellow' : 'teal'} aria-label="Bitrate over the last minute" />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label="Frame rate" value={health.fps === null ? '—' : `${health.fps.toFixed(health.fps % 1 ? 2 : 0)} fps`} />
        <Figure label="Resolution" value={health.width && health.height ? `${health.width}×${health.height}` : 'audio only'} />
        <Figure label="Keyframe interval" value={health.keyframeInterval === null ? '—' : `${health.keyframeInterval.toFixed(1)} s`} />
        <Figure label="Codecs" value={[health.videoCodec, health.audioCodec].filter(Boolean).join(' + ') || orDash(null)} />
        {/* Only with live captions on, and only once a cue has been measured: no figure before that. */}
        {typeof health.captionDelayMs === 'number' && (
          <Figure label="Caption delay (speech to cue)" value={`${(health.captionDelayMs / 1000).toFixed(1)} s`} testId="health-caption-delay" />
        )}
      </SimpleGrid>
    </Stack>
  );
}

export function StreamHealthPanel({ health, titles, encoderWaitSeconds }: { health: StreamHealth[]; titles: Map<number, string>; encoderWaitSeconds: number | null }) {
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Stream health
      </Title>
      {health.length === 0 ? (
        <Alert color="blue" icon={<IconPlugConnectedX size={16} />} title="Waiting for your encoder" data-testid="stream-health-waiting">
          No video has arrived yet. In OBS, press Start Streaming with the server and key from the encoder settings.
          {encoderWaitSeconds !== null && ` If none arrives within ${describeWait(encoderWaitSeconds * 1000)} of Start Stream, the broadcast ends on its own.`}
        </Alert>
      ) : (
        <Stack>
          {health.map((h) => (
            <InputHealth key={h.streamId} health={h} title={health.length > 1 ? (titles.get(h.streamId) ?? null) : null} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
