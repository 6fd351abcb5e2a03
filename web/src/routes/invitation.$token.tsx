import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

// Loaded when first opened, so the first screen does not wait for this page's code.
const InvitationPage = lazyRouteComponent(() => import('../features/education/InvitationPage'), 'InvitationPage');

function Invitation() {
  const { token } = invitationRoute.useParams();
  return <InvitationPage token={token} />;
}

/** The link in an invitation email: signed in or out, the invited person joins the institution from here. */
export const invitationRoute = createRoute({ getParentRoute: () => rootRoute, path: '/invitation/$token', component: Invitation });
