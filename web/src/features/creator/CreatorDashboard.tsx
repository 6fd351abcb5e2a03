import { LoadError } from '../../components/LoadError';
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBroadcast, IconChartBar, IconCash, IconFiles, IconHome, IconInfoCircle, IconLanguage, IconPlus, IconSatellite, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LIST_LIMITS } from '@onair/protocol/constants';
import type { Content, CreatorProfile, CreatorStatus } from '@onair/protocol';
import { AnalyticsView } from '../analytics/AnalyticsView';
import { publicQueries } from '../public/queries';
import { MultiLanguageManager } from '../translation/MultiLanguageManager';
import { SatelliteReceivers } from '../satellite/SatelliteReceivers';
import { ContentList } from './ContentList';
import { CreateContentDialog } from './CreateContentDialog';
import { EditContentDialog } from './EditContentDialog';
import { DeleteContentDialog } from './DeleteContentDialog';
import { CreatorStats } from './CreatorStats';
import { ProfileSetupCard } from './ProfileSetupCard';
import { CreatorMonetizationTab } from '../monetization/CreatorMonetizationTab';
import { creatorQueries } from './queries';
import { UploadDialog } from './UploadDialog';

function Dashboard({ profile, status }: { profile: CreatorProfile; status: CreatorStatus }) {
  const [creating, setCreating] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<Content | null>(null);
  const [deleting, setDeleting] = useState<Content | null>(null);
  const content = useQuery(creatorQueries.content(profile.userId));
  const approved = status === 'approved';
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Group gap="xs">
            <Title order={1} size="h2">{profile.displayName}</Title>
            <Badge variant="light">@{profile.handle}</Badge>
          </Group>
          {profile.bio && <Text c="dimmed">{profile.bio}</Text>}
        </div>
        {approved && (
          <Group>
            <Button variant="default" component={Link} to="/creator-studio" leftSection={<IconBroadcast size={16} />}>
              Creator Studio
            </Button>
            <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setUploading(true)}>
              Upload Media
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Create Content
            </Button>
          </Group>
        )}
      </Group>
      {status === 'pending' && (
        <Alert icon={<IconInfoCircle size={16} />} title="Creator status requested">
          An administrator is reviewing your request. Creator Studio and content creation open once it is approved.
        </Alert>
      )}
      <CreatorStats profile={profile} />
      <Tabs defaultValue="overview" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview" leftSection={<IconHome size={16} />}>Overview</Tabs.Tab>
          <Tabs.Tab value="content" leftSection={<IconFiles size={16} />}>Content</Tabs.Tab>
          <Tabs.Tab value="analytics" leftSection={<IconChartBar size={16} />}>Analytics</Tabs.Tab>
          <Tabs.Tab value="satellite" leftSection={<IconSatellite size={16} />}>Satellite</Tabs.Tab>
          <Tabs.Tab value="languages" leftSection={<IconLanguage size={16} />}>Languages</Tabs.Tab>
          <Tabs.Tab value="monetization" leftSection={<IconCash size={16} />}>Monetization</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Card withBorder radius="md">
              <Title order={2} size="h4" mb="sm">
                Recent Content
              </Title>
              <ContentList items={content.data} loading={content.isPending} limit={LIST_LIMITS.recentContent} empty="No content yet. Create your first item." />
            </Card>
            <Card withBorder radius="md">
              <Title order={2} size="h4" mb="sm">
                Quick actions
              </Title>
              <Stack gap="xs" align="flex-start">
                <Anchor component={Link} to="/creator-studio">Go live from Creator Studio</Anchor>
                <Anchor component={Link} to="/analytics">See who watches</Anchor>
                <Anchor component={Link} to="/podcast-syndication">Distribute podcasts</Anchor>
                <Anchor component={Link} to="/interactions">Chat and polls with your audience</Anchor>
              </Stack>
            </Card>
          </SimpleGrid>
        </Tabs.Panel>
        <Tabs.Panel value="content" pt="md">
          <ContentList items={content.data} loading={content.isPending} empty="No content yet. Create your first item." onEdit={approved ? setEditing : undefined} onDelete={approved ? setDeleting : undefined} />
        </Tabs.Panel>
        <Tabs.Panel value="analytics" pt="md">
          <AnalyticsView emptyText="Nobody has watched your content yet." />
        </Tabs.Panel>
        <Tabs.Panel value="satellite" pt="md">
          <SatelliteReceivers />
        </Tabs.Panel>
        <Tabs.Panel value="languages" pt="md">
          <MultiLanguageManager />
        </Tabs.Panel>
        <Tabs.Panel value="monetization" pt="md">
          <CreatorMonetizationTab />
        </Tabs.Panel>
      </Tabs>
      {approved && <CreateContentDialog opened={creating} onClose={() => setCreating(false)} creatorId={profile.userId} />}
      {approved && <UploadDialog opened={uploading} onClose={() => setUploading(false)} creatorId={profile.userId} />}
      {approved && editing && <EditContentDialog key={editing.id} item={editing} onClose={() => setEditing(null)} creatorId={profile.userId} />}
      {approved && deleting && <DeleteContentDialog key={deleting.id} item={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}

/** /creator: the setup card until a profile exists, then the dashboard (spec §2). */
export function CreatorDashboard() {
  const state = useQuery(creatorQueries.state());
  const config = useQuery(publicQueries.config());
  if (state.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader />
      </Group>
    );
  }
  if (state.isError) return <LoadError error={state.error} retry={state.refetch} />;
  if (!state.data.profile) return <ProfileSetupCard selfServe={config.data?.creatorSelfServe} />;
  return <Dashboard profile={state.data.profile} status={state.data.creatorStatus} />;
}
