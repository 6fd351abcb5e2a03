/**
 * What each signed-in path shows. One line per page, so building a page is a one-line change here.
 */
import type React from 'react';
import { useAuth } from '../features/auth/AuthProvider';
import { HomePage } from '../features/home/HomePage';
import { AnalyticsPage } from '../features/analytics/AnalyticsPage';
import { CreatorDashboard } from '../features/creator/CreatorDashboard';
import { SatellitePage } from '../features/satellite/SatellitePage';
import { CreatorStudioPage } from '../features/studio/CreatorStudioPage';
import { InteractionsPage } from '../features/interactions/InteractionsPage';
import { AiPage } from '../features/ai/AiPage';
import { LanguagesPage } from '../features/languages/LanguagesPage';
import { AccessDenied, ComingSoon, CreatorAccessRequired } from '../features/shell/StatusScreens';
import { RequireRole } from '../features/shell/RequireRole';

const soon = (title: string, description: string) => () => <ComingSoon title={title} description={description} />;

function InteractionsRoute() {
  const { user } = useAuth();
  return <InteractionsPage role={user?.role ?? 'viewer'} />;
}

const AdminPage = soon('Admin Dashboard', 'Content, regional, user, moderation and system health views for administrators.');

export const PAGES: Record<string, () => React.JSX.Element> = {
  '/': HomePage,
  '/ai': AiPage,
  '/creator-studio': () => (
    <RequireRole roles={['creator', 'admin']} fallback={<CreatorAccessRequired />}>
      <CreatorStudioPage />
    </RequireRole>
  ),
  '/creator': CreatorDashboard,
  '/analytics': AnalyticsPage,
  '/admin': () => (
    <RequireRole roles={['admin']} fallback={<AccessDenied />}>
      <AdminPage />
    </RequireRole>
  ),
  '/satellite': SatellitePage,
  '/mobile': soon('Mobile Apps', 'Your phones, smart TVs, installable app and offline downloads.'),
  '/smart-tv': soon('Smart TV Demo', 'The OnAir experience on Roku, Android TV and Fire TV.'),
  '/interactions': InteractionsRoute,
  '/monetization': soon('Monetization', 'Subscriptions, donations, payment methods, revenue and sponsorships.'),
  '/voice-assistant': soon('Voice Assistant', 'Connect Alexa, Google Assistant or Siri to OnAir.'),
  '/podcast-syndication': soon('Podcast Sync', 'Distribute your radio shows and podcasts to Spotify, Apple and more.'),
  '/education-mode': soon('Education', 'Institutions, courses and student progress for schools and universities.'),
  '/church-mode': soon('Church Mode', 'Live services, sermons and choir broadcasts for congregations.'),
  '/languages': LanguagesPage,
};
