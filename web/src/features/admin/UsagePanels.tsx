/** Peak usage hours and the device split: shared by the content tab and the CSV export. */
import { Group, Progress, Stack, Text } from '@mantine/core';
import { DonutChart } from '../../components/charts';
import { LIST_LIMITS } from '@onair/protocol/constants';
import type { DeviceShare, PeakUsage } from '@onair/protocol';
import { peakUsageScale } from './bar-scale';
import { DEVICE_LABELS, formatHour } from './format';
import { Empty } from './parts';

const DEVICE_COLORS: Record<string, string> = { mobile: 'brand.6', web: 'blue.6', tv: 'grape.6', satellite: 'teal.6' };

/** The top 5 hours by peak users, bars scaled to the data (see peakUsageScale). */
export function PeakHours({ peaks }: { peaks: PeakUsage[] }) {
  const top = peaks.slice(0, LIST_LIMITS.peakHours);
  if (top.length === 0) return <Empty>No views in this period</Empty>;
  const scale = peakUsageScale(top.map((p) => p.peakUsers));
  return (
    <Stack gap="xs" aria-label="Peak usage hours">
      {top.map((p) => (
        <div key={p.hour}>
          <Group justify="space-between">
            <Text size="sm">{formatHour(p.hour)}</Text>
            <Text size="sm" fw={600}>
              {p.peakUsers.toLocaleString()} users
            </Text>
          </Group>
          <Progress value={Math.min(100, (p.peakUsers / scale) * 100)} aria-label={`${formatHour(p.hour)} peak users`} />
        </div>
      ))}
      <Text size="xs" c="dimmed">
        Most distinct viewers in one such hour; a full bar is {scale.toLocaleString()} {scale === 1 ? 'user' : 'users'}
      </Text>
    </Stack>
  );
}

/** Shares of views by device, as a donut with the percentages beside it. */
export function DeviceSplit({ devices }: { devices: DeviceShare[] }) {
  const total = devices.reduce((sum, d) => sum + d.views, 0);
  if (total === 0) return <Empty>No views in this period</Empty>;
  const data = devices.map((d) => ({ name: DEVICE_LABELS[d.device] ?? d.device, value: d.views, color: DEVICE_COLORS[d.device] ?? 'gray.6' }));
  return (
    <Group align="center" gap="lg" wrap="wrap">
      <DonutChart data={data} size={150} thickness={22} withTooltip tooltipDataSource="segment" />
      <Stack gap={4}>
        {devices.map((d) => (
          <Text key={d.device} size="sm">
            {DEVICE_LABELS[d.device] ?? d.device}: <b>{d.share.toFixed(1)}%</b>{' '}
            <Text span c="dimmed" size="xs">
              ({d.views.toLocaleString()} views)
            </Text>
          </Text>
        ))}
      </Stack>
    </Group>
  );
}
