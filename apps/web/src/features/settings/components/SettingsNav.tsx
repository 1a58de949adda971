import '../settings.css';
import type { FeatureKey } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '../../session';

interface Section {
  to: string;
  labelKey: string;
  name: string;
  feature?: FeatureKey;
}

/** Settings sections; each shows only with its feature (spec 1 §6). */
export const SETTINGS_SECTIONS: Section[] = [
  { name: 'profile', to: '/user/settings', labelKey: 'pages.profile', feature: 'SETTINGS_PROFILE' },
  { name: 'security', to: '/user/security', labelKey: 'pages.security' },
  { name: 'assistants', to: '/user/assistants', labelKey: 'pages.assistants' },
  { name: 'alerts', to: '/user/alerts', labelKey: 'pages.alerts' },
  {
    name: 'datasources',
    to: '/user/datasources',
    labelKey: 'pages.datasources',
    feature: 'SETTINGS_DATASOURCE',
  },
  {
    name: 'subscriptions',
    to: '/user/subscriptions',
    labelKey: 'pages.subscriptions',
    feature: 'SETTINGS_SUBSCRIPTION',
  },
];

/** The tabs across the top of the settings pages. */
export function SettingsNav() {
  const { t } = useTranslation();
  const { tenant } = useSession();
  const features = tenant?.features ?? [];
  return (
    <nav className="settings-tabs" aria-label={t('settings:sections')}>
      {SETTINGS_SECTIONS.filter((s) => !s.feature || features.includes(s.feature)).map((s) => (
        <NavLink
          key={s.name}
          to={s.to}
          end
          className={({ isActive }) => `settings-tab${isActive ? ' active' : ''}`}
          data-testid={`settings-tab-${s.name}`}
        >
          {t(s.labelKey)}
        </NavLink>
      ))}
    </nav>
  );
}
