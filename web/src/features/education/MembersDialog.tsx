import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { removableBy, successorRole, type InstitutionRole, type Member } from '@onair/protocol';
import { LoadError } from '../../components/LoadError';
import { useAuth } from '../auth/AuthProvider';
import { toast, toastError } from '../../lib/toast';
import type { MembershipPlace } from './membership-place';
import { PendingInvitations } from './PendingInvitations';
import { educationQueries, MEMBERS_PAGE_SIZE, useHandOver, useNewImportLink, useRemoveMember } from './queries';

const ROLE_LABELS: Record<InstitutionRole, string> = { owner: 'Owner', teacher: 'Teacher', student: 'Student', pastor: 'Pastor', member: 'Member' };
const displayName = (m: Member) => (m.firstName || m.lastName ? `${[m.firstName, m.lastName].filter(Boolean).join(' ')} (${m.username})` : m.username);

type Pending = { action: 'remove' | 'handOver'; member: Member };

/** Whether the sign-in link of an account that has not chosen its password still works (New link makes another). */
function linkState({ linkExpiresAt }: Member, now = Date.now()) {
  if (!linkExpiresAt) return ': no working link';
  const day = new Date(linkExpiresAt).toLocaleDateString();
  return Date.parse(linkExpiresAt) <= now ? `: its link expired ${day}` : `; its link works until ${day}`;
}

/**
 * The staff's list of members: removing someone within one's reach and, for the owner, handing the
 * place over. The server sends a page at a time and does the finding, so a school of thousands opens
 * as fast as a small one.
 */
