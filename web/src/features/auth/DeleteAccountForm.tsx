import { useState } from 'react';
import { Button, Checkbox, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useAuth } from './AuthProvider';

/**
 * Deleting one's own account (DELETE /api/user): what goes is said first, the password is asked
 * again and the person ticks that they understand; then this tab is signed out, and the page shows
 * the sign-in form as every path does signed out. The server refuses (409, said in the toast) what would take more than their own
 * things: the last admin, the owner of a school with members, a broadcast on air.
 */
export function DeleteAccountForm() {
  const { deleteAccount } = useAuth();
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const ready = password.length > 0 && understood;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) deleteAccount.mutate({ password });
      }}
    >
      <Stack>
        <Text size="sm">
          Deletes your account and everything only yours: your programmes with their recordings and files, your chat
          messages, votes, questions, rewards and devices. Payments you made stay on record without your name.
        </Text>
        <Checkbox label="I understand this cannot be undone" checked={understood} onChange={(e) => setUnderstood(e.currentTarget.checked)} />
        <PasswordInput
          label="Password to confirm"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" color="red" disabled={!ready || deleteAccount.isPending}>
            {deleteAccount.isPending ? 'Deleting...' : 'Delete My Account'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
