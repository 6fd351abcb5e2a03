import { Badge, Group } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconClock, IconHelpCircle } from '@tabler/icons-react';

/**
 * Spec §4: published (green check, default badge), pending (yellow clock, secondary badge), failed
 * (red, destructive badge), anything else (grey, destructive badge).
 */
export function StatusBadge({ status }: { status: string }) {
  const look =
    status === 'published'
      ? { icon: <IconCircleCheck size={18} color="var(--mantine-color-green-6)" />, color: 'brand', variant: 'filled' }
      : status === 'pending'
        ? { icon: <IconClock size={18} color="var(--mantine-color-yellow-6)" />, color: 'gray', variant: 'light' }
        : status === 'failed'
          ? { icon: <IconAlertCircle size={18} color="var(--mantine-color-red-6)" />, color: 'red.9', variant: 'filled' }
          : { icon: <IconHelpCircle size={18} color="var(--mantine-color-gray-6)" />, color: 'red.9', variant: 'filled' };
  return (
    <Group gap={6} wrap="nowrap">
      {look.icon}
      <Badge color={look.color} variant={look.variant} data-status={status}>
        {status}
      </Badge>
    </Group>
  );
}
