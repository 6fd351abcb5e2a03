import { Stack, Text, Title } from '@mantine/core';
import { useAuth } from '../auth/AuthProvider';
import { SatelliteReceivers } from './SatelliteReceivers';

/** /satellite: your receivers (every receiver, for admins). */
export function SatellitePage() {
  const { user } = useAuth();
  const admin = user?.role === 'admin';
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">Satellite</Title>
        <Text c="dimmed">{admin ? 'Every registered receiver, by region.' : 'Register your satellite receivers and follow their status by region.'}</Text>
      </div>
      <SatelliteReceivers showOwner={admin} />
    </Stack>
  );
}
