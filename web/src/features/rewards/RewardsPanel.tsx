import { LoadError } from '../../components/LoadError';
import { Badge, Button, Card, Group, Loader, Progress, SimpleGrid, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconAward, IconCheck, IconHeart, IconStar, IconTarget, IconTrophy, IconBolt } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIST_LIMITS } from '@onair/protocol/constants';
import type { Achievement } from '@onair/protocol';
import { useCallback } from 'react';
import { useSocketEvent } from '../../lib/live';
import { useSingleFlight } from '../../lib/single-flight';
import { apiRequest } from '../../lib/api';
import { toast, toastError } from '../../lib/toast';
import { formatProgress } from './progress';
import { rewardQueries } from './queries';

const ICONS = { star: IconStar, trophy: IconTrophy, target: IconTarget, heart: IconHeart, zap: IconBolt, award: IconAward };

function AchievementCard({ achievement, onClaim, claiming }: { achievement: Achievement; onClaim: () => void; claiming: boolean }) {
  const Icon = ICONS[achievement.icon] ?? IconStar;
  const claimable = achievement.earned && !achievement.earnedDate;
  return (
    <Card withBorder radius="md" padding="sm">
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon size="lg" radius="xl" color={achievement.earnedDate ? 'yellow' : 'gray'} variant={achievement.earnedDate ? 'filled' : 'light'}>
          <Icon size={18} />
        </ThemeIcon>
        <Stack gap={4} flex={1}>
          <Text fw={600} size="sm">
            {achievement.name}
          </Text>
          <Text size="xs" c="dimmed">
            {achievement.description}
          </Text>
          <Progress value={(achievement.progress / achievement.maxProgress) * 100} size="sm" aria-label={`${achievement.name} progress`} />
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {formatProgress(achievement)}
            </Text>
            {achievement.earnedDate ? (
              <Badge size="xs" color="yellow">
                Earned {new Date(achievement.earnedDate).toLocaleDateString()}
              </Badge>
            ) : claimable ? (
              <Button size="compact-sm" onClick={onClaim} loading={claiming}>
                Claim
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

export function RewardsPanel() {
  const client = useQueryClient();
  const profile = useQuery(rewardQueries.gamification());
  // Points come with the activity that earned them: while this panel is open, its challenges and
  // achievements are read again so their progress moves too (the header badge only takes the points).
  const reread = useCallback(() => void client.invalidateQueries({ queryKey: rewardQueries.gamification().queryKey }), [client]);
  useSocketEvent('gamification:points', reread);
  const claim = useMutation({
    mutationFn: (achievementId: string) =>
      apiRequest<{ pointsAwarded: number }>('POST', '/api/achievements/claim', { achievementId }),
    // Pending until the list shows the claim, so the button cannot be pressed again in between.
    onSuccess: async (result) => {
      toast({ title: 'Reward Claimed!', description: `You earned ${result.pointsAwarded} points.` });
      await client.invalidateQueries({ queryKey: rewardQueries.gamification().queryKey });
    },
    onError: toastError('Claim failed'),
  });
  const once = useSingleFlight();
  const claimOnce = (achievementId: string) => once((settled) => claim.mutate(achievementId, { onSettled: settled }));

  if (profile.isPending) return <Loader size="sm" />;
  if (profile.isError) return <LoadError error={profile.error} retry={profile.refetch} />;
  const data = profile.data;
  // Claimable and nearly-done achievements first: those are the ones worth a look.
  const achievements = [...data.achievements]
    .sort((a, b) => Number(b.earned && !b.earnedDate) - Number(a.earned && !a.earnedDate) || b.progress / b.maxProgress - a.progress / a.maxProgress)
    .slice(0, LIST_LIMITS.achievements);

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Stack>
          <Text fw={600}>Achievements</Text>
          {achievements.length === 0 ? (
            <Text c="dimmed">No achievements yet</Text>
          ) : (
            achievements.map((a) => (
              <AchievementCard key={a.id} achievement={a} onClaim={() => claimOnce(a.id)} claiming={claim.isPending && claim.variables === a.id} />
            ))
          )}
        </Stack>
        <Stack>
          <Text fw={600}>Leaderboard</Text>
          {data.leaderboard.length === 0 ? (
            <Text c="dimmed">Leaderboard loading...</Text>
          ) : (
            <Table striped aria-label="Leaderboard">
              <Table.Tbody>
                {data.leaderboard.slice(0, LIST_LIMITS.leaderboard).map((entry) => (
                  <Table.Tr key={entry.userId}>
                    <Table.Td w={40}>#{entry.rank}</Table.Td>
                    <Table.Td>{entry.username}</Table.Td>
                    <Table.Td ta="right">{entry.points.toLocaleString()} pts</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Text fw={600} mt="md">
            Daily challenges
          </Text>
          {data.dailyChallenges.map((c) => (
            <Card key={c.id} withBorder padding="xs" radius="md">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  {c.completed ? (
                    <ThemeIcon color="green" size="sm" radius="xl">
                      <IconCheck size={12} />
                    </ThemeIcon>
                  ) : null}
                  <Text size="sm">{c.label}</Text>
                </Group>
                <Badge variant="light">+{c.points}</Badge>
              </Group>
              <Progress mt={6} size="xs" value={(c.progress / c.target) * 100} color={c.completed ? 'green' : 'blue'} aria-label={`${c.label} progress`} />
            </Card>
          ))}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
