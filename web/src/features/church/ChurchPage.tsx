import { useState } from 'react';
import { Badge, Button, Card, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAuth } from '../auth/AuthProvider';
import { useRefreshOnNotification } from '../../lib/live';
import { toast, toastError } from '../../lib/toast';
import { NotFound } from '../shell/StatusScreens';
import { LeaveButton, MembersDialog } from '../education/MembersDialog';
import { GivingCard } from './GivingCard';
import { PrayerWall } from './PrayerWall';
import { SermonsCard } from './SermonsCard';
import { ServicesCard } from './ServicesCard';
import { churchQueries, useChurchActions } from './queries';

/** /church/$churchId: a congregation's home — schedule, the live service with the prayer wall beside it, sermons, giving. */
export function ChurchPage({ churchId }: { churchId: number }) {
  const { user } = useAuth();
  const page = useQuery(churchQueries.page(churchId));
  // The team grows when someone accepts the owner's invitation, which the owner hears as a notification.
  useRefreshOnNotification([churchQueries.page(churchId).queryKey]);
  const actions = useChurchActions(churchId);
  const [pastor, setPastor] = useState('');
  const [membersOpen, setMembersOpen] = useState(false);
  if (page.isError) {
    return page.error.message.startsWith('404') ? (
      <NotFound message="There is no church at this address: it may have been removed, or the link is mistyped." />
    ) : (
      <Text c="red">{page.error.message}</Text>
    );
  }
  if (!page.data) return <Text c="dimmed">Loading…</Text>;
  const { church, live } = page.data;
  const team = user?.role === 'admin' || church.myRole === 'owner' || church.myRole === 'pastor';
  const place = { id: church.id, name: church.name, type: 'church' as const, myRole: church.myRole };
  // Asking someone onto the team invites them; the page names them once they accept.
  const addToTeam = () =>
    actions.addTeam.mutate(pastor, {
      onSuccess: (updated) => {
        const onTeam = updated.team.some((t) => t.username.toLowerCase() === pastor.trim().toLowerCase());
        toast(onTeam ? { title: 'Team Updated', description: `${pastor.trim()} is on the pastoral team.` } : { title: 'Invitation Sent', description: `${pastor.trim()} joins the pastoral team once they accept.` });
        setPastor('');
      },
      onError: toastError('Update Failed'),
    });
  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={1} size="h2">{church.name}</Title>
          <Text c="dimmed">
            {church.members} members · led by {page.data.team.map((t) => t.username).join(', ')}
          </Text>
        </div>
        <Group gap="xs">
          {church.myRole === null ? (
            <Button onClick={() => actions.join.mutate(undefined, { onSuccess: () => toast({ title: 'Welcome!', description: `You joined ${church.name}.` }), onError: toastError('Join Failed') })}>Join</Button>
          ) : (
            <Badge variant="light">{church.myRole === 'owner' ? 'Owner' : church.myRole === 'pastor' ? 'Pastoral team' : 'Member'}</Badge>
          )}
          {team && (
            <Button size="xs" variant="light" aria-label={`Members of ${church.name}`} onClick={() => setMembersOpen(true)}>
              Members
            </Button>
          )}
          <LeaveButton place={place} />
        </Group>
        {team && <MembersDialog place={place} opened={membersOpen} onClose={() => setMembersOpen(false)} />}
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <Card withBorder data-testid="live-service">
              {live ? (
                <Group justify="space-between">
                  <Text fw={600}>
                    <Badge color="brand" mr="xs">LIVE</Badge>
                    {live.title}
                  </Text>
                  <Link to="/watch/$contentId" params={{ contentId: String(live.contentId) }}>
                    Watch the service
                  </Link>
                </Group>
              ) : (
                <Text c="dimmed">No service is live right now.</Text>
              )}
            </Card>
            <ServicesCard page={page.data} team={team} />
            <SermonsCard churchId={churchId} team={team} />
            {church.myRole === 'owner' && (
              <Card withBorder>
                <Title order={3} size="h5" mb="xs">
                  Pastoral team
                </Title>
                <Group align="flex-end">
                  <TextInput size="xs" label="Username" value={pastor} onChange={(e) => setPastor(e.currentTarget.value)} />
                  <Button size="xs" disabled={!pastor.trim()} loading={actions.addTeam.isPending} onClick={addToTeam}>
                    Add to team
                  </Button>
                </Group>
              </Card>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <PrayerWall churchId={churchId} team={team} />
            <GivingCard churchId={churchId} churchName={church.name} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
