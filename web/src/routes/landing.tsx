import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** /landing: the root renders the landing page while signed out and redirects to / once signed in. */
export const landingRoute = createRoute({ getParentRoute: () => rootRoute, path: '/landing', component: () => null });
