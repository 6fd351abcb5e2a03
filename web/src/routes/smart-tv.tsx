import { createRoute } from '@tanstack/react-router';
import { ComingSoon } from '../features/shell/StatusScreens';
import { rootRoute } from './__root';

function SmartTv() {
  return (
    <ComingSoon
      title="Smart TV Demo"
      description="Try the big-screen experience before you install it."
      plans={[
        'The OnAir interface for Roku, Android TV and Fire TV',
        'Browse live channels with an on-screen remote',
        'What each platform supports, side by side',
      ]}
    />
  );
}

export const smartTvRoute = createRoute({ getParentRoute: () => rootRoute, path: '/smart-tv', component: SmartTv });
