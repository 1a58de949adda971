import './dashboard.css';
import './i18n';
import { TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ArrowRightIcon, ChatIcon, CollectionsIcon, ReportIcon, SearchIcon } from '../../ui/icons';
import { GettingStarted } from '../guide';
import { ReportsWidget } from '../intelligence-suite';
import { RecentNotices } from '../notifications';
import { useSession } from '../session';
import { CollectionsWidget } from './CollectionsWidget';

/** First word of the user's name (spec 1 §2.6: greets by first name). */
function firstName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}

/** Where the dashboard search box jumps: the conversation screen with q and #dashboard. */
function conversationUrl(query: string): string {
  return `/conversation?q=${encodeURIComponent(query.trim())}#dashboard`;
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tenant } = useSession();
  const [query, setQuery] = useState('');
  const features = tenant?.features ?? [];
  const name = firstName(tenant?.name);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!query.trim()) return; // an empty search is never sent
    void navigate(conversationUrl(query), { viewTransition: true });
  };

  const tiles = [
    {
      feature: 'CONVERSATIONS',
      to: '/conversation',
      icon: ChatIcon,
      key: 'conversations',
      name: 'conversation',
    },
    {
      feature: 'COLLECTIONS',
      to: '/collections',
      icon: CollectionsIcon,
      key: 'collections',
      name: 'collections',
    },
    {
      feature: 'DEEP_RESEARCH_REPORTS',
      to: '/intelligence-suite',
      icon: ReportIcon,
      key: 'reports',
      name: 'intelligence-suite',
    },
  ].filter((tile) => features.includes(tile.feature as (typeof features)[number]));

  return (
    <section className="page" data-testid="page-dashboard">
      <header className="page-header">
        <h1 className="page-title" data-testid="dashboard-greeting">
          {name ? t('dashboard:greeting', { name }) : t('dashboard:greeting_anonymous')}
        </h1>
        <p className="page-subtitle">{t('dashboard:subtitle')}</p>
      </header>
      <div className="grid-2">
        <div className="dash-main">
          <GettingStarted />
          <search className="panel">
            <form onSubmit={submit} aria-label={t('dashboard:search_label')}>
              <h2 className="panel-title">{t('dashboard:ask_title')}</h2>
              <TextInput
                size="md"
                leftSection={<SearchIcon />}
                placeholder={t('dashboard:search_placeholder')}
                aria-label={t('dashboard:search_label')}
                value={query}
                onChange={(e) => setQuery(e.currentTarget.value)}
                data-testid="dashboard-search"
                rightSection={
                  <button
                    type="submit"
                    className="btn btn-subtle"
                    aria-label={t('dashboard:search_submit')}
                    data-testid="dashboard-search-submit"
                    disabled={!query.trim()}
                  >
                    <ArrowRightIcon />
                  </button>
                }
                rightSectionWidth={44}
              />
            </form>
          </search>
          {features.includes('COLLECTIONS') ? <CollectionsWidget /> : null}
          {features.includes('DEEP_RESEARCH_REPORTS') ? <ReportsWidget /> : null}
          {tiles.length > 0 ? (
            <div className="panel">
              <h2 className="panel-title">{t('dashboard:shortcuts')}</h2>
              <div className="tiles">
                {tiles.map((tile) => (
                  <Link
                    key={tile.key}
                    to={tile.to}
                    className="tile"
                    data-testid={`dashboard-tile-${tile.name}`}
                  >
                    <tile.icon size={22} className="tile-icon" />
                    <span className="tile-title">{t(`dashboard:tile_${tile.key}`)}</span>
                    <span className="tile-text">{t(`dashboard:tile_${tile.key}_text`)}</span>
                  </Link>
                ))}
              </div>
            </div>
          ) : null}
        </div>
        <aside className="panel" aria-labelledby="alerts-title" data-testid="dashboard-alerts">
          <h2 className="panel-title" id="alerts-title">
            {t('dashboard:alerts')}
          </h2>
          <RecentNotices />
        </aside>
      </div>
    </section>
  );
}
