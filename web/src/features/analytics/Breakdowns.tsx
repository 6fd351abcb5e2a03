import { ColorSwatch, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { BarChart, DonutChart } from '../../components/charts';
import { DEVICE_TYPES, LIST_LIMITS } from '@onair/protocol/constants';
import { countryName, DEVICE_LABELS } from '../creator/format';

const DEVICE_COLORS: Record<string, string> = { mobile: 'brand.6', web: 'blue.6', tv: 'grape.6', satellite: 'teal.6' };

const share = (n: number, total: number) => (total > 0 ? `${((n / total) * 100).toFixed(1)}%` : '–');

function Empty() {
  return (
    <Text c="dimmed" ta="center" p="xl">
      No views recorded yet
    </Text>
  );
}

/** Views by device over the four devices of spec §3, as a donut with a table beside it. */
export function DeviceBreakdown({ breakdown }: { breakdown: Record<string, number> }) {
  const total = Object.values(breakdown).reduce((a, b) => a + b, 0);
  if (total === 0) return <Empty />;
  const data = DEVICE_TYPES.map((d) => ({ name: DEVICE_LABELS[d] ?? d, value: breakdown[d] ?? 0, color: DEVICE_COLORS[d] ?? 'gray.6' }));
  return (
    <Group align="center" gap="xl" wrap="wrap">
      <DonutChart data={data} size={200} thickness={28} withTooltip tooltipDataSource="segment" chartLabel={`${total.toLocaleString()} views`} />
      <Table w="auto" miw={260}>
        <Table.Tbody>
          {data.map((d) => (
            <Table.Tr key={d.name}>
              <Table.Td>
                <Group gap={8} wrap="nowrap">
                  <ColorSwatch size={12} color={`var(--mantine-color-${d.color.replace('.', '-')})`} />
                  {d.name}
                </Group>
              </Table.Td>
              <Table.Td ta="right">{d.value.toLocaleString()}</Table.Td>
              <Table.Td ta="right" c="dimmed">
                {share(d.value, total)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Group>
  );
}

/** Views by country, the top 10 (spec §9), as horizontal bars. */
export function LocationBreakdown({ breakdown }: { breakdown: Record<string, number> }) {
  const entries = Object.entries(breakdown).sort(([, a], [, b]) => b - a);
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return <Empty />;
  const data = entries.slice(0, LIST_LIMITS.topCountries).map(([code, views]) => ({ country: countryName(code), views }));
  return (
    <Stack>
      <Paper>
        <BarChart
          h={Math.max(160, data.length * 34)}
          data={data}
          dataKey="country"
          orientation="vertical"
          yAxisProps={{ width: 120 }}
          series={[{ name: 'views', label: 'Views', color: 'brand.6' }]}
          gridAxis="none"
        />
      </Paper>
      <Text size="xs" c="dimmed">
        Top {data.length} of {entries.length} {entries.length === 1 ? 'country' : 'countries'} · {total.toLocaleString()} views in all
      </Text>
    </Stack>
  );
}
