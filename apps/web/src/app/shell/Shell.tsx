import '@mantine/core/styles.css';
import './shell.css';
import { MantineProvider } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { HelpPanel } from '../../features/help';
import { brandName, useSession } from '../../features/session';
import { STORAGE_KEYS, storage } from '../../lib/storage';
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons';
import { Logo } from '../../ui/Logo';
import { useRouteHandle } from '../Root';
import { cssVariables, setTheme, theme } from '../theme';
import { isActive, visibleEntries } from './nav';
import { TopBar } from './TopBar';

/** The signed-in frame: Mantine, side navigation (bottom bar on phones), top bar, help panel. */
export default function Shell() {
  const { t } = useTranslation();
  const { tenant, config } = useSession();
  const handle = useRouteHandle();
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(() => storage.get(STORAGE_KEYS.sidebar) === '1');
  const [helpOpen, setHelpOpen] = useState(false);
  const [helpTab, setHelpTab] = useState<'help' | 'contact'>('help');

  useEffect(() => {
    setTheme(config?.theme ?? 'default');
  }, [config?.theme]);

  const toggle = () => {
    setCollapsed((c) => {
      storage.set(STORAGE_KEYS.sidebar, c ? '0' : '1');
      return !c;
    });
  };

  if (handle?.layout === 'bare') {
    return (
      <MantineProvider theme={theme} cssVariablesResolver={cssVariables}>
        <main className="bare-layout">
          <Outlet />
        </main>
      </MantineProvider>
    );
  }

  const entries = visibleEntries(tenant?.features ?? []);
  const brand = brandName(config);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables}>
      <div className="shell" data-collapsed={collapsed || undefined}>
        <a className="skip-link" href="#main">
          {t('shell.skip_to_content')}
        </a>
        <aside className="sidebar" aria-label={t('shell.sidebar')}>
          <div className="sidebar-brand">
            <Logo size={26} />
            <span className="sidebar-label">{brand}</span>
          </div>
          <nav aria-label={t('shell.main_navigation')}>
            <ul className="nav-list">
              {entries.map((entry) => {
                const label = t(entry.labelKey);
                const active = isActive(entry, location.pathname);
                return (
                  <li key={entry.name} data-name={entry.name}>
                    <NavLink
                      to={entry.to}
                      className={`nav-item${active ? ' active' : ''}`}
                      aria-current={active ? 'page' : undefined}
                      data-testid={`nav-${entry.name}`}
                      title={collapsed ? label : undefined}
                      onClick={() => setTheme('default')}
                    >
                      <entry.icon size={20} />
                      <span className="sidebar-label">{label}</span>
                      <span className="nav-short">{t(entry.shortKey)}</span>
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </nav>
          <button
            type="button"
            className="collapse-btn"
            onClick={toggle}
            aria-label={collapsed ? t('shell.expand_sidebar') : t('shell.collapse_sidebar')}
            aria-expanded={!collapsed}
            data-testid="sidebar-toggle"
          >
            {collapsed ? <ChevronRightIcon /> : <ChevronLeftIcon />}
            <span className="sidebar-label">{t('shell.collapse')}</span>
          </button>
        </aside>
        <div className="shell-main">
          <TopBar
            tenant={tenant}
            config={config}
            onHelp={(tab) => {
              setHelpTab(tab);
              setHelpOpen(true);
            }}
          />
          <main id="main" className="content" tabIndex={-1}>
            <Outlet />
          </main>
        </div>
      </div>
      {helpOpen ? (
        <Suspense fallback={null}>
          <HelpPanel opened={helpOpen} tab={helpTab} onTab={setHelpTab} onClose={() => setHelpOpen(false)} />
        </Suspense>
      ) : null}
    </MantineProvider>
  );
}
