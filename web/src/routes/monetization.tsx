import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

// Loaded when first opened, so the first screen does not wait for this page's code.
const MonetizationPage = lazyRouteComponent(() => import('../features/monetization/MonetizationPage'), 'MonetizationPage');

export const monetizationRoute = createRoute({ getParentRoute: () => rootRoute, path: '/monetization', component: MonetizationPage });
