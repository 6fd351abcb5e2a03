import { useState, type FormEvent } from 'react';
import { Button, Card, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { CREATOR_BIO_MAX_LENGTH, CREATOR_HANDLE } from '@onair/protocol';
import { toast, toastError } from '../../lib/toast';
import { useSaveProfile } from './queries';

/** Shown until the person has a creator profile (spec §4). */
export function ProfileSetupCard({ selfServe }: { selfServe: boolean | undefined }) {
  const save = useSaveProfile();
  const [handle, setHandle] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [bio, setBio] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { handle, displayName, bio: bio || null },
      {
        onSuccess: (state) =>
          toast({
            title: 'Creator Profile Created',
            description:
              state.creatorStatus === 'approved'
                ? 'Your creator tools are ready.'
                : 'An administrator will review your request for creator status.',
          }),
        onError: toastError('Setup Failed'),
      },
    );
  };

  return (
    <Card withBorder radius="lg" padding="xl" maw={560} mx="auto">
      <form onSubmit={submit}>
        <Stack>
          <div>
            <Title order={1} size="h2">Set up your creator profile</Title>
            <Text c="dimmed" size="sm">
              {selfServe === false
                ? 'Your profile goes to an administrator, who grants creator status.'
                : 'Creating a profile gives you creator status and opens Creator Studio.'}
            </Text>
          </div>
          <TextInput
            label="Handle"
            description={`${CREATOR_HANDLE.min}–${CREATOR_HANDLE.max} lowercase letters, digits or dashes`}
            placeholder="my-station"
            required
            value={handle}
            onChange={(e) => setHandle(e.currentTarget.value)}
            maxLength={CREATOR_HANDLE.max}
          />
          <TextInput label="Display name" placeholder="My Station" required value={displayName} onChange={(e) => setDisplayName(e.currentTarget.value)} />
          <Textarea
            label="Bio"
            placeholder="What do you broadcast?"
            autosize
            minRows={3}
            maxLength={CREATOR_BIO_MAX_LENGTH}
            value={bio}
            onChange={(e) => setBio(e.currentTarget.value)}
          />
          <Button type="submit" loading={save.isPending} disabled={!handle.trim() || !displayName.trim()}>
            Create Profile
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
