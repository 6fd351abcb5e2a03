import { useState } from 'react';
import { Alert, Anchor, Button, Card, FileInput, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Course, EnrolmentResult, Institution } from '@onair/protocol';
import { downloadCsv } from '../../lib/csv';
import { toast, toastError } from '../../lib/toast';
import { educationQueries, useAddMember, useEnrolCsv, useInvite } from './queries';

/** Progress moves while students watch: refreshed every few seconds while on screen. */
const PROGRESS_REFRESH_MS = 5000;

/** A new account's link for the staff to pass on, as its row in the list and in the CSV. */
const linkRow = (entry: EnrolmentResult['enrolled'][number]) => ({
  email: entry.email,
  username: entry.username,
  link: `${window.location.origin}/invitation/${entry.invitationToken}`,
});

const duration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Why links listed for the staff did not go by mail, when a mail server was asked: a clause after "created". */
function unmailedReason(result: EnrolmentResult, emailed: number): string {
  if (result.mailStopped === 'server failed') return ' that could not be mailed (the mail server failed)';
  if (result.mailStopped === 'out of time') return ' that the mail server was too slow to take while the import waited';
  return emailed > 0 ? ' whose email the mail server refused' : '';
}

function BulkEnrolment({ institutions, courses }: { institutions: Institution[]; courses: Course[] }) {
  const [institutionId, setInstitutionId] = useState<string | null>(null);
  const [courseId, setCourseId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<EnrolmentResult | null>(null);
  const enrol = useEnrolCsv(Number(institutionId));
  // Existing accounts not in the school yet: asked to join, not enrolled until they accept.
  const invited = result?.enrolled.filter((e) => e.invited) ?? [];
  // New accounts whose link went by email; the others' links are listed for the staff to pass on.
  const emailed = result?.enrolled.filter((e) => e.emailed) ?? [];
  const handed = result?.enrolled.filter((e) => e.invitationToken) ?? [];
  const submit = async () => {
    if (!file || !institutionId) return;
    const csv = await file.text();
    enrol.mutate(
      { csv, ...(courseId ? { courseId: Number(courseId) } : {}) },
      {
        onSuccess: (r) => {
          setResult(r);
          const invited = r.enrolled.filter((e) => e.invited).length;
          toast({
            title: 'Students Enrolled',
            description: `${r.enrolled.length - invited} enrolled, ${invited ? `${invited} asked to join, ` : ''}${r.errors.length} rows with errors.`,
          });
        },
        onError: toastError('Enrollment Failed'),
      },
    );
  };
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Bulk CSV enrollment
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        A header row <code>email,firstName,lastName</code> (optionally <code>username</code>). Accounts that already exist are asked to join and are enrolled when they accept; new ones get an invitation to choose a password.
      </Text>
      <Stack>
        <Group grow>
          <Select label="Institution" data={institutions.map((i) => ({ value: String(i.id), label: i.name }))} value={institutionId} onChange={(v) => (setInstitutionId(v), setCourseId(null))} />
          <Select
            label="Class roster (optional)"
            clearable
            data={courses.filter((c) => String(c.institutionId) === institutionId).map((c) => ({ value: String(c.id), label: c.title }))}
            value={courseId}
            onChange={setCourseId}
          />
        </Group>
        <FileInput label="CSV file" accept=".csv,text/csv" placeholder="students.csv" value={file} onChange={setFile} clearable />
        <Group justify="flex-end">
          <Button onClick={() => void submit()} disabled={!file || !institutionId} loading={enrol.isPending}>
            Enroll Students
          </Button>
        </Group>
        {result && (
          <Stack gap="xs" data-testid="enrolment-result">
            <Text fw={600}>{result.enrolled.length - invited.length} students enrolled</Text>
            {invited.length > 0 && (
              <Text size="sm" data-testid="enrolment-invited">
                {`${invited.length} existing ${invited.length === 1 ? 'account was' : 'accounts were'} asked to join (${invited.map((e) => e.email).join(', ')}): they are enrolled when they accept on their Education page.`}
              </Text>
            )}
            {result.errors.map((e) => (
              <Alert color="red" key={e.line} p="xs">
                Line {e.line}: {e.reason}
              </Alert>
            ))}
            {emailed.length > 0 && (
              <Text size="sm" data-testid="enrolment-emailed">
                {`${emailed.length} new ${emailed.length === 1 ? 'account was' : 'accounts were'} emailed a link to choose a password. A lost link is replaced from Members (New link).`}
              </Text>
            )}
            {handed.length > 0 && (
              <>
                <Text size="sm" c="dimmed">
                  {handed.length} new {handed.length === 1 ? 'account was' : 'accounts were'} created{unmailedReason(result, emailed.length)}; send each student their invitation link to choose a password (or sign in with an account they already have). Members makes a new link if one is lost.
                </Text>
                <Group>
                  {/* A class's worth of links goes out by mail merge or a messaging tool more easily than by copying rows. */}
                  <Button size="xs" variant="default" onClick={() => downloadCsv('invitation-links', handed.map(linkRow))}>
                    Download links (CSV)
                  </Button>
                </Group>
                <Table fz="xs" data-testid="invitation-links">
                  <Table.Tbody>
                    {handed.map(linkRow).map((row, i) => (
                      <Table.Tr key={handed[i]!.line}>
                        <Table.Td>{row.email}</Table.Td>
                        <Table.Td>{row.link}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function ClassProgress({ courses }: { courses: Course[] }) {
  const teachable = courses.filter((c) => c.canTeach);
  const [courseId, setCourseId] = useState<string | null>(null);
  const progress = useQuery({ ...educationQueries.progress(Number(courseId)), enabled: Boolean(courseId), refetchInterval: PROGRESS_REFRESH_MS });
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">Class roster and progress</Title>
        {courseId && (
          <Anchor href={`/api/education-courses/${courseId}/progress.csv`} download>
            Export progress report (CSV)
          </Anchor>
        )}
      </Group>
      <Select label="Class" data={teachable.map((c) => ({ value: String(c.id), label: c.title }))} value={courseId} onChange={setCourseId} mb="sm" />
      {progress.data && progress.data.students.length === 0 && <Text c="dimmed">No students on this roster yet.</Text>}
      {progress.data && progress.data.students.length > 0 && (
        <Table striped data-testid="progress-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Student</Table.Th>
              <Table.Th>Lessons completed</Table.Th>
              <Table.Th>Completion</Table.Th>
              <Table.Th>Time watched</Table.Th>
              <Table.Th>Last watched</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {progress.data.students.map((s) => (
              <Table.Tr key={s.userId} data-testid={`progress-${s.username}`}>
                <Table.Td>{s.name ? `${s.name} (${s.username})` : s.username}</Table.Td>
                <Table.Td>
                  {s.completedLessons} / {progress.data.lessons.length}
                </Table.Td>
                <Table.Td>{Math.round(s.completion * 100)}%</Table.Td>
                <Table.Td>{duration(s.secondsWatched)}</Table.Td>
                <Table.Td>{s.lastWatchedAt ? new Date(s.lastWatchedAt).toLocaleString() : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

/** Asks an existing account to join as a teacher (owners) or a student, optionally onto a class roster; a student already here goes on the roster at once. */
function AddMember({ institutions, courses }: { institutions: Institution[]; courses: Course[] }) {
  const [institutionId, setInstitutionId] = useState<string | null>(null);
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<string | null>('student');
  const [courseId, setCourseId] = useState<string | null>(null);
  const add = useAddMember(Number(institutionId));
  const submit = () =>
    add.mutate(
      { username, role: role as 'teacher' | 'student', ...(courseId ? { courseId: Number(courseId) } : {}) },
      {
        onSuccess: (m) => {
          setUsername('');
          if (m.status === 'added') toast({ title: 'Member Added', description: `${m.username} is on the roster.` });
          else toast({ title: 'Invitation Sent', description: `${m.username} joins as a ${m.role} once they accept.` });
        },
        onError: toastError('Add Failed'),
      },
    );
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Add a teacher or student
      </Title>
      {/* Side by side from the sm breakpoint; stacked on a phone, where five fields in a row were cut to a letter. */}
      <SimpleGrid cols={{ base: 1, sm: 5 }} style={{ alignItems: 'end' }}>
        <Select label="School" data={institutions.map((i) => ({ value: String(i.id), label: i.name }))} value={institutionId} onChange={(v) => (setInstitutionId(v), setCourseId(null))} />
        <TextInput label="Username" value={username} onChange={(e) => setUsername(e.currentTarget.value)} />
        <Select label="Role" data={[{ value: 'student', label: 'Student' }, { value: 'teacher', label: 'Teacher' }]} value={role} onChange={setRole} />
        <Select label="Roster (optional)" clearable data={courses.filter((c) => String(c.institutionId) === institutionId).map((c) => ({ value: String(c.id), label: c.title }))} value={courseId} onChange={setCourseId} />
        <Button disabled={!institutionId || !username.trim()} loading={add.isPending} onClick={submit}>
          Add
        </Button>
      </SimpleGrid>
    </Card>
  );
}

/** Invites an email address as a teacher (owners) or student; the email links to the invitation screen. */
function InviteByEmail({ institutions }: { institutions: Institution[] }) {
  const [institutionId, setInstitutionId] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string | null>('student');
  const [link, setLink] = useState<string | null>(null);
  const invite = useInvite(Number(institutionId));
  const submit = () =>
    invite.mutate(
      { email, role: role as 'teacher' | 'student' },
      {
        onSuccess: (r) => {
          setLink(r.link);
          setEmail('');
          toast({ title: 'Invitation Sent', description: r.delivered ? `An invitation is on its way to ${r.email}.` : `The email was not sent (no mail server took it): send ${r.email} the link below.` });
        },
        onError: toastError('Invitation Failed'),
      },
    );
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Invite by email
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 4 }} style={{ alignItems: 'end' }}>
        <Select label="School" data={institutions.map((i) => ({ value: String(i.id), label: i.name }))} value={institutionId} onChange={setInstitutionId} />
        <TextInput label="Email" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
        <Select label="Invite as" data={[{ value: 'student', label: 'Student' }, { value: 'teacher', label: 'Teacher' }]} value={role} onChange={setRole} />
        <Button disabled={!institutionId || !email.trim()} loading={invite.isPending} onClick={submit}>
          Send Invitation
        </Button>
      </SimpleGrid>
      {link && (
        <Text size="sm" mt="sm" data-testid="invitation-link">
          {link}
        </Text>
      )}
    </Card>
  );
}

export function StudentsTab({ institutions, courses }: { institutions: Institution[]; courses: Course[] }) {
  const teaching = institutions.filter((i) => i.myRole === 'owner' || i.myRole === 'teacher');
  if (teaching.length === 0) return <Text c="dimmed">Register an institution (or be added as a teacher) to enrol students.</Text>;
  return (
    <Stack>
      <BulkEnrolment institutions={teaching} courses={courses} />
      <ClassProgress courses={courses} />
      <AddMember institutions={teaching} courses={courses} />
      <InviteByEmail institutions={teaching} />
    </Stack>
  );
}