export function MembersDialog({ place, opened, onClose }: { place: MembershipPlace; opened: boolean; onClose: () => void }) {
  const { user } = useAuth();
  const [find, setFind] = useState('');
  const [search] = useDebouncedValue(find.trim(), 300);
  // The list shown stays while the next search is read, so typing does not blank it.
  const members = useInfiniteQuery({ ...educationQueries.members(place.id, search), enabled: opened, placeholderData: keepPreviousData });
  const remove = useRemoveMember(place.id);
  const handOver = useHandOver(place.id);
  const newLink = useNewImportLink(place.id);
  /** A new sign-in link to pass on by hand, when no mail server took it. */
  const [handLink, setHandLink] = useState<{ username: string; link: string } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  // The confirmation sits above the list: brought into view, with its button focused for the keyboard.
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!pending) return;
    confirmButton.current?.scrollIntoView({ block: 'nearest' });
    confirmButton.current?.focus();
  }, [pending]);
  const pages = members.data?.pages ?? [];
  const shown = pages.flatMap((page) => page.members);
  // The last page read is the freshest count (a removal reads every page again).
  const total = pages.at(-1)?.total ?? 0;
  // The search the list on screen answers (not one still being read).
  const searched = members.data && !members.isPlaceholderData ? search : null;
  const admin = user?.role === 'admin';
  const reach = removableBy(admin, place.myRole);
  const mayHandOver = admin || place.myRole === 'owner';
  const staff = admin || (place.myRole !== null && place.myRole !== 'student' && place.myRole !== 'member');
  const successor = successorRole(place.type);
  const church = place.type === 'church';

  const confirm = () => {
    if (!pending) return;
    const { member } = pending;
    const done = () => setPending(null);
    if (pending.action === 'remove') {
      remove.mutate(member.userId, {
        onSuccess: () => toast({ title: 'Member Removed', description: `${member.username} is no longer a member of ${place.name}.` }),
        onError: toastError('Update Failed'),
        onSettled: done,
      });
    } else {
      handOver.mutate(member.userId, {
        onSuccess: () => toast({ title: 'Ownership Handed Over', description: `${member.username} owns ${place.name} now.` }),
        onError: toastError('Update Failed'),
        onSettled: done,
      });
    }
  };

  const sendLink = (member: Member) =>
    newLink.mutate(member.userId, {
      onSuccess: ({ delivered, link }) => {
        setHandLink(link ? { username: member.username, link } : null);
        toast({
          title: 'Invitation Sent',
          description: delivered ? `A new link is on its way to ${member.email}; the old one no longer works.` : `The email was not sent (no mail server took it): send ${member.username} the new link below; the old one no longer works.`,
        });
      },
      onError: toastError('Invitation Failed'),
    });

  return (
    <Modal opened={opened} onClose={onClose} title={`Members of ${place.name}`} size="xl">
      <Stack>
        {members.isPending && <Text c="dimmed">Loading members…</Text>}
        {members.isError && <LoadError error={members.error} retry={members.refetch} />}
        {pending && (
          <Alert color={pending.action === 'remove' ? 'red' : 'blue'} data-testid="member-confirm">
            <Text size="sm" mb="xs">
              {pending.action === 'remove'
                ? `Remove ${pending.member.username} from ${place.name}? They lose their place${church ? '' : ' and their class rosters'} here and are told so.`
                : `Make ${pending.member.username} the owner of ${place.name}? They take over its ${church ? 'team' : 'domain, plan and staff'}; ${admin && place.myRole !== 'owner' ? 'the owner stays' : 'you stay'} on as ${successor === 'pastor' ? 'a pastor' : 'a teacher'}. A paid plan renews on their default payment method.`}
            </Text>
            <Group gap="xs">
              <Button ref={confirmButton} size="xs" color={pending.action === 'remove' ? 'red' : undefined} loading={remove.isPending || handOver.isPending} onClick={confirm}>
                {pending.action === 'remove' ? 'Remove' : 'Make owner'}
              </Button>
              <Button size="xs" variant="default" onClick={() => setPending(null)}>
                Cancel
              </Button>
            </Group>
          </Alert>
        )}
        {members.data && (total > 1 || find !== '' || search !== '') && (
          <TextInput label="Find a member" placeholder="Name, username or email" value={find} onChange={(e) => setFind(e.currentTarget.value)} />
        )}
        {searched && shown.length === 0 && <Text c="dimmed">No member matches “{searched}”.</Text>}
        {members.data && shown.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table data-testid="members-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Joined</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((m) => {
                  const removable = m.userId !== user?.id && reach.includes(m.role);
                  const heir = mayHandOver && m.role === successor && m.accepted;
                  return (
                    <Table.Tr key={m.userId} data-testid={`member-${m.username}`}>
                      <Table.Td>
                        {displayName(m)}
                        {!m.accepted && (
                          <Text size="xs" c="dimmed" data-testid="member-link-state">
                            Has not chosen a password yet{linkState(m)}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light">{ROLE_LABELS[m.role]}</Badge>
                      </Table.Td>
                      <Table.Td>{new Date(m.joinedAt).toLocaleDateString()}</Table.Td>
                      <Table.Td>
                        <Group gap="xs">
                          {heir && (
                            <Button size="compact-xs" variant="light" aria-label={`Make ${m.username} the owner`} onClick={() => setPending({ action: 'handOver', member: m })}>
                              Make owner
                            </Button>
                          )}
                          {removable && !m.accepted && (
                            <Button
                              size="compact-xs"
                              variant="default"
                              aria-label={`Send ${m.username} a new sign-in link`}
                              loading={newLink.isPending && newLink.variables === m.userId}
                              onClick={() => sendLink(m)}
                            >
                              New link
                            </Button>
                          )}
                          {removable && (
                            <Button size="compact-xs" variant="light" color="red" aria-label={`Remove ${m.username}`} onClick={() => setPending({ action: 'remove', member: m })}>
                              Remove
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {handLink && (
          <Text size="sm" data-testid="member-link">
            New link for {handLink.username}: {handLink.link}
          </Text>
        )}
        {members.hasNextPage && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Showing {shown.length} of {total}: Find narrows the list
            </Text>
            <Button size="xs" variant="light" loading={members.isFetchingNextPage} onClick={() => void members.fetchNextPage()}>
              Show {Math.min(MEMBERS_PAGE_SIZE, total - shown.length)} more
            </Button>
          </Group>
        )}
        {staff && <PendingInvitations place={place} />}
      </Stack>
    </Modal>
  );
}

/** A member (not the owner) leaves a school or church, after saying so. */
export function LeaveButton({ place }: { place: MembershipPlace }) {
  const { user } = useAuth();
  const leave = useRemoveMember(place.id);
  const [asking, setAsking] = useState(false);
  const church = place.type === 'church';
  if (!user || place.myRole === null || place.myRole === 'owner') return null;
  return (
    <>
      <Button size="xs" variant="default" aria-label={`Leave ${place.name}`} onClick={() => setAsking(true)}>
        Leave
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title={`Leave ${place.name}?`}>
        <Text size="sm" mb="md">
          {church
            ? 'You stop being a member of this church; you can join again from its page.'
            : 'You lose your place and your class rosters here; to come back, you need a new invitation.'}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setAsking(false)}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={leave.isPending}
            onClick={() =>
              leave.mutate(user.id, {
                onSuccess: () => {
                  setAsking(false);
                  toast({ title: 'Membership Ended', description: `You left ${place.name}.` });
                },
                onError: toastError('Update Failed'),
              })
            }
          >
            Leave {place.name}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
