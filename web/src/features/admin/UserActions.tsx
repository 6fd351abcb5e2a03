/**
 * The actions on one account: verify, approve a pending creator request, suspend or reinstate, change
 * role, send a message. Suspension asks first: it ends the person's sessions and open connections.
 */
import { useState } from 'react';
import { ActionIcon, Button, Group, Menu, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconBan, IconCircleCheck, IconDots, IconMail, IconRosetteDiscountCheck, IconUserCog, IconUserStar } from '@tabler/icons-react';
import { ADMIN_MESSAGE_MAX_LENGTH, ROLES, type AdminUser, type Role } from '@onair/protocol';
import { toast, toastError } from '../../lib/toast';
import { useUserAction, type UserAction } from './queries';

type Dialog = 'role' | 'message' | 'suspend' | null;

const DONE: Record<UserAction['kind'], (name: string) => string> = {
  verify: (n) => `${n} is now verified.`,
  'approve-creator': (n) => `${n} is now a creator.`,
  suspend: (n) => `${n} is suspended and signed out everywhere.`,
  unsuspend: (n) => `${n} can sign in again.`,
  role: (n) => `${n}'s role was changed.`,
  message: (n) => `${n} will see it at once, or when they next sign in.`,
};

export function UserActions({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [role, setRole] = useState<Role>(user.role);
  const [text, setText] = useState('');
  const action = useUserAction();

  const run = (input: UserAction, after?: () => void) =>
    action.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Done', description: DONE[input.kind](user.username) });
        setDialog(null);
        after?.();
      },
      onError: toastError('Action failed'),
    });

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={`Actions for ${user.username}`} loading={action.isPending}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconRosetteDiscountCheck size={16} />} disabled={user.verified} onClick={() => run({ kind: 'verify', user })}>
            {user.verified ? 'Verified' : 'Verify user'}
          </Menu.Item>
          {user.creatorRequest === 'pending' && (
            <Menu.Item leftSection={<IconUserStar size={16} />} onClick={() => run({ kind: 'approve-creator', user })}>
              Approve creator request
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconUserCog size={16} />} disabled={isSelf} onClick={() => setDialog('role')}>
            Change role
          </Menu.Item>
          <Menu.Item leftSection={<IconMail size={16} />} onClick={() => setDialog('message')}>
            Send message
          </Menu.Item>
          <Menu.Divider />
          {user.status === 'suspended' ? (
            <Menu.Item leftSection={<IconCircleCheck size={16} />} onClick={() => run({ kind: 'unsuspend', user })}>
              Reinstate user
            </Menu.Item>
          ) : (
            <Menu.Item leftSection={<IconBan size={16} />} color="red" disabled={isSelf} onClick={() => setDialog('suspend')}>
              Suspend user
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>

      <Modal opened={dialog === 'role'} onClose={() => setDialog(null)} title={`Role of ${user.username}`}>
        <Stack>
          <Select label="Role" data={ROLES.map((r) => ({ value: r, label: r[0]!.toUpperCase() + r.slice(1) }))} value={role} onChange={(v) => v && setRole(v as Role)} allowDeselect={false} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button onClick={() => run({ kind: 'role', user, role })} loading={action.isPending} disabled={role === user.role}>
              Save role
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={dialog === 'message'} onClose={() => setDialog(null)} title={`Message to ${user.username}`}>
        <Stack>
          <Textarea
            label="Message"
            autosize
            minRows={3}
            maxLength={ADMIN_MESSAGE_MAX_LENGTH}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            description={`${text.length}/${ADMIN_MESSAGE_MAX_LENGTH} · delivered as a notification, kept until read`}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button onClick={() => run({ kind: 'message', user, text }, () => setText(''))} loading={action.isPending} disabled={!text.trim()}>
              Send message
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={dialog === 'suspend'} onClose={() => setDialog(null)} title={`Suspend ${user.username}?`}>
        <Stack>
          <Text size="sm">They are signed out everywhere at once, their open connections are closed, and they cannot sign in or chat until reinstated.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button color="red" onClick={() => run({ kind: 'suspend', user })} loading={action.isPending}>
              Suspend
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
