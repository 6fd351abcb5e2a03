import type { ReactNode } from 'react';
import { Anchor, Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconCash, IconEye, IconLibrary, IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { CreatorProfile } from '@onair/protocol';
import { formatCents } from './format';

function Stat({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          {children}
        </div>
        <ThemeIcon variant="light" size="lg">
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

const Figure = ({ value }: { value: number }) => (
  <Text fz={28} fw={700}>
    {value.toLocaleString()}
  </Text>
);

/** The profile's figures, all counted by the server from recorded data. */
export function CreatorStats({ profile }: { profile: CreatorProfile }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <Stat label="Subscribers" icon={<IconUsers size={20} />}>
        <Figure value={profile.subscriberCount} />
      </Stat>
      <Stat label="Total Views" icon={<IconEye size={20} />}>
        <Figure value={profile.totalViews} />
      </Stat>
      <Stat label="Revenue" icon={<IconCash size={20} />}>
        {profile.revenueCents > 0 ? (
          <Text fz={28} fw={700}>
            {formatCents(profile.revenueCents)}
          </Text>
        ) : (
          <Text size="sm" mt={6}>
            No earnings yet.{' '}
            <Anchor component={Link} to="/monetization" size="sm">
              Set up monetization
            </Anchor>
          </Text>
        )}
      </Stat>
      <Stat label="Content" icon={<IconLibrary size={20} />}>
        <Figure value={profile.contentCount} />
      </Stat>
    </SimpleGrid>
  );
}
