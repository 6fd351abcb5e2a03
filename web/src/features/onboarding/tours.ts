import {
  IconBroadcast, IconChartBar, IconCash, IconDeviceDesktop, IconFolders, IconMessages, IconRocket, IconSettings,
  IconSparkles, IconTool, IconUsers, IconWand,
} from '@tabler/icons-react';
import type { UserType } from './store';

export interface TutorialStep {
  id: string;
  title: string;
  description: string;
  content: string;
  icon: typeof IconRocket;
  /** Marker of the page area the step talks about. */
  targetElement?: string;
  position: 'center' | 'top' | 'bottom';
  highlight: boolean;
  action?: string;
}

export const VIEWER_TOUR: TutorialStep[] = [
  { id: 'welcome', title: 'Welcome to OnAir', description: 'Live TV, radio and podcasts in one place.', content: 'This short tour shows where everything is. You can leave it any time and restart it from the Tutorial button.', icon: IconRocket, position: 'center', highlight: false },
  { id: 'live-content', title: 'Live content', description: 'See what is on air right now.', content: 'Home lists every live broadcast with how many people are watching. Open one to watch, chat and vote.', icon: IconBroadcast, targetElement: 'live-grid', position: 'center', highlight: true, action: 'Browse live shows' },
  { id: 'ai-features', title: 'AI features', description: 'Summaries and recommendations.', content: 'AI Features summarises long texts and recommends shows based on what you and people like you watch.', icon: IconSparkles, targetElement: 'nav-ai', position: 'center', highlight: true },
  { id: 'creator-tools', title: 'Creator tools', description: 'Anyone can start broadcasting.', content: 'Set up a creator profile in the Creator Dashboard to publish content and go live to several platforms.', icon: IconTool, targetElement: 'nav-creator', position: 'center', highlight: true },
  { id: 'community', title: 'Community', description: 'Chat, polls, Q&A and rewards.', content: 'Interactions is where the audience talks: chat live, vote in polls, ask the host and earn points and achievements.', icon: IconMessages, targetElement: 'nav-interactions', position: 'center', highlight: true },
  { id: 'multi-platform', title: 'Everywhere you are', description: 'Phones, smart TVs, voice assistants.', content: 'Watch on mobile, smart TVs and satellite receivers, ask your voice assistant, or download for offline viewing.', icon: IconDeviceDesktop, position: 'center', highlight: false },
  { id: 'analytics', title: 'Analytics', description: 'Your viewing, in numbers.', content: 'Analytics shows your watch history; creators see their audience by device and country.', icon: IconChartBar, targetElement: 'nav-analytics', position: 'center', highlight: true },
  { id: 'complete', title: "You're all set", description: 'Enjoy the show.', content: 'That is the tour. Press Get Started to begin watching.', icon: IconWand, position: 'center', highlight: false },
];

export const CREATOR_TOUR: TutorialStep[] = [
  { id: 'creator-welcome', title: 'Welcome, creator', description: 'Your studio is ready.', content: 'This tour shows how to go live, manage your library and grow your audience.', icon: IconRocket, position: 'center', highlight: false },
  { id: 'streaming-setup', title: 'Streaming setup', description: 'Go live to several platforms.', content: 'In Creator Studio choose your destinations, bitrate and resolution, then start the stream. Viewers see it on Home at once.', icon: IconSettings, targetElement: 'nav-creator-studio', position: 'center', highlight: true, action: 'Open Creator Studio' },
  { id: 'content-management', title: 'Content management', description: 'Your library in one place.', content: 'The Creator Dashboard lists your content; create items, translate them and publish podcasts.', icon: IconFolders, targetElement: 'nav-creator', position: 'center', highlight: true },
  { id: 'audience-engagement', title: 'Audience engagement', description: 'Polls and questions.', content: 'Run polls and answer questions while you are live; you see every question arrive as it is asked.', icon: IconUsers, targetElement: 'nav-interactions', position: 'center', highlight: true },
  { id: 'analytics-insights', title: 'Analytics and insights', description: 'Know your audience.', content: 'See who watches on which device and from where, and get insights computed from your own history.', icon: IconChartBar, targetElement: 'nav-analytics', position: 'center', highlight: true },
  { id: 'monetization', title: 'Monetization', description: 'Earn from your work.', content: 'Subscriptions, donations and sponsorships appear under Monetization as they arrive. Press Get Started to begin.', icon: IconCash, targetElement: 'nav-monetization', position: 'center', highlight: true },
];

/** Creators get the creator tour; viewers and admins the viewer tour (spec §4). */
export const tourFor = (userType: UserType) => (userType === 'creator' ? CREATOR_TOUR : VIEWER_TOUR);
