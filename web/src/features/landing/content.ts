/** The landing page's copy (spec §2 "Landing page"), kept apart from its layout. */
import {
  IconBook, IconBrain, IconBroadcast, IconDeviceMobile, IconDownload, IconMessages, IconSparkles, IconUsers, IconWorld,
} from '@tabler/icons-react';

export const FEATURES = [
  { icon: IconBroadcast, title: 'Live TV & Radio', text: 'Channels and stations streaming live, with viewer counts and chat that move as your audience does.' },
  { icon: IconSparkles, title: 'AI-Powered Transcription', text: 'Captions, summaries and translations from engines that run on your own server.' },
  { icon: IconMessages, title: 'Interactive Features', text: 'Chat, polls, Q&A and rewards that react the moment your audience does.' },
  { icon: IconDeviceMobile, title: 'Multi-Platform Access', text: 'Web, phones, smart TVs, satellite receivers and voice assistants.' },
  { icon: IconDownload, title: 'PWA Ready', text: 'Install it like an app from the browser and keep shows for offline viewing.' },
  { icon: IconBook, title: 'Educational Content', text: 'Schools and universities run courses and live classes for their students.' },
] as const;

export const REASONS = [
  'Self-hosted: your content and your audience data stay yours',
  'Broadcast to several platforms from one studio',
  'Real-time chat and polls that scale across servers',
  'Translation into the languages your audience speaks',
  'Analytics computed from real viewing, not estimates',
  'Reachable on slow networks through SMS and USSD',
] as const;

export const WHY_CARDS = [
  { icon: IconUsers, title: 'Community Driven', text: 'Audiences shape the show with chat, polls and questions to the host.' },
  { icon: IconBrain, title: 'AI Enhanced', text: 'Summaries, recommendations and translation built in, offline by default.' },
  { icon: IconWorld, title: 'Global Reach', text: 'Viewers in every region, on every kind of device and connection.' },
] as const;
