/** Small building blocks shared by the admin tabs. */
import type { ReactNode } from 'react';
import { Card, Group, Loader, Pagination, Select, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title, type SimpleGridProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { IconEye } from '@tabler/icons-react';

/** One figure: a label, the value, and a line saying what it counts. */
export function SummaryCard({ label, value, hint, icon: Icon }: { label: string; value: string; hint: string; icon: typeof IconEye }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={`admin-figure-${label.toLowerCase().replace(/\s+/g, '-')}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.5}>
            {label}
          </Text>
          <Text fz={26} fw={800} lh={1.25}>
            {value}
          </Text>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </div>
        <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/** A titled panel. */
export function Panel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">{title}</Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** A row of small labelled counts (account stats, error counts). */
export function Counts({ items, cols }: { items: readonly (readonly [string, number])[]; cols: SimpleGridProps['cols'] }) {
  return (
    <SimpleGrid cols={cols}>
      {items.map(([label, n]) => (
        <div key={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} fz="lg">
            {n.toLocaleString()}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** What a panel shows when there is nothing to show: a sentence, never a sample figure. */
export function Empty({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" ta="center" py="lg" size="sm">
      {children}
    </Text>
  );
}

export function Loading({ label }: { label?: string }) {
  return (
    <Group justify="center" p="xl" gap="sm">
      <Loader size="sm" />
      {label && <Text c="dimmed">{label}</Text>}
    </Group>
  );
}

/** A failed read in an admin panel: the shared LoadError (plain words, Try again, read again on reconnect). */
export { LoadError as ErrorText } from '../../components/LoadError';

/**
 * A list's filter: a clearable choice that starts from "any" (its placeholder) and hands back the chosen
 * value, or null once cleared.
 */
export function FilterSelect<V extends string>({ label, placeholder, options, value, onChange, width }: {
  label: string;
  placeholder: string;
  options: readonly { value: V; label: string }[];
  value: V | null;
  onChange: (value: V | null) => void;
  width: number;
}) {
  return <Select label={label} placeholder={placeholder} clearable data={options} value={value} onChange={(v) => onChange(v as V | null)} w={width} />;
}

/** A list's search box. */
export function SearchBox({ label, placeholder, value, onChange, width }: { label: string; placeholder: string; value: string; onChange: (text: string) => void; width: number }) {
  return <TextInput label={label} placeholder={placeholder} leftSection={<IconSearch size={16} />} value={value} onChange={(e) => onChange(e.currentTarget.value)} w={width} />;
}

/** Under a paged list: how many rows match in all, and the pages. */
export function PageFooter({ count, pages, page, onPage }: { count: string; pages: number; page: number; onPage: (page: number) => void }) {
  return (
    <Group justify="space-between">
      <Text size="xs" c="dimmed">
        {count}
      </Text>
      <Pagination total={pages} value={page} onChange={onPage} size="sm" />
    </Group>
  );
}
