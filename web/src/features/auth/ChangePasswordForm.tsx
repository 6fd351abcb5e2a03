import { useState } from 'react';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PASSWORD_MIN_LENGTH } from '@onair/protocol/constants';
import type { ChangePasswordRequest, User } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { reconnectSocket } from '../../lib/socket';
import { toast, toastError } from '../../lib/toast';
import { SESSION_MUTATION_KEY, USER_QUERY_KEY } from './queries';

/**
 * Changing the password (POST /api/auth/password). The server ends every other session of the
 * account and rotates this one, so this tab's live connection is reopened with the new session;
 * failures show the server's message under the spec's "Update Failed" title.
 */
export function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const client = useQueryClient();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const change = useMutation({
    // Marks the rotation in progress, so that its own cut socket and refused reads do not sign this tab out.
    mutationKey: SESSION_MUTATION_KEY,
    mutationFn: (input: ChangePasswordRequest) => apiRequest<User>('POST', '/api/auth/password', input),
    onSuccess: (user) => {
      client.setQueryData(USER_QUERY_KEY, user);
      reconnectSocket();
      toast({ title: 'Password Changed', description: 'Your other sessions have been signed out.' });
      setCurrentPassword('');
      setNewPassword('');
      onClose();
    },
    onError: toastError('Update Failed'),
  });
  const ready = currentPassword.length > 0 && newPassword.length >= PASSWORD_MIN_LENGTH;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) change.mutate({ currentPassword, newPassword });
      }}
    >
      <Stack>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.currentTarget.value)}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          value={newPassword}
          onChange={(e) => setNewPassword(e.currentTarget.value)}
        />
        <Text size="xs" c="dimmed">
          At least {PASSWORD_MIN_LENGTH} characters. Every other device signed in to this account will be signed out.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready || change.isPending}>
            {change.isPending ? 'Saving...' : 'Change Password'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
