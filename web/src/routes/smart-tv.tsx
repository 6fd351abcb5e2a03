import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

const SmartTvPage = lazyRouteComponent(() => import('../features/smart-tv/SmartTvPage'), 'SmartTvPage');

export const smartTvRoute = createRoute({ getParentRoute: () => rootRoute, path: '/smart-tv', component: SmartTvPage });
