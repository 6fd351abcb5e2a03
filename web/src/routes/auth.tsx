import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** /auth: the root renders the sign-in page while signed out and redirects to / once signed in. */
export const authRoute = createRoute({ getParentRoute: () => rootRoute, path: '/auth', component: () => null });
