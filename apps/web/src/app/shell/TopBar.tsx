import { ActionIcon, Avatar, Popover, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import type { TAuthConfig, TTenant } from '@parley/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NotificationsMenu } from '../../features/notifications';
import { brandName } from '../../features/session';
import { ChevronDownIcon, HelpIcon, SearchIcon } from '../../ui/icons';
import { Logo } from '../../ui/Logo';
import { currentProjectId, filterProjects, projectFavicon, projectUrl } from './project';

/** Top bar: project switcher, hidden quota badge, notifications, help, the user. */
export function TopBar({
  tenant,
  config,
  onHelp,
}: {
  tenant: TTenant | null;
  config: TAuthConfig | null;
  onHelp: (tab: 'help' | 'contact') => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const projects = tenant?.projects ?? {};
  const canSwitch =
    (tenant?.features.includes('PROJECT_SWITCH') ?? false) && Object.keys(projects).length > 1;
  const quota = tenant?.quota ?? null;
  const quotaText =
    quota === null || quota.conversations === null ? '∞' : `${quota.used} / ${quota.conversations}`;

  return (
    <header className="topbar">
      <div className="topbar-left">
        {canSwitch ? <ProjectSwitcher projects={projects} config={config} /> : null}
      </div>
      <div className="topbar-right">
        {/* The quota badge exists but is hidden (spec 1 §2.3). */}
        <button
          type="button"
          className="quota-badge"
          hidden
          data-testid="quota-badge"
          aria-label={t('shell.quota', { quota: quotaText })}
          onClick={() => navigate('/user/subscriptions')}
        >
          {quotaText}
        </button>
        <NotificationsMenu />
        <Tooltip label={t('help:title')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('help:open')}
            data-testid="help-button"
            onClick={() => onHelp('help')}
          >
            <HelpIcon />
          </ActionIcon>
        </Tooltip>
        {tenant ? (
          <div className="topbar-user" data-testid="current-user">
            <Avatar src={tenant.picture || null} alt="" radius="xl" size={30} color="brand">
              {initials(tenant.name || tenant.email)}
            </Avatar>
            <span className="topbar-user-name">{tenant.name || tenant.email}</span>
          </div>
        ) : null}
      </div>
    </header>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
}

function ProjectIcon({ id }: { id: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <Logo size={18} />;
  return (
    <img
      src={projectFavicon(id, window.location)}
      alt=""
      width={18}
      height={18}
      onError={() => setFailed(true)}
      style={{ borderRadius: 4 }}
    />
  );
}

function ProjectSwitcher({
  projects,
  config,
}: {
  projects: Record<string, { name: string }>;
  config: TAuthConfig | null;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const current = config?.project_id || currentProjectId(window.location.hostname);
  const list = filterProjects(projects, query);
  const currentName = projects[current]?.name ?? brandName(config);
  return (
    <Popover position="bottom-start" width={280} shadow="md" trapFocus>
      <Popover.Target>
        <UnstyledButton
          className="project-button"
          data-testid="project-switcher"
          aria-label={t('shell.switch_project')}
        >
          <ProjectIcon id={current} />
          <span>{currentName}</span>
          <ChevronDownIcon size={14} />
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p={8}>
        <TextInput
          placeholder={t('shell.search_projects')}
          aria-label={t('shell.search_projects')}
          leftSection={<SearchIcon size={14} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          mb={6}
          data-testid="project-search"
        />
        <ul className="project-list">
          {list.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className={`project-item${p.id === current ? ' active' : ''}`}
                aria-current={p.id === current ? 'true' : undefined}
                data-testid={`project-${p.id}`}
                onClick={() => {
                  if (p.id !== current) window.location.assign(projectUrl(p.id, window.location));
                }}
              >
                <ProjectIcon id={p.id} />
                <span>{p.name}</span>
              </button>
            </li>
          ))}
          {list.length === 0 ? <li className="project-empty">{t('shell.no_projects')}</li> : null}
        </ul>
      </Popover.Dropdown>
    </Popover>
  );
}
