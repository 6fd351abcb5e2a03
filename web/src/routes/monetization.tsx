import { createRoute } from '@tanstack/react-router';
import { ComingSoon } from '../features/shell/StatusScreens';
import { rootRoute } from './__root';

function Monetization() {
  return (
    <ComingSoon
      title="Monetization"
      description="Support creators, or earn as one."
      plans={[
        'Subscription plans and your current membership',
        'Donations to the creators you watch',
        'Payment methods: cards, mobile money and bank accounts',
        'Revenue and sponsorship offers for creators',
      ]}
    />
  );
}

export const monetizationRoute = createRoute({ getParentRoute: () => rootRoute, path: '/monetization', component: Monetization });
