import type { Role } from '@onair/protocol';

/**
 * Accounts the demo seed creates. They exist only while SEED_DEMO is on, and the sign-in page lists
 * them only then (GET /api/public/config).
 */
export const DEMO_ACCOUNTS: readonly {
  username: string;
  password: string;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  country: string;
}[] = [
  { username: 'admin', password: 'admin123', role: 'admin', email: 'admin@onair.local', firstName: 'Ada', lastName: 'Admin', country: 'GB' },
  { username: 'creator', password: 'creator123', role: 'creator', email: 'creator@onair.local', firstName: 'Kofi', lastName: 'Mensah', country: 'GH' },
  { username: 'viewer', password: 'viewer123', role: 'viewer', email: 'viewer@onair.local', firstName: 'Maya', lastName: 'Lopez', country: 'US' },
  { username: 'listener', password: 'listener123', role: 'viewer', email: 'listener@onair.local', firstName: 'Ravi', lastName: 'Patel', country: 'IN' },
];
