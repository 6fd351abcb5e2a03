import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AccountInvitation } from '@onair/protocol';
import { toast, toastError } from '../../lib/toast';
import { educationQueries, useAnswerInvitation } from './queries';

const describe = (invitation: AccountInvitation) =>
  `${invitation.invitedBy ?? 'A member of staff'} invited you to join ` +
  (invitation.role === 'pastor' ? `the pastoral team of ${invitation.institution.name}` : `${invitation.institution.name} as a ${invitation.role}`) +
  (invitation.courseTitle ? `, on the roster of ${invitation.courseTitle}.` : '.');

/**
 * Schools (or churches) asking this person to join: nobody becomes a teacher or student of a school
 * (with their name and email on its roster), or one of a church's leaders, without saying yes here.
 * Shown only while there is something to answer; a new invitation arrives with its notification (the
 * page reads again on each).
 */
export function AccountInvitations({ kind }: { kind: 'school' | 'church' }) {
  const invitations = useQuery({ ...educationQueries.myInvitations(), select: (list) => list.filter((i) => (i.institution.type === 'church') === (kind === 'church')) });
  const answer = useAnswerInvitation();

  if (!invitations.data?.length) return null;
  const respond = (invitation: AccountInvitation, accept: boolean) =>
    answer.mutate(
      { id: invitation.id, accept },
      {
        onSuccess: () =>
          toast(
            accept
              ? { title: 'Invitation Accepted', description: invitation.role === 'pastor' ? `You are on the pastoral team of ${invitation.institution.name}.` : `You are now a ${invitation.role} of ${invitation.institution.name}.` }
              : { title: 'Invitation Declined', description: `You did not join ${invitation.institution.name}.` },
          ),
        onError: toastError(accept ? 'Unable to join' : 'Unable to decline'),
      },
    );
  return (
    <Card withBorder data-testid="account-invitations">
      <Title order={2} size="h4" mb="sm">
        Invitations
      </Title>
      <Stack gap="sm">
        {invitations.data.map((invitation) => {
          const busy = answer.isPending && answer.variables?.id === invitation.id;
          return (
            <Group key={invitation.id} justify="space-between" wrap="wrap" data-testid="account-invitation">
              <div style={{ flex: '1 1 16rem' }}>
                <Text>{describe(invitation)}</Text>
                <Text size="xs" c="dimmed">
                  Answer by {new Date(invitation.expiresAt).toLocaleDateString()}; after that, ask them to invite you again.
                </Text>
              </div>
              <Group gap="xs">
                <Button size="xs" loading={busy && answer.variables?.accept} disabled={busy} onClick={() => respond(invitation, true)} aria-label={`Accept the invitation from ${invitation.institution.name}`}>
                  Accept
                </Button>
                <Button size="xs" variant="default" loading={busy && !answer.variables?.accept} disabled={busy} onClick={() => respond(invitation, false)} aria-label={`Decline the invitation from ${invitation.institution.name}`}>
                  Decline
                </Button>
              </Group>
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}
