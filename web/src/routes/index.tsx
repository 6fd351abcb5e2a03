import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

// Loaded when first opened (signed in), so the landing and sign-in screens do not carry it.
const HomePage = lazyRouteComponent(() => import('../features/home/HomePage'), 'HomePage');

export const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomePage });
