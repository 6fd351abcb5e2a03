import { useCallback } from 'react';
import { Badge, Group } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from '../../lib/live';
import { rewardQueries } from './queries';

/** Points and level, updated live when the server awards points. Hidden until the profile loads. */
export function PointsBadge() {
  const client = useQueryClient();
  const profile = useQuery(rewardQueries.gamification());
  const onPoints = useCallback(
    ({ points, level }: { points: number; level: number }) =>
      client.setQueryData(rewardQueries.gamification().queryKey, (p) => (p ? { ...p, points, level } : p)),
    [client],
  );
  useSocketEvent('gamification:points', onPoints);
  if (!profile.data) return null;
  return (
    <Group gap={6} aria-label="Your points and level">
      <Badge leftSection={<IconStar size={12} />} variant="light" color="yellow">
        {profile.data.points.toLocaleString()} pts
      </Badge>
      <Badge variant="outline">Level {profile.data.level}</Badge>
    </Group>
  );
}
