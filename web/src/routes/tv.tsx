import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

// The TV screen renders outside the app shell and needs no sign-in (the root route lets /tv through).
const TvPage = lazyRouteComponent(() => import('../features/smart-tv/TvPage'), 'TvPage');

export const tvRoute = createRoute({ getParentRoute: () => rootRoute, path: '/tv', component: TvPage });
