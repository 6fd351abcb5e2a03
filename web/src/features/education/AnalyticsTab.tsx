import { useState } from 'react';
import { Card, Group, Progress, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ENGAGEMENT_WINDOW_DAYS, type Institution } from '@onair/protocol';
import { educationQueries } from './queries';

/** Hours once there are some; minutes and seconds before, so the first minutes of study show. */
function studyTime(seconds: number): string {
  if (seconds >= 3600) return `${(seconds / 3600).toFixed(1)} h`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** Figures computed from students' watch events; nothing here is a sample. */
export function AnalyticsTab({ institutions }: { institutions: Institution[] }) {
  const staff = institutions.filter((i) => i.myRole === 'owner' || i.myRole === 'teacher');
  const [chosen, setChosen] = useState<string | null>(null);
  const institutionId = chosen ?? (staff[0] ? String(staff[0].id) : null);
  const analytics = useQuery({ ...educationQueries.analytics(Number(institutionId)), enabled: Boolean(institutionId) });
  if (staff.length === 0) return <Text c="dimmed">Analytics appear once you run an institution.</Text>;
  const a = analytics.data;
  return (
    <Stack>
      <Select label="Institution" data={staff.map((i) => ({ value: String(i.id), label: i.name }))} value={institutionId} onChange={setChosen} w={320} />
      {a && (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <Card withBorder>
              <Text size="sm" c="dimmed">Students</Text>
              <Text fw={700} size="xl">{a.students}</Text>
            </Card>
            <Card withBorder>
              <Text size="sm" c="dimmed">Study time</Text>
              <Text fw={700} size="xl" data-testid="study-hours">{studyTime(a.studySeconds)}</Text>
            </Card>
            <Card withBorder>
              <Text size="sm" c="dimmed">Engagement ({ENGAGEMENT_WINDOW_DAYS} days)</Text>
              <Text fw={700} size="xl">{a.engagement === null ? '—' : `${Math.round(a.engagement * 100)}%`}</Text>
            </Card>
            <Card withBorder>
              <Text size="sm" c="dimmed">Courses · lessons</Text>
              <Text fw={700} size="xl">{a.courses} · {a.lessons}</Text>
            </Card>
          </SimpleGrid>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">Subject completion</Title>
            {a.subjects.length === 0 ? (
              <Text c="dimmed">No enrolled students on courses with lessons yet.</Text>
            ) : (
              <Stack gap="xs">
                {a.subjects.map((s) => (
                  <div key={s.subject}>
                    <Group justify="space-between">
                      <Text size="sm">{s.subject}</Text>
                      <Text size="sm">{Math.round(s.completion * 100)}% · {s.students} students</Text>
                    </Group>
                    <Progress value={s.completion * 100} />
                  </div>
                ))}
              </Stack>
            )}
          </Card>
        </>
      )}
    </Stack>
  );
}
