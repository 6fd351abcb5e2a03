import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { useAuth } from '../features/auth/AuthProvider';
import { rootRoute } from './__root';

// Loaded when first opened, so the first screen does not wait for this page's code.
const InteractionsPage = lazyRouteComponent(() => import('../features/interactions/InteractionsPage'), 'InteractionsPage');

function Interactions() {
  const { user } = useAuth();
  return <InteractionsPage role={user?.role ?? 'viewer'} />;
}

export const interactionsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/interactions', component: Interactions });
