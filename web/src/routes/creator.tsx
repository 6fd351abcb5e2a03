import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

// Loaded when first opened, so the first screen does not wait for this page's code.
const CreatorDashboard = lazyRouteComponent(() => import('../features/creator/CreatorDashboard'), 'CreatorDashboard');

export const creatorRoute = createRoute({ getParentRoute: () => rootRoute, path: '/creator', component: CreatorDashboard });
