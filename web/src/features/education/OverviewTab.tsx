import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Course, Institution } from '@onair/protocol';
import { toastError, toast } from '../../lib/toast';
import { educationQueries, useStartClass } from './queries';

function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <Card withBorder>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Card>
  );
}

/** Live classes first (what a student should open now), then the counts behind the other tabs. */
export function OverviewTab({ institutions, courses }: { institutions: Institution[]; courses: Course[] }) {
  const classes = useQuery(educationQueries.liveClasses());
  const start = useStartClass();
  const students = institutions.reduce((sum, i) => sum + i.students, 0);
  const lessons = courses.reduce((sum, c) => sum + c.lessons.length, 0);
  return (
    <Stack>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Live classes
        </Title>
        {classes.data?.length ? (
          <Stack gap="xs">
            {classes.data.map((c) => (
              <Group key={c.id} justify="space-between" data-testid="live-class">
                <div>
                  <Text fw={600}>
                    {c.title} {c.live && <Badge color="brand">LIVE</Badge>}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {c.courseTitle} · {new Date(c.startsAt).toLocaleString()}
                  </Text>
                </div>
                {c.live && c.contentId ? (
                  <Link to="/watch/$contentId" params={{ contentId: String(c.contentId) }}>
                    Join class
                  </Link>
                ) : c.canTeach ? (
                  <Button
                    size="xs"
                    loading={start.isPending}
                    onClick={() => start.mutate(c.id, { onSuccess: () => toast({ title: 'Class Started', description: 'Your students have been notified.' }), onError: toastError('Stream Start Failed') })}
                  >
                    Go live
                  </Button>
                ) : (
                  <Badge variant="light">Scheduled</Badge>
                )}
              </Group>
            ))}
          </Stack>
        ) : (
          <Text c="dimmed">No live or upcoming classes.</Text>
        )}
      </Card>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Stat label="Institutions" value={institutions.length} />
        <Stat label="Courses" value={courses.length} />
        <Stat label="Lessons" value={lessons} />
        <Stat label="Students" value={students} />
      </SimpleGrid>
    </Stack>
  );
}
