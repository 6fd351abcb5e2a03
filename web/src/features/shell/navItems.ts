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

export interface NavSection {
  title: string;
  items: NavItem[];
}

/**
 * The navigation of spec §2, grouped by what a person comes to do: sixteen items in one row did not fit
 * common widths, five short sections in a sidebar do. Visibility rules are spec §6's.
 */
export const NAV_SECTIONS: NavSection[] = [
  {
    title: 'Watch',
    items: [
      { label: 'Home', to: '/', icon: IconHome },
      { label: 'Smart TV Demo', to: '/smart-tv', icon: IconDeviceTv },
      { label: 'Mobile Apps', to: '/mobile', icon: IconDeviceMobile },
      { label: 'Voice Assistant', to: '/voice-assistant', icon: IconMicrophone },
    ],
  },
  {
    title: 'Engage',
    items: [
      { label: 'Interactions', to: '/interactions', icon: IconMessages },
      { label: 'AI Features', to: '/ai', icon: IconSparkles },
      { label: 'Church Mode', to: '/church-mode', icon: IconBuildingChurch },
      { label: 'Education', to: '/education-mode', icon: IconSchool },
    ],
  },
  {
    title: 'Create',
    items: [
      { label: 'Creator Studio', to: '/creator-studio', icon: IconBroadcast, roles: ['creator', 'admin'] },
      { label: 'Creator Dashboard', to: '/creator', icon: IconPodium },
      { label: 'Podcast Sync', to: '/podcast-syndication', icon: IconAdjustmentsHorizontal },
      { label: 'Monetization', to: '/monetization', icon: IconCash },
    ],
  },
  {
    title: 'Reach',
    items: [
      { label: 'Languages', to: '/languages', icon: IconLanguage },
      { label: 'Satellite', to: '/satellite', icon: IconSatellite },
    ],
  },
  {
    title: 'Manage',
    items: [
      { label: 'Analytics', to: '/analytics', icon: IconChartBar },
      { label: 'Admin Dashboard', to: '/admin', icon: IconShieldLock, roles: ['admin'] },
    ],
  },
];

export const NAV_ITEMS: NavItem[] = NAV_SECTIONS.flatMap((section) => section.items);

const allowed = (role: Role) => (item: NavItem) => !item.roles || item.roles.includes(role);

export const visibleNavItems = (role: Role) => NAV_ITEMS.filter(allowed(role));

/** The sections this role sees, without the ones left empty. */
export const visibleNavSections = (role: Role): NavSection[] =>
  NAV_SECTIONS.map((section) => ({ ...section, items: section.items.filter(allowed(role)) })).filter((section) => section.items.length > 0);
