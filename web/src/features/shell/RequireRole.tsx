import type { ReactNode } from 'react';
import type { Role } from '@onair/protocol';
import { useAuth } from '../auth/AuthProvider';

/**
 * A client-side guard that shows the spec's access screen instead of the page. The server refuses the
 * data anyway (401/403); this keeps people from landing on a page that cannot work for them.
 */
export function RequireRole({ roles, fallback, children }: { roles: Role[]; fallback: ReactNode; children: ReactNode }) {
  const { user } = useAuth();
  if (!user || !roles.includes(user.role)) return <>{fallback}</>;
  return <>{children}</>;
}
