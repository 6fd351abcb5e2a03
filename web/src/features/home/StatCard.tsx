import { Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { IconEye } from '@tabler/icons-react';

export interface StatCardProps {
  label: string;
  icon: typeof IconEye;
  loading: boolean;
  /** Absent when the figure could not be read: the card says so instead of showing a number. */
  value: number | undefined;
  hint: string;
  /** Said under a 0, so that nothing looks broken when the platform is simply quiet. */
  zeroHint: string;
}

/** One figure of Home's stat row: a skeleton while loading, the real number, or an empty state. */
export function StatCard({ label, icon: Icon, loading, value, hint, zeroHint }: StatCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" aria-busy={loading} data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.5}>
            {label}
          </Text>
          {loading ? (
            <>
              <Skeleton h={32} w={90} mt={6} />
              <Skeleton h={10} w={120} mt={8} />
            </>
          ) : value === undefined ? (
            <>
              <Text fz={22} fw={600} c="dimmed" mt={4}>
                No data
              </Text>
              <Text size="xs" c="dimmed">
                This figure is not available right now.
              </Text>
            </>
          ) : (
            <>
              <Text fz={30} fw={800} lh={1.2} mt={4}>
                {value.toLocaleString()}
              </Text>
              <Text size="xs" c="dimmed">
                {value === 0 ? zeroHint : hint}
              </Text>
            </>
          )}
        </div>
        <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}
