/**
 * The system health monitor of spec §3: every field, pushed every 5 s (fetched every 30 s while the
 * socket is down), with the thresholds of spec §9 and a short history drawn as sparklines.
 */
import { Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Sparkline } from '../../components/charts';
import { loadHealth } from '@onair/protocol/constants';
import type { SystemHealth } from '@onair/protocol';
import { formatRate, formatTime, formatUptime, loadColor, performanceColor } from './format';
import { HEALTH_HISTORY_SIZE, useHealthHistory, useSystemHealth } from './live';
import { adminQueries } from './queries';
import { apiRequest } from '../../lib/api';
import { toast, toastError } from '../../lib/toast';
import { Counts, Empty, ErrorText, Loading, Panel } from './parts';

interface Metric {
  label: string;
  value: (h: SystemHealth) => number | null;
  display: (v: number) => string;
  /** Threshold colour of spec §9, when the figure has one. */
  color?: (v: number) => string;
  /** Percent figures get a bar. */
  bar?: boolean;
}

const LOAD_TEXT = { good: 'normal', warn: 'elevated', bad: 'high' } as const;

const METRICS: Metric[] = [
  { label: 'Server load', value: (h) => h.serverLoad, display: (v) => `${v.toFixed(1)}%`, color: loadColor, bar: true },
  { label: 'Database performance', value: (h) => h.databasePerformance, display: (v) => `${v.toFixed(1)}/100`, color: performanceColor, bar: true },
  // OnAir has no CDN to measure: this is the share of static file requests answered 304 from the
  // browser's cache. A low figure only means fresh visitors, so it gets no health colour.
  { label: 'Static files revalidated (304)', value: (h) => h.cdnEfficiency, display: (v) => `${v.toFixed(1)}%`, bar: true },
  { label: 'API response time (p95)', value: (h) => h.apiResponseTime, display: (v) => `${v.toFixed(0)} ms` },
  { label: 'Active connections', value: (h) => h.activeConnections, display: (v) => v.toLocaleString() },
  { label: 'Bandwidth', value: (h) => h.bandwidth, display: formatRate },
];

function MetricCard({ metric, current, history }: { metric: Metric; current: SystemHealth; history: SystemHealth[] }) {
  const value = metric.value(current);
  const color = value === null ? 'gray' : (metric.color?.(value) ?? 'blue');
  const series = history.map((h) => metric.value(h));
  return (
    <Card withBorder radius="md" padding="sm" data-testid={`health-${metric.label.toLowerCase().replace(/[^a-z]+/g, '-')}`}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {metric.label}
        </Text>
        <Text fw={700} c={metric.color && value !== null ? `${color}.7` : undefined}>
          {value === null ? 'No requests yet' : metric.display(value)}
        </Text>
      </Group>
      {metric.bar && value !== null && <Progress value={Math.min(100, value)} color={color} size="sm" mt={6} aria-label={metric.label} />}
      {series.filter((v) => v !== null).length >= 2 ? (
        <Sparkline data={series} h={44} mt={8} color={color} curveType="monotone" fillOpacity={0.35} aria-label={`${metric.label} history`} />
      ) : (
        <Text size="xs" c="dimmed" mt={8}>
          History appears as measurements arrive
        </Text>
      )}
    </Card>
  );
}

export function SystemHealthMonitor() {
  const health = useSystemHealth();
  const history = useHealthHistory((s) => s.samples);
  if (health.isPending) return <Loading label="Measuring system health..." />;
  if (health.isError) return <ErrorText error={health.error} retry={health.refetch} />;
  const h = health.data;
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Measured {formatTime(h.measuredAt)} · up {formatUptime(h.uptime)} · history of the last {history.length} of {HEALTH_HISTORY_SIZE} samples
        </Text>
        <Group gap={6}>
          <Badge color={loadColor(h.serverLoad)} variant="light">
            Load {LOAD_TEXT[loadHealth(h.serverLoad)]}
          </Badge>
          <Badge color={h.errors.pending > 0 ? 'red' : 'green'} variant="light">
            {h.errors.pending} pending {h.errors.pending === 1 ? 'error' : 'errors'}
          </Badge>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {METRICS.map((m) => (
          <MetricCard key={m.label} metric={m} current={h} history={history} />
        ))}
      </SimpleGrid>
      <Panel title="Errors" action={h.errors.pending > 0 && <ResolveErrors />}>
        <Counts
          cols={3}
          items={[
            ['Last 24 hours', h.errors.last24h],
            ['Resolved', h.errors.resolved],
            ['Pending', h.errors.pending],
          ]}
        />
      </Panel>
    </Stack>
  );
}

/** Marks the server errors seen so far as dealt with; the next sample confirms the count. */
function ResolveErrors() {
  const client = useQueryClient();
  const resolve = useMutation({
    mutationFn: () => apiRequest<{ resolved: number }>('POST', '/api/admin/system-health/errors/resolve'),
    onSuccess: ({ resolved }) => {
      client.setQueryData(adminQueries.systemHealth().queryKey, (h: SystemHealth | undefined) =>
        h && { ...h, errors: { ...h.errors, resolved: h.errors.resolved + h.errors.pending, pending: 0 } },
      );
      toast({ title: 'Errors Resolved', description: `${resolved} ${resolved === 1 ? 'error' : 'errors'} marked as dealt with.` });
    },
  });
  return (
    <Button size="xs" variant="light" loading={resolve.isPending} onClick={() => resolve.mutate(undefined, { onError: toastError('Could not resolve errors') })}>
      Mark all resolved
    </Button>
  );
}

/** The overview's health bars: load and database against their thresholds, the static 304 share plain. */
export function HealthBars() {
  const health = useSystemHealth();
  if (health.isPending) return <Loading />;
  if (health.isError) return <ErrorText error={health.error} retry={health.refetch} />;
  const bars = METRICS.filter((m) => m.bar);
  const h = health.data;
  return (
    <Stack gap="sm">
      {bars.map((m) => {
        const value = m.value(h);
        return (
          <div key={m.label}>
            <Group justify="space-between">
              <Text size="sm">{m.label}</Text>
              <Text size="sm" fw={600}>
                {value === null ? 'No data yet' : m.display(value)}
              </Text>
            </Group>
            {value === null ? <Empty>Measured once static files are served</Empty> : <Progress value={Math.min(100, value)} color={m.color?.(value) ?? 'blue'} aria-label={m.label} />}
          </div>
        );
      })}
    </Stack>
  );
}
