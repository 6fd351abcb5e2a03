/**
 * The route tree (spec §2), code-based: one file per route under src/routes/, assembled here. The
 * session guard lives on the root route (see routes/__root.tsx); role guards on their routes.
 */
import { createRouter } from '@tanstack/react-router';
import { NotFound, PageLoading } from '../features/shell/StatusScreens';
import { rootRoute } from '../routes/__root';
import { adminRoute } from '../routes/admin';
import { aiRoute } from '../routes/ai';
import { analyticsRoute } from '../routes/analytics';
import { authRoute } from '../routes/auth';
import { churchModeRoute } from '../routes/church-mode';
import { creatorRoute } from '../routes/creator';
import { creatorStudioRoute } from '../routes/creator-studio';
import { educationModeRoute } from '../routes/education-mode';
import { indexRoute } from '../routes/index';
import { interactionsRoute } from '../routes/interactions';
import { landingRoute } from '../routes/landing';
import { languagesRoute } from '../routes/languages';
import { mobileRoute } from '../routes/mobile';
import { monetizationRoute } from '../routes/monetization';
import { podcastSyndicationRoute } from '../routes/podcast-syndication';
import { satelliteRoute } from '../routes/satellite';
import { smartTvRoute } from '../routes/smart-tv';
import { voiceAssistantRoute } from '../routes/voice-assistant';
import { watchRoute } from '../routes/watch.$contentId';
import { churchRoute } from '../routes/church.$churchId';
import { invitationRoute } from '../routes/invitation.$token';
import { tvRoute } from '../routes/tv';

const routeTree = rootRoute.addChildren([
  authRoute,
  landingRoute,
  indexRoute,
  aiRoute,
  creatorStudioRoute,
  creatorRoute,
  analyticsRoute,
  adminRoute,
  satelliteRoute,
  mobileRoute,
  smartTvRoute,
  interactionsRoute,
  monetizationRoute,
  voiceAssistantRoute,
  podcastSyndicationRoute,
  educationModeRoute,
  churchModeRoute,
  languagesRoute,
  watchRoute,
  churchRoute,
  invitationRoute,
  tvRoute,
]);

export const router = createRouter({
  routeTree,
  defaultNotFoundComponent: () => <NotFound />,
  defaultPendingComponent: PageLoading,
  // Pages load their code on first visit; fetch it as soon as a link is hovered or focused.
  defaultPreload: 'intent',
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
