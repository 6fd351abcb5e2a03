/**
 * The two tours of spec §4. Step ids are the spec's; `targetElement` names the `data-tour` marker of
 * the page area a step talks about (nav items carry `nav-<path>`, Home's grid `live-grid`).
 */
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
  /** What the person can try next, said in the step. */
  action?: string;
}

export const VIEWER_TOUR: TutorialStep[] = [
  {
    id: 'welcome',
    title: 'Welcome to OnAir',
    description: 'Live TV, radio and podcasts in one place.',
    content: 'This short tour shows you around in under a minute. Leave it whenever you like: the Tutorial button at the top brings it back.',
    icon: IconRocket,
    position: 'center',
    highlight: false,
  },
  {
    id: 'live-content',
    title: 'Live right now',
    description: 'Everything on air, with real audience counts.',
    content: 'Home lists every broadcast that is live at this moment and how many people are watching it. Open one to watch, chat with the audience and vote in its polls.',
    icon: IconBroadcast,
    targetElement: 'live-grid',
    position: 'center',
    highlight: true,
    action: 'Open a show from Live Broadcasting',
  },
  {
    id: 'ai-features',
    title: 'AI features',
    description: 'Summaries and recommendations, computed on this server.',
    content: 'AI Features condenses long descriptions or transcripts into a short summary and recommends shows from what you and people with similar taste actually watched and liked.',
    icon: IconSparkles,
    targetElement: 'nav-ai',
    position: 'center',
    highlight: true,
    action: 'Ask for recommendations',
  },
  {
    id: 'creator-tools',
    title: 'Anyone can broadcast',
    description: 'Your own channel is a profile away.',
    content: 'In the Creator Dashboard you set up a creator profile with a handle and a bio. From there you publish content, translate it and, once you are a creator, go live from Creator Studio.',
    icon: IconTool,
    targetElement: 'nav-creator',
    position: 'center',
    highlight: true,
  },
  {
    id: 'community',
    title: 'Join the conversation',
    description: 'Chat, polls, Q&A and rewards.',
    content: 'Interactions is where the audience talks: chat live, vote in polls, send questions to the host and earn points and achievements for taking part. You can also follow along by SMS or USSD.',
    icon: IconMessages,
    targetElement: 'nav-interactions',
    position: 'center',
    highlight: true,
    action: 'Say hello in the chat',
  },
  {
    id: 'multi-platform',
    title: 'Everywhere you are',
    description: 'Phones, smart TVs, voice assistants, satellite.',
    content: 'The same account works on mobile apps, smart TVs and satellite receivers, with Alexa, and with Siri through Shortcuts. Install OnAir from the browser to keep shows for offline viewing.',
    icon: IconDeviceDesktop,
    position: 'center',
    highlight: false,
  },
  {
    id: 'analytics',
    title: 'Analytics',
    description: 'Real figures, from real viewing.',
    content: 'Analytics shows what was watched, on which devices and from which countries. Every number is counted from recorded views; where there is no data yet, it says so instead of guessing.',
    icon: IconChartBar,
    targetElement: 'nav-analytics',
    position: 'center',
    highlight: true,
  },
  {
    id: 'complete',
    title: "You're all set",
    description: 'Enjoy the show.',
    content: 'That is the whole tour. Press Get Started to see what is on air now. The Tutorial button at the top of every page brings this tour back.',
    icon: IconWand,
    position: 'center',
    highlight: false,
  },
];

export const CREATOR_TOUR: TutorialStep[] = [
  {
    id: 'creator-welcome',
    title: 'Welcome, creator',
    description: 'Your studio is ready.',
    content: 'This tour shows how to go live, manage your library, talk with your audience and see what works. It takes about a minute.',
    icon: IconRocket,
    position: 'center',
    highlight: false,
  },
  {
    id: 'streaming-setup',
    title: 'Streaming setup',
    description: 'Go live to several platforms at once.',
    content: 'In Creator Studio give the stream a title, pick the destinations (OnAir plus Facebook, YouTube or Twitter), the bitrate and resolution, and choose whether to keep a recording or publish it as a podcast. Start Stream puts you on every viewer’s Home at once.',
    icon: IconSettings,
    targetElement: 'nav-creator-studio',
    position: 'center',
    highlight: true,
    action: 'Open Creator Studio',
  },
  {
    id: 'content-management',
    title: 'Content management',
    description: 'Your library in one place.',
    content: 'The Creator Dashboard lists everything you have published with its views. Create new items, add translations in any of twelve languages and register satellite receivers that carry your channel.',
    icon: IconFolders,
    targetElement: 'nav-creator',
    position: 'center',
    highlight: true,
  },
  {
    id: 'audience-engagement',
    title: 'Audience engagement',
    description: 'Polls, questions and chat while you are live.',
    content: 'Run polls and watch the tally move as votes arrive, read questions as they are asked and keep an eye on the chat. Flagged messages go to moderation so you can stay on the show.',
    icon: IconUsers,
    targetElement: 'nav-interactions',
    position: 'center',
    highlight: true,
    action: 'Create your first poll',
  },
  {
    id: 'analytics-insights',
    title: 'Analytics and insights',
    description: 'Know your audience.',
    content: 'See peak viewers, watch time and engagement, split by device and country, and ask for insights: plain sentences about growth and peaks computed from your own history.',
    icon: IconChartBar,
    targetElement: 'nav-analytics',
    position: 'center',
    highlight: true,
  },
  {
    id: 'monetization',
    title: 'Monetization',
    description: 'Earn from your work.',
    content: 'Subscriptions, donations and sponsorships are tracked under Monetization as they arrive. Press Get Started and go make something worth watching.',
    icon: IconCash,
    targetElement: 'nav-monetization',
    position: 'center',
    highlight: true,
  },
];

/** Creators get the creator tour; viewers and admins the viewer tour (spec §4). */
export const tourFor = (userType: UserType) => (userType === 'creator' ? CREATOR_TOUR : VIEWER_TOUR);
