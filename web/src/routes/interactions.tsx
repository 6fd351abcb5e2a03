import { createRoute } from '@tanstack/react-router';
import { useAuth } from '../features/auth/AuthProvider';
import { InteractionsPage } from '../features/interactions/InteractionsPage';
import { rootRoute } from './__root';

function Interactions() {
  const { user } = useAuth();
  return <InteractionsPage role={user?.role ?? 'viewer'} />;
}

export const interactionsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/interactions', component: Interactions });
