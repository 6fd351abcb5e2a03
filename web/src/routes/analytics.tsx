import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

// Loaded when first opened, so the first screen does not wait for this page's code.
const AnalyticsPage = lazyRouteComponent(() => import('../features/analytics/AnalyticsPage'), 'AnalyticsPage');

export const analyticsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/analytics', component: AnalyticsPage });
