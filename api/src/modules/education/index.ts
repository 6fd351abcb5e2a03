/** Education mode's routes, with the DNS resolver and mailer they use (fakes in tests), the paid-tier renewals and the sweep of expired invitations. */
import type { FastifyInstance } from 'fastify';
import { accountInvitationRoutes } from './account-invitations.ts';
import { courseRoutes } from './course-routes.ts';
import { institutionRoutes, type EducationDeps } from './institution-routes.ts';
import { importLinkRoutes } from './import-links.ts';
import { invitationRoutes } from './invitation-routes.ts';
import { startInvitationSweep } from './invitation-sweep.ts';
import { liveClassRoutes } from './live-class-routes.ts';
import { memberRoutes } from './member-routes.ts';
import { pendingInvitationRoutes } from './pending-invitations.ts';
import { startTierRenewals } from './tier-billing.ts';

export default async function educationModule(app: FastifyInstance, deps: EducationDeps) {
  institutionRoutes(app, deps);
  memberRoutes(app);
  courseRoutes(app);
  liveClassRoutes(app);
  invitationRoutes(app, deps.mailer);
  accountInvitationRoutes(app);
  pendingInvitationRoutes(app, deps.mailer);
  importLinkRoutes(app, deps.mailer);
  startTierRenewals(app);
  startInvitationSweep(app);
}
