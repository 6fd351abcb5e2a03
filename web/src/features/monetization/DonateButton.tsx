import { useState } from 'react';
import { Button, Modal, Text } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth/AuthProvider';
import { watchQueries } from '../watch/queries';
import { DonateForm } from './DonateForm';

/** The watch page's Donate button: to the real creator of the item being watched. */
export function DonateButton({ contentId }: { contentId: number }) {
  const { user } = useAuth();
  const content = useQuery(watchQueries.content(contentId));
  const [open, setOpen] = useState(false);
  const creatorId = content.data?.creatorId ?? null;
  if (!user || creatorId === null || creatorId === user.id) return null;
  return (
    <>
      <Button variant="default" size="xs" leftSection={<IconCoin size={16} />} onClick={() => setOpen(true)}>
        Donate
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Support ${content.data?.creatorName ?? 'the creator'}`}>
        <Text size="sm" c="dimmed" mb="sm">
          Your donation goes to the creator of this show, less the platform fee.
        </Text>
        <DonateForm creatorId={creatorId} contentId={contentId} onSent={() => setOpen(false)} />
      </Modal>
    </>
  );
}
