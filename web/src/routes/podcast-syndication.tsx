import { createRoute } from '@tanstack/react-router';
import { ComingSoon } from '../features/shell/StatusScreens';
import { rootRoute } from './__root';

function PodcastSyndication() {
  return (
    <ComingSoon
      title="Podcast Sync"
      description="Publish your radio shows and podcasts everywhere listeners are."
      plans={[
        'Distribute episodes to Spotify, Apple Podcasts, Google Podcasts and Anchor',
        'Sync status per platform, with one-click re-sync',
        'Each platform’s requirements and setup steps',
      ]}
    />
  );
}

export const podcastSyndicationRoute = createRoute({ getParentRoute: () => rootRoute, path: '/podcast-syndication', component: PodcastSyndication });
