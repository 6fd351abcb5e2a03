/**
 * The invitations a school or church is waiting on, under its Members list: who was asked (an address
 * by email, an account in the app), as what, by whom and until when; Resend and Withdraw for those
 * within the viewer's reach. Resending mails a new link (the old one stops working) or asks the
 * account again, each with a new answer-by date; when no mail server took it, the new link shows here.
 */
import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { removableBy, type PendingInvitation } from '@onair/protocol';
import { toast, toastError } from '../../lib/toast';
import { LoadError } from '../../components/LoadError';
import { useAuth } from '../auth/AuthProvider';
import type { MembershipPlace } from './membership-place';
import { educationQueries, useResendInvitation, useWithdrawInvitation } from './queries';

const ROLE_LABELS: Record<PendingInvitation['role'], string> = { teacher: 'Teacher', student: 'Student', pastor: 'Pastor' };
const day = (iso: string) => new Date(iso).toLocaleDateString();

export function PendingInvitations({ place }: { place: MembershipPlace }) {
  const { user } = useAuth();
  const invitations = useQuery(educationQueries.invitations(place.id));
  const withdraw = useWithdrawInvitation(place.id);
  const resend = useResendInvitation(place.id);
  /** A resent link to pass on by hand, when no mail server took it. */
  const [handLink, setHandLink] = useState<{ invitee: string; link: string } | null>(null);
  const reach = removableBy(user?.role === 'admin', place.myRole);

  const withdrawOne = ({ kind, invitee }: PendingInvitation) =>
    withdraw.mutate(
      { kind, invitee },
      {
        onSuccess: () =>
          toast({
            title: 'Invitation Withdrawn',
            description: kind === 'account' ? `${invitee} can no longer join ${place.name} with it, and is told so.` : `${invitee} can no longer join ${place.name} with it.`,
          }),
        onError: toastError('Update Failed'),
      },
    );

  const resendOne = ({ kind, invitee }: PendingInvitation) =>
    resend.mutate(
      { kind, invitee },
      {
        onSuccess: ({ delivered, link, expiresAt }) => {
          setHandLink(link ? { invitee, link } : null);
          const description =
            kind === 'account'
              ? `${invitee} is asked again, until ${day(expiresAt)}.`
              : delivered
                ? `A new invitation is on its way to ${invitee}; the old link no longer works.`
                : `The email was not sent (no mail server took it): send ${invitee} the new link below.`;
          toast({ title: 'Invitation Sent', description });
        },
        onError: toastError('Invitation Failed'),
      },
    );
  const actions = [
    // The brand colour is a red too: Resend is drawn plain, so only Withdraw reads as the warning.
    { label: 'Resend', variant: 'default', color: undefined, mutation: resend, run: resendOne },
    { label: 'Withdraw', variant: 'light', color: 'red', mutation: withdraw, run: withdrawOne },
  ];

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
                        <Group gap="xs" wrap="nowrap">
                          {actions.map(({ label, variant, color, mutation, run }) => (
                            <Button
                              key={label}
                              size="compact-xs"
                              variant={variant}
                              color={color}
                              aria-label={`${label} the invitation to ${invitation.invitee}`}
                              loading={mutation.isPending && mutation.variables?.invitee === invitation.invitee}
                              onClick={() => run(invitation)}
                            >
                              {label}
                            </Button>
                          ))}
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {handLink && (
            <Text size="sm" data-testid="resent-invitation-link">
              New link for {handLink.invitee}: {handLink.link}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
