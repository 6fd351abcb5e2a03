import { useCallback } from 'react';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LiveClass } from '@onair/protocol';
import { useRefreshOnNotification, useSocketEvent } from '../../lib/live';
import { toast } from '../../lib/toast';
import { AccountInvitations } from './AccountInvitations';
import { AnalyticsTab } from './AnalyticsTab';
import { ContentTab } from './ContentTab';
import { InstitutionsTab } from './InstitutionsTab';
import { OverviewTab } from './OverviewTab';
import { StudentsTab } from './StudentsTab';
import { educationQueries } from './queries';

/** /education-mode: institutions, courses, students, live classes and progress (spec §2 Education mode). */
export function EducationPage() {
  const client = useQueryClient();
  const institutions = useQuery(educationQueries.institutions());
  const courses = useQuery(educationQueries.courses());

  const onClassLive = useCallback(
    (liveClass: LiveClass) => {
      void client.invalidateQueries({ queryKey: educationQueries.liveClasses().queryKey });
      toast({ title: 'Class is live', description: `${liveClass.title} (${liveClass.courseTitle}) has started.` });
    },
    [client],
  );
  useSocketEvent('education:class-live', onClassLive);
  // A school asking this person to join, or someone joining a school this person asked (its counts and rosters).
  useRefreshOnNotification([educationQueries.myInvitations().queryKey, educationQueries.institutions().queryKey, educationQueries.courses().queryKey]);

  return (
    <Stack>
      <div>
        <Title order={1} size="h2">Education</Title>
        <Text c="dimmed" data-testid="education-counts">
          {institutions.data?.length ?? 0} institutions · {courses.data?.length ?? 0} courses
        </Text>
      </div>
      <AccountInvitations kind="school" />
      <Tabs defaultValue="overview" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="institutions">Institutions</Tabs.Tab>
          <Tabs.Tab value="content">Content</Tabs.Tab>
          <Tabs.Tab value="students">Students</Tabs.Tab>
          <Tabs.Tab value="analytics">Analytics</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <OverviewTab institutions={institutions.data ?? []} courses={courses.data ?? []} />
        </Tabs.Panel>
        <Tabs.Panel value="institutions" pt="md">
          <InstitutionsTab institutions={institutions.data ?? []} />
        </Tabs.Panel>
        <Tabs.Panel value="content" pt="md">
          <ContentTab institutions={institutions.data ?? []} courses={courses.data ?? []} />
        </Tabs.Panel>
        <Tabs.Panel value="students" pt="md">
          <StudentsTab institutions={institutions.data ?? []} courses={courses.data ?? []} />
        </Tabs.Panel>
        <Tabs.Panel value="analytics" pt="md">
          <AnalyticsTab institutions={institutions.data ?? []} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
