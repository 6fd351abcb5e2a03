import type { ReactNode } from 'react';
import { useAuth } from '../auth/AuthProvider';

/**
 * Setup instructions (environment variables, packages to install) are for whoever runs this server:
 * admins and creators (who on a small install are often the same person) read them; a viewer learns
 * only that the feature is not available here, in `others`.
 */
export function ForOperators({ children, others = null }: { children: ReactNode; others?: ReactNode }) {
  const { user } = useAuth();
  return <>{user && user.role !== 'viewer' ? children : others}</>;
}
