/**
 * /invitation/{token}: the invited person sees which institution invited them and with what role, then
 * signs in or creates an account (or, for an account made by a class import, chooses its password) and
 * joins. Signed out, this screen stands alone; signed in, it sits in the app shell with a Join button.
 */
import { useState } from 'react';
import { Anchor, Button, Card, Container, PasswordInput, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { Institution, InvitationView } from '@onair/protocol';
import { Brand } from '../../components/Brand';
import { apiRequest } from '../../lib/api';
import { toast, toastError } from '../../lib/toast';
import { SignInForm, SignUpForm } from '../auth/AuthForms';
import { USER_QUERY_KEY, useAuth } from '../auth/AuthProvider';

const article = (role: string) => (/^[aeiou]/.test(role) ? 'an' : 'a');

export function InvitationPage({ token }: { token: string }) {
  const { user } = useAuth();
  const client = useQueryClient();
  const navigate = useNavigate();
  const invitation = useQuery({
    queryKey: ['/api/education-invitations', token],
    queryFn: () => apiRequest<InvitationView>('GET', `/api/education-invitations/${encodeURIComponent(token)}`),
    retry: false,
  });
  const join = useMutation({
    mutationFn: () => apiRequest<Institution>('POST', `/api/education-invitations/${encodeURIComponent(token)}/join`),
    onSuccess: (institution) => {
      toast({ title: 'Invitation Accepted', description: `Welcome to ${institution.name}!` });
      void client.invalidateQueries({ queryKey: ['/api/education-institutions'] });
      void navigate({ to: '/education-mode' });
    },
    onError: toastError('Invitation Failed'),
  });
  const choosePassword = useMutation({
    mutationFn: (password: string) => apiRequest<{ username: string }>('POST', '/api/education-invitations/accept', { token, password }),
    onSuccess: ({ username }) => {
      toast({ title: 'Invitation Accepted', description: `You are signed in as ${username}.` });
      void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
      void navigate({ to: '/education-mode' });
    },
    onError: toastError('Invitation Failed'),
  });
  const [password, setPassword] = useState('');
  const [tab, setTab] = useState<string | null>(null);

  const body = (() => {
    if (invitation.isPending) return <Text c="dimmed">Loading the invitation…</Text>;
    if (invitation.isError) return <Text c="red">This invitation is unknown or has already been used. Ask whoever invited you for a new one.</Text>;
    const { institution, role, email, placeholderUsername, accepted, expired, expiresAt } = invitation.data;
    const heading = (
      <>
        <Title order={1} size="h3">Join {institution.name}</Title>
        <Text>
          You are invited as {article(role)} <b>{role}</b>
          {email ? ` (${email})` : ''}.
        </Text>
      </>
    );
    if (accepted) {
      return (
        <>
          {heading}
          <Text c="dimmed">This invitation has been accepted.</Text>
          {user && (
            <Anchor component={Link} to="/education-mode">
              Open Education Mode
            </Anchor>
          )}
        </>
      );
    }
    if (expired) {
      return (
        <>
          {heading}
          <Text c="red" data-testid="invitation-expired">
            This invitation expired on {new Date(expiresAt).toLocaleDateString(undefined, { dateStyle: 'long' })}.{' '}
            {placeholderUsername ? `Ask ${institution.name} for a new link.` : `Ask ${institution.name} to invite you again.`}
          </Text>
        </>
      );
    }
    if (user) {
      return (
        <>
          {heading}
          <Text size="sm" c="dimmed">
            You are signed in as {user.username}; joining links this account to {institution.name}.
          </Text>
          <Button onClick={() => join.mutate()} loading={join.isPending}>
            Join {institution.name}
          </Button>
        </>
      );
    }
    const first = placeholderUsername ? 'password' : 'signup';
    return (
      <>
        {heading}
        <Tabs value={tab ?? first} onChange={setTab} keepMounted={false}>
          <Tabs.List grow>
            {placeholderUsername && <Tabs.Tab value="password">Choose a password</Tabs.Tab>}
            <Tabs.Tab value="signup">Create account</Tabs.Tab>
            <Tabs.Tab value="signin">I have an account</Tabs.Tab>
          </Tabs.List>
          {placeholderUsername && (
            <Tabs.Panel value="password" pt="md">
              <Stack>
                <Text size="sm">
                  An account <b>{placeholderUsername}</b> was made for you. Choose its password to sign in.
                </Text>
                <PasswordInput label="New password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
                <Button disabled={password.length < 6} loading={choosePassword.isPending} onClick={() => choosePassword.mutate(password)}>
                  Set Password and Join
                </Button>
              </Stack>
            </Tabs.Panel>
          )}
          <Tabs.Panel value="signup" pt="md">
            <SignUpForm defaultEmail={email ?? ''} onDone={() => undefined} />
          </Tabs.Panel>
          <Tabs.Panel value="signin" pt="md">
            <SignInForm prefill={null} onDone={() => undefined} />
          </Tabs.Panel>
        </Tabs>
        <Text size="xs" c="dimmed">
          After signing in you join with one click.
        </Text>
      </>
    );
  })();

  return (
    <Container size="xs" py="xl">
      <Card withBorder radius="lg" padding="xl" data-testid="invitation">
        <Stack>
          {!user && <Brand size="lg" />}
          {body}
        </Stack>
      </Card>
    </Container>
  );
}
