import type { FeatureKey } from '@parley/contract';
import type { ComponentType } from 'react';
import { ChatIcon, CollectionsIcon, HomeIcon, LogoutIcon, ReportIcon, SettingsIcon } from '../../ui/icons';

export interface NavEntry {
  /** Route name; the entry's test id is nav-<name>. */
  name: string;
  to: string;
  labelKey: string;
  /** The label of the phone's bottom bar, where six entries share 360 px. */
  shortKey: string;
  feature?: FeatureKey;
  icon: ComponentType<{ size?: number }>;
}

/** Side navigation of spec 1 §2.3, in order. */
export const NAV_ENTRIES: NavEntry[] = [
  { name: 'dashboard', to: '/', labelKey: 'nav.dashboard', shortKey: 'nav_short.dashboard', icon: HomeIcon },
  {
    name: 'conversation',
    to: '/conversation',
    labelKey: 'nav.conversations',
    shortKey: 'nav_short.conversations',
    feature: 'CONVERSATIONS',
    icon: ChatIcon,
  },
  {
    name: 'collections',
    to: '/collections',
    labelKey: 'nav.collections',
    shortKey: 'nav_short.collections',
    feature: 'COLLECTIONS',
    icon: CollectionsIcon,
  },
  {
    name: 'intelligence-suite',
    to: '/intelligence-suite',
    labelKey: 'nav.deep_research_reports',
    shortKey: 'nav_short.deep_research_reports',
    feature: 'DEEP_RESEARCH_REPORTS',
    icon: ReportIcon,
  },
  {
    name: 'settings',
    to: '/user/settings',
    labelKey: 'nav.settings',
    shortKey: 'nav_short.settings',
    feature: 'SETTINGS',
    icon: SettingsIcon,
  },
  { name: 'logout', to: '/logout', labelKey: 'nav.logout', shortKey: 'nav_short.logout', icon: LogoutIcon },
];

/** Entries whose feature the user holds. */
export function visibleEntries(features: readonly string[]): NavEntry[] {
  return NAV_ENTRIES.filter((e) => !e.feature || features.includes(e.feature));
}

/** Whether an entry is the current one ('/' only on itself; others also for sub-paths). */
export function isActive(entry: NavEntry, pathname: string): boolean {
  if (entry.to === '/') return pathname === '/';
  if (entry.name === 'collections' && pathname.startsWith('/collection/')) return true;
  if (entry.name === 'settings' && pathname.startsWith('/user/')) return true;
  return pathname === entry.to || pathname.startsWith(`${entry.to}/`);
}
