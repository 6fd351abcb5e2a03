/**
 * The invitations a school or church is waiting on, under its Members list: who was asked (an address
 * by email, an account in the app), as what, by whom and until when; Withdraw for those within the
 * viewer's reach. Sending one again is inviting again, which replaces the old one.
 */
import { Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { removableBy, type PendingInvitation } from '@onair/protocol';
import { toast, toastError } from '../../lib/toast';
import { LoadError } from '../../components/LoadError';
import { useAuth } from '../auth/AuthProvider';
import type { MembershipPlace } from './membership-place';
import { educationQueries, useWithdrawInvitation } from './queries';

const ROLE_LABELS: Record<PendingInvitation['role'], string> = { teacher: 'Teacher', student: 'Student', pastor: 'Pastor' };
const day = (iso: string) => new Date(iso).toLocaleDateString();

export function PendingInvitations({ place }: { place: MembershipPlace }) {
  const { user } = useAuth();
  const invitations = useQuery(educationQueries.invitations(place.id));
  const withdraw = useWithdrawInvitation(place.id);
  const reach = removableBy(user?.role === 'admin', place.myRole);

  const withdrawOne = ({ kind, invitee }: PendingInvitation) =>
    withdraw.mutate(
      { kind, invitee },
      {
        onSuccess: () => toast({ title: 'Invitation Withdrawn', description: `${invitee} can no longer join ${place.name} with it.` }),
        onError: toastError('Update Failed'),
      },
    );

  return (
    <Stack gap="xs" data-testid="pending-invitations">
      <Title order={3} size="h5">
        Waiting for an answer
      </Title>
      {invitations.isPending && <Text c="dimmed">Loading invitations…</Text>}
      {invitations.isError && <LoadError error={invitations.error} retry={invitations.refetch} />}
      {invitations.data?.length === 0 && <Text c="dimmed">No invitations are waiting.</Text>}
      {invitations.data && invitations.data.length > 0 && (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label={`Invitations of ${place.name}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Invited</Table.Th>
                  <Table.Th>As</Table.Th>
                  <Table.Th>Sent</Table.Th>
                  <Table.Th>Answer by</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invitations.data.map((invitation) => (
                  <Table.Tr key={`${invitation.kind}:${invitation.invitee}`} data-testid={`invitation-${invitation.invitee}`}>
                    <Table.Td>
                      {invitation.invitee}
                      <Text size="xs" c="dimmed">
                        {invitation.kind === 'email' ? 'Link sent by email' : 'Asked in OnAir'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light">{ROLE_LABELS[invitation.role]}</Badge>
                      {invitation.courseTitle && <Text size="xs">{invitation.courseTitle}</Text>}
                    </Table.Td>
                    <Table.Td>
                      {day(invitation.sentAt)}
                      {invitation.invitedBy && (
                        <Text size="xs" c="dimmed">
                          by {invitation.invitedBy}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{invitation.expired ? <Badge color="orange.9" variant="light">Expired {day(invitation.expiresAt)}</Badge> : day(invitation.expiresAt)}</Table.Td>
                    <Table.Td>
                      {reach.includes(invitation.role) && (
                        <Button
                          size="compact-xs"
                          variant="light"
                          color="red"
                          aria-label={`Withdraw the invitation to ${invitation.invitee}`}
                          loading={withdraw.isPending && withdraw.variables?.invitee === invitation.invitee}
                          onClick={() => withdrawOne(invitation)}
                        >
                          Withdraw
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="dimmed">
            To send one again, invite the address or the account again: the new invitation replaces the old one.
          </Text>
        </>
      )}
    </Stack>
  );
}
