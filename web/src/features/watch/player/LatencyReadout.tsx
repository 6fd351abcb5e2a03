import { Badge, Tooltip } from '@mantine/core';

/** How far behind the broadcaster the viewer is, e.g. "5.2 s behind live". */
export function LatencyReadout({ latency }: { latency: number | null }) {
  return (
    <Tooltip label="Time between the broadcaster's camera and your screen, as far as the stream's clock tells">
      <Badge variant="light" color={latency !== null && latency > 15 ? 'yellow' : 'gray'} data-testid="live-latency">
        {latency === null ? 'Measuring delay…' : `${latency.toFixed(1)} s behind live`}
      </Badge>
    </Tooltip>
  );
}
