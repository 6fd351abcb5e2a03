import {
  IconAdjustmentsHorizontal, IconBroadcast, IconBuildingChurch, IconChartBar, IconDeviceMobile, IconDeviceTv, IconHome,
  IconLanguage, IconMessages, IconMicrophone, IconCash, IconPodium, IconSatellite, IconSchool, IconShieldLock, IconSparkles,
} from '@tabler/icons-react';
import type { Role } from '@onair/protocol';

export interface NavItem {
  label: string;
  to: string;
  icon: typeof IconHome;
  /** Roles that see the item; all roles when absent. */
  roles?: Role[];
}

/** The top navigation of spec §2, in its order, with the visibility rules of spec §6. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Home', to: '/', icon: IconHome },
  { label: 'AI Features', to: '/ai', icon: IconSparkles },
  { label: 'Creator Studio', to: '/creator-studio', icon: IconBroadcast, roles: ['creator', 'admin'] },
  { label: 'Creator Dashboard', to: '/creator', icon: IconPodium },
  { label: 'Analytics', to: '/analytics', icon: IconChartBar },
  { label: 'Admin Dashboard', to: '/admin', icon: IconShieldLock, roles: ['admin'] },
  { label: 'Satellite', to: '/satellite', icon: IconSatellite },
  { label: 'Mobile Apps', to: '/mobile', icon: IconDeviceMobile },
  { label: 'Smart TV Demo', to: '/smart-tv', icon: IconDeviceTv },
  { label: 'Interactions', to: '/interactions', icon: IconMessages },
  { label: 'Monetization', to: '/monetization', icon: IconCash },
  { label: 'Voice Assistant', to: '/voice-assistant', icon: IconMicrophone },
  { label: 'Podcast Sync', to: '/podcast-syndication', icon: IconAdjustmentsHorizontal },
  { label: 'Education', to: '/education-mode', icon: IconSchool },
  { label: 'Church Mode', to: '/church-mode', icon: IconBuildingChurch },
  { label: 'Languages', to: '/languages', icon: IconLanguage },
];

export const visibleNavItems = (role: Role) => NAV_ITEMS.filter((item) => !item.roles || item.roles.includes(role));
