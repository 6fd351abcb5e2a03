import { useState, type FormEvent } from 'react';
import { Anchor, Button, Card, Group, Progress, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import {
  EDUCATION_CURRICULA,
  EDUCATION_GRADE_LEVELS,
  EDUCATION_SUBJECTS,
  type Course,
  type CourseCreateRequest,
  type EducationContentCreateRequest,
  type Institution,
} from '@onair/protocol';
import { useAuth } from '../auth/AuthProvider';
import { toast, toastError } from '../../lib/toast';
import { educationQueries, useAddLesson, useCreateCourse, useScheduleClass } from './queries';

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

function CatalogueSelects({ value, onChange }: { value: { subject: string; gradeLevel: string; curriculum: string }; onChange: (v: { subject: string; gradeLevel: string; curriculum: string }) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      <Select label="Subject" required searchable data={[...EDUCATION_SUBJECTS]} value={value.subject || null} onChange={(v) => onChange({ ...value, subject: v ?? '' })} />
      <Select label="Grade level" required searchable data={[...EDUCATION_GRADE_LEVELS]} value={value.gradeLevel || null} onChange={(v) => onChange({ ...value, gradeLevel: v ?? '' })} />
      <Select label="Curriculum" required data={[...EDUCATION_CURRICULA]} value={value.curriculum || null} onChange={(v) => onChange({ ...value, curriculum: v ?? '' })} />
    </SimpleGrid>
  );
}

function CourseForm({ institutions }: { institutions: Institution[] }) {
  const create = useCreateCourse();
  const empty = { institutionId: '', title: '', subject: '', gradeLevel: '', curriculum: '', objectives: '' };
  const [form, setForm] = useState(empty);
  const ready = form.institutionId && form.title.trim() && form.subject && form.gradeLevel && form.curriculum;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const input = { ...form, institutionId: Number(form.institutionId), objectives: lines(form.objectives) } as CourseCreateRequest;
    create.mutate(input, { onSuccess: () => (toast({ title: 'Course Created', description: `${form.title} is ready for lessons.` }), setForm(empty)), onError: toastError('Creation Failed') });
  };
  return (
    <Card withBorder component="form" onSubmit={submit}>
      <Title order={2} size="h4" mb="sm">
        Create a course
      </Title>
      <Stack>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Select label="Institution" required data={institutions.map((i) => ({ value: String(i.id), label: i.name }))} value={form.institutionId || null} onChange={(v) => setForm({ ...form, institutionId: v ?? '' })} />
          <TextInput label="Course title" required value={form.title} onChange={(e) => setForm({ ...form, title: e.currentTarget.value })} />
        </SimpleGrid>
        <CatalogueSelects value={form} onChange={(v) => setForm({ ...form, ...v })} />
        <Textarea label="Learning objectives (one per line)" autosize minRows={2} value={form.objectives} onChange={(e) => setForm({ ...form, objectives: e.currentTarget.value })} />
        <Group justify="flex-end">
          <Button type="submit" disabled={!ready} loading={create.isPending}>
            Create Course
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function LessonForm({ courses }: { courses: Course[] }) {
  const { user } = useAuth();
  const items = useQuery({ ...educationQueries.myContent(user?.id ?? 0), enabled: Boolean(user) });
  const add = useAddLesson();
  const empty = { courseId: '', contentId: '', subject: '', gradeLevel: '', curriculum: '', objectives: '' };
  const [form, setForm] = useState(empty);
  const ready = form.courseId && form.contentId && form.subject && form.gradeLevel && form.curriculum;
  const chooseCourse = (value: string | null) => {
    const course = courses.find((c) => String(c.id) === value);
    setForm({ ...form, courseId: value ?? '', ...(course ? { subject: course.subject, gradeLevel: course.gradeLevel, curriculum: course.curriculum } : {}) });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const input = { ...form, courseId: Number(form.courseId), contentId: Number(form.contentId), learningObjectives: lines(form.objectives) } as EducationContentCreateRequest;
    add.mutate(input, {
      onSuccess: () => (toast({ title: 'Educational Content Created', description: 'Learning material has been added to the curriculum!' }), setForm(empty)),
      onError: toastError('Creation Failed'),
    });
  };
  return (
    <Card withBorder component="form" onSubmit={submit}>
      <Title order={2} size="h4" mb="sm">
        Add a lesson
      </Title>
      <Stack>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Select label="Course" required data={courses.filter((c) => c.canTeach).map((c) => ({ value: String(c.id), label: c.title }))} value={form.courseId || null} onChange={chooseCourse} />
          <Select
            label="Content item"
            required
            searchable
            nothingFoundMessage="None of your items match"
            data={(items.data ?? []).map((c) => ({ value: String(c.id), label: c.title }))}
            value={form.contentId || null}
            onChange={(v) => setForm({ ...form, contentId: v ?? '' })}
          />
        </SimpleGrid>
        <CatalogueSelects value={form} onChange={(v) => setForm({ ...form, ...v })} />
        <Textarea label="Lesson objectives (one per line)" autosize minRows={2} value={form.objectives} onChange={(e) => setForm({ ...form, objectives: e.currentTarget.value })} />
        <Group justify="flex-end">
          <Button type="submit" disabled={!ready} loading={add.isPending}>
            Add Lesson
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ScheduleClass({ course }: { course: Course }) {
  const schedule = useScheduleClass(course.id);
  const [title, setTitle] = useState('');
  const [at, setAt] = useState('');
  const ready = title.trim() && at;
  return (
    <Group align="flex-end" mt="sm">
      <TextInput size="xs" label="Class title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
      <TextInput size="xs" type="datetime-local" label="Starts at" value={at} onChange={(e) => setAt(e.currentTarget.value)} />
      <Button
        size="xs"
        disabled={!ready}
        loading={schedule.isPending}
        onClick={() =>
          schedule.mutate(
            { title, startsAt: new Date(at).toISOString() },
            { onSuccess: () => (toast({ title: 'Class Scheduled', description: 'It appears first on your students’ Overview.' }), setTitle(''), setAt('')), onError: toastError('Schedule Failed') },
          )
        }
      >
        Schedule Class
      </Button>
    </Group>
  );
}

/** The lessons, each a link to watch it; a student also sees what they completed. */
function CourseLessons({ course }: { course: Course }) {
  const mine = useQuery({ ...educationQueries.myProgress(course.id), enabled: !course.canTeach && course.lessons.length > 0 });
  const done = new Set(mine.data?.lessons.filter((l) => l.completed).map((l) => l.contentId));
  if (!course.lessons.length) {
    return (
      <Text size="sm" c="dimmed" mt="xs">
        No lessons yet.
      </Text>
    );
  }
  return (
    <Stack gap={4} mt="xs">
      {mine.data && (
        <Group gap="sm" data-testid="my-progress">
          <Progress value={mine.data.completion * 100} w={160} aria-label="Your progress" />
          <Text size="sm">
            You completed {mine.data.completedLessons} of {course.lessons.length} {course.lessons.length === 1 ? 'lesson' : 'lessons'}
          </Text>
        </Group>
      )}
      {course.lessons.map((l) => (
        <Group gap={6} key={l.id} wrap="nowrap">
          <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/watch/$contentId" params={{ contentId: String(l.contentId) }} />}>
            {l.position}. {l.title}
          </Anchor>
          {done.has(l.contentId) && <IconCircleCheck size={16} color="var(--mantine-color-teal-7)" aria-label="Completed" />}
        </Group>
      ))}
    </Stack>
  );
}

export function ContentTab({ institutions, courses }: { institutions: Institution[]; courses: Course[] }) {
  const teaching = institutions.filter((i) => i.myRole === 'owner' || i.myRole === 'teacher');
  return (
    <Stack>
      {teaching.length > 0 && <CourseForm institutions={teaching} />}
      {courses.some((c) => c.canTeach) && <LessonForm courses={courses} />}
      <Title order={2} size="h4">Courses</Title>
      {courses.length === 0 && <Text c="dimmed">No courses yet.</Text>}
      {courses.map((course) => (
        <Card withBorder key={course.id} data-testid="course">
          <Text fw={600}>{course.title}</Text>
          <Text size="sm" c="dimmed">
            {course.institutionName} · {course.subject} · {course.gradeLevel} · {course.curriculum} · {course.rosterSize} on the roster
          </Text>
          {course.objectives.length > 0 && <Text size="sm">Objectives: {course.objectives.join('; ')}</Text>}
          <CourseLessons course={course} />
          {course.canTeach && <ScheduleClass course={course} />}
        </Card>
      ))}
    </Stack>
  );
}
