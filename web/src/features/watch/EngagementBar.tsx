import { useEffect, useRef } from 'react';
import { Button, Group, Rating, Text, Tooltip } from '@mantine/core';
import { IconHeart, IconHeartFilled, IconShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { toast, toastError } from '../../lib/toast';
import { WatchMoneyControls } from '../monetization/WatchMoneyControls';
import { useEngagement, watchQueries } from './queries';

/** Copies the page's address; false where the browser refuses (no clipboard on plain http). */
async function copyLink(): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(window.location.href);
    return true;
  } catch {
    return false;
  }
}

/**
 * Like, rate and share one item. Likes and ratings feed recommendations and the admin's community
 * figures; sharing earns points once per item a day and completes the daily challenge.
 */
/** What a screen reader says for each of the rating's radios (Mantine names them "0"…"5"). */
const starsLabel = (value: number) => (value === 0 ? 'No rating' : `${value} ${value === 1 ? 'star' : 'stars'}`);

export function EngagementBar({ contentId, signedIn }: { contentId: number; signedIn: boolean }) {
  const engagement = useQuery(watchQueries.engagement(contentId));
  const { like, rate, share } = useEngagement(contentId);
  const shareButton = useRef<HTMLButtonElement>(null);
  // Share is disabled while it works, which drops the focus to the page: once it is enabled again
  // (after the render that ends its busy state, not before), the focus comes back to it.
  const wasSharing = useRef(false);
  useEffect(() => {
    if (wasSharing.current && !share.isPending) shareButton.current?.focus();
    wasSharing.current = share.isPending;
  }, [share.isPending]);
  if (!engagement.data) return null;
  const { liked, likes, myRating, avgRating, ratings } = engagement.data;

  const onShare = () =>
    share.mutate(undefined, {
      onSuccess: async () => {
        const copied = await copyLink();
        toast({ title: copied ? 'Link Copied' : 'Shared', description: copied ? 'The link to this page is on your clipboard.' : window.location.href });
      },
      onError: toastError('Share failed'),
    });

  return (
    <Group gap="lg" wrap="wrap">
      <Button
        variant={liked ? 'light' : 'default'}
        size="xs"
        leftSection={liked ? <IconHeartFilled size={16} /> : <IconHeart size={16} />}
        aria-pressed={liked}
        disabled={!signedIn}
        loading={like.isPending}
        onClick={() => like.mutate(!liked, { onError: toastError('Like failed') })}
      >
        {liked ? 'Liked' : 'Like'} · {likes.toLocaleString()}
      </Button>
      <Group gap={6}>
        <Tooltip label={myRating ? `You rated it ${myRating} of 5` : 'Rate it'} withArrow>
          <div>
            <Rating value={myRating ?? 0} onChange={(value) => rate.mutate(value, { onError: toastError('Rating failed') })} readOnly={!signedIn} aria-label="Your rating" getSymbolLabel={starsLabel} />
          </div>
        </Tooltip>
        <Text size="xs" c="dimmed" data-testid="rating-summary">
          {ratings > 0 ? `${avgRating.toFixed(1)} from ${ratings.toLocaleString()} ${ratings === 1 ? 'rating' : 'ratings'}` : 'No ratings yet'}
        </Text>
      </Group>
      <Button ref={shareButton} variant="default" size="xs" leftSection={<IconShare size={16} />} disabled={!signedIn} loading={share.isPending} onClick={onShare}>
        Share
      </Button>
      <WatchMoneyControls contentId={contentId} />
    </Group>
  );
}
