import { createRoute } from '@tanstack/react-router';
import { ComingSoon } from '../features/shell/StatusScreens';
import { rootRoute } from './__root';

function Mobile() {
  return (
    <ComingSoon
      title="Mobile Apps"
      description="Watch OnAir on every screen you own."
      plans={[
        'iOS and Android apps with push notifications you can switch per device',
        'Your registered phones, tablets and smart TVs in one list',
        'Install OnAir as an app straight from the browser',
        'Offline downloads with progress and the storage they use',
      ]}
    />
  );
}

export const mobileRoute = createRoute({ getParentRoute: () => rootRoute, path: '/mobile', component: Mobile });
