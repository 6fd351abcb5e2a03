import { Anchor, Badge, Group, Switch } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ContentAccess } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { toast, toastError } from '../../lib/toast';
import { useAuth } from '../auth/AuthProvider';
import { watchQueries } from '../watch/queries';
import { DonateButton } from './DonateButton';
import { monetizationQueries } from './queries';

/**
 * The watch page's money controls: Donate for the audience; for the item's creator (or an admin) a
 * switch that makes it subscribers-only; for those it locks out, a note and the way to subscribe.
 */
export function WatchMoneyControls({ contentId }: { contentId: number }) {
  const { user } = useAuth();
  const client = useQueryClient();
  const access = useQuery(monetizationQueries.access(contentId));
  const content = useQuery(watchQueries.content(contentId));
  const owner = content.data?.creatorId;
  const host = user !== null && (user.role === 'admin' || user.id === owner);
  const toggle = useMutation({
    mutationFn: (subscribersOnly: boolean) => apiRequest<ContentAccess>('PUT', `/api/content/${contentId}/access`, { subscribersOnly }),
    onSuccess: (next) => {
      client.setQueryData(monetizationQueries.access(contentId).queryKey, next);
      void client.invalidateQueries({ queryKey: watchQueries.content(contentId).queryKey });
      toast({ title: next.subscribersOnly ? 'Subscribers Only' : 'Open to Everyone', description: next.subscribersOnly ? 'Only paying members can watch and chat here now.' : 'Everyone can watch and chat here now.' });
    },
  });
  return (
    <Group gap="sm">
      <DonateButton contentId={contentId} />
      {host && access.data && (
        <Switch label="Subscribers only" checked={access.data.subscribersOnly} disabled={toggle.isPending} onChange={(e) => toggle.mutate(e.currentTarget.checked, { onError: toastError('Could not change access') })} />
      )}
      {!host && access.data?.subscribersOnly && (
        <Group gap={6}>
          <Badge color="grape" variant="light">
            Subscribers only
          </Badge>
          {!access.data.canWatch && (
            <Anchor component={Link} to="/monetization" size="sm">
              Subscribe to watch
            </Anchor>
          )}
        </Group>
      )}
    </Group>
  );
}
