import './intelligence-suite.css';
import './i18n';
import { Badge, Button, Group, Loader, Modal } from '@mantine/core';
import type { TReportConfig, TReportEntry, TReportIssue, TReportName } from '@parley/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ACCENT } from '../../ui/colours';
import { ReportIcon } from '../../ui/icons';
import { SafeHtml } from '../../ui/SafeHtml';
import { useSourceChoice } from '../datasources';
import { ExplainedButton } from './components/ExplainedButton';
import { ReportSourceLine } from './components/ReportSourceLine';
import { useReportAction, useReportIssues, useReports } from './hooks/useReports';
import {
  type BlockedReason,
  blockedReasons,
  formPath,
  type ReportSource,
  reportBadge,
  reportOf,
  reportSource,
} from './reports';

const BADGE_COLOR = { active: 'teal', stopped: 'orange', inactive: 'gray' } as const;

function useDate() {
  const { i18n } = useTranslation();
  return (iso: string | Date) =>
    new Intl.DateTimeFormat(i18n.language || 'en-US', { dateStyle: 'medium' }).format(new Date(iso));
}

function ReportTile({
  config,
  entry,
  source,
  sourceName,
  exempt,
  waitingFor,
  onRun,
  onOpen,
}: {
  config: TReportConfig;
  entry: TReportEntry;
  /** The data source the report will read; null when the user has none. */
  source: ReportSource | null;
  /** That source's name as the data-sources screen shows it. */
  sourceName: string | null;
  exempt: boolean;
  waitingFor: string | null;
  onRun: (report: TReportName, id: string) => void;
  onOpen: (issue: TReportIssue) => void;
}) {
  const { t } = useTranslation('reports');
  const date = useDate();
  const report = reportOf(entry);
  const badge = reportBadge(entry.status);
  const action = useReportAction();
  const issues = useReportIssues(report, waitingFor);
  const hasProfile = entry.data.profile !== null;
  const busy = action.isPending;
  const blocked = blockedReasons(entry, { exempt, busy, now: new Date(), source });
  const whyId = `report-why-${report}`;
  const why = (reason: BlockedReason | null): string | null => {
    if (!reason) return null;
    if (reason.kind === 'no_profile') return t(`why.no_profile.${report}`);
    if (reason.kind === 'no_source') return t('why.no_source');
    if (reason.kind === 'cooldown') return t('why.cooldown', { date: date(reason.until) });
    return t('why.busy');
  };
  // The reason shown as text (busy is only a moment: its tooltip is enough).
  const shown = blocked.generate?.kind === 'busy' ? null : (blocked.generate ?? blocked.start);
  const run = (kind: 'run' | 'start' | 'stop') =>
    action.mutate(
      { action: kind, report },
      { onSuccess: (id) => (kind === 'run' && id ? onRun(report, id) : undefined) },
    );

  return (
    <article className="is-tile panel" data-testid={`report-tile-${report}`}>
      <header className="is-tile-head">
        <ReportIcon size={22} className="tile-icon" />
        <h2 className="is-tile-title">{t(`titles.${report}`, { defaultValue: config.title })}</h2>
        <Badge color={BADGE_COLOR[badge]} variant="light" data-testid={`report-status-${report}`}>
          {t(`status.${badge}`)}
        </Badge>
      </header>
      <p className="is-tile-text">{t(`descriptions.${report}`, { defaultValue: config.description })}</p>
      <p className="is-tile-meta">
        {entry.data.LastIssued ? t('last_issued', { date: date(entry.data.LastIssued) }) : t('never_issued')}
        {' · '}
        {badge === 'active' ? t(`schedule.${entry.data.notification_frequency}`) : t('schedule_off')}
      </p>
      <ReportSourceLine report={report} source={source} sourceName={sourceName} />
      <Group gap="xs" mt="sm">
        <Button
          component={Link}
          to={formPath(report)}
          variant="default"
          size="xs"
          data-testid={`report-edit-${report}`}
        >
          {hasProfile ? t('edit_profile') : t('set_up')}
        </Button>
        {badge === 'active' ? (
          <Button
            variant="light"
            color="orange"
            size="xs"
            disabled={busy}
            onClick={() => run('stop')}
            data-testid={`report-stop-${report}`}
          >
            {t('stop')}
          </Button>
        ) : (
          <ExplainedButton
            variant="light"
            size="xs"
            reason={why(blocked.start)}
            reasonId={shown ? whyId : null}
            onClick={() => run('start')}
            testId={`report-start-${report}`}
          >
            {t('start')}
          </ExplainedButton>
        )}
        <ExplainedButton
          color={ACCENT}
          size="xs"
          reason={why(blocked.generate)}
          reasonId={shown ? whyId : null}
          onClick={() => run('run')}
          testId={`report-generate-${report}`}
        >
          {t('generate')}
        </ExplainedButton>
      </Group>
      {shown?.kind === 'cooldown' ? (
        <p className="is-tile-note" id={whyId} data-testid={`report-available-${report}`}>
          {t('available_on', { date: date(shown.until) })}
        </p>
      ) : shown ? (
        <p className="is-tile-note" id={whyId} data-testid={`report-why-${report}`}>
          {why(shown)}
        </p>
      ) : null}
      <h3 className="is-issues-title">{t('issues')}</h3>
      {waitingFor && !issues.data?.some((i) => i.id === waitingFor) ? (
        <p className="is-tile-note" data-testid={`report-generating-${report}`}>
          <Loader size="xs" /> {t('generating')}
        </p>
      ) : null}
      {issues.data && issues.data.length > 0 ? (
        <ul className="is-issues" data-testid={`report-issues-${report}`}>
          {issues.data.map((issue) => (
            <li key={issue.id}>
              <button
                type="button"
                className="is-issue"
                onClick={() => onOpen(issue)}
                data-testid="report-issue"
              >
                <span>{date(issue.issued_at)}</span>
                <span className="is-issue-title">{issue.title}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : issues.isLoading ? null : (
        <p className="is-tile-note">{t('no_issues')}</p>
      )}
    </article>
  );
}

/**
 * /intelligence-suite (spec 2 §2, §4, §8): a tile per enabled report with its status badge, start
 * or stop, Generate (disabled for 7 days after LastIssued unless exempt), its past issues; an
 * issue opens in the app (also from the mail's link, ?report=&issue=).
 */
export default function IntelligenceSuitePage() {
  const { t } = useTranslation('reports');
  const { t: tg } = useTranslation();
  const reports = useReports();
  const [params, setParams] = useSearchParams();
  const [waiting, setWaiting] = useState<Partial<Record<TReportName, string>>>({});
  const [opened, setOpened] = useState<TReportIssue | null>(null);
  const linked = params.get('report') as TReportName | null;
  const linkedIssue = params.get('issue');
  const linkedIssues = useReportIssues(linked ?? 'organisation_strategy', null);
  const fromLink =
    linked && linkedIssue ? (linkedIssues.data?.find((i) => i.id === linkedIssue) ?? null) : null;
  const shown = opened ?? fromLink;
  const close = () => {
    setOpened(null);
    if (linkedIssue) setParams({}, { replace: true });
  };

  const sources = useSourceChoice();
  const data = reports.data;
  const usable = sources.options.map((o) => o.id);
  const sourceOf = (entry: TReportEntry) =>
    reportSource(entry.data.profile?.datasource_id, usable, data?.default_datasource_id ?? null);
  const labelOf = (source: ReportSource | null) =>
    sources.options.find((o) => o.id === source?.id)?.label ?? null;
  const entries = new Map((data?.reports ?? []).map((e) => [reportOf(e), e]));
  const tiles = (data?.config ?? []).filter((c) => c.enabled && entries.has(c.value));

  return (
    <section className="page" data-testid="page-intelligence-suite">
      <header className="page-header">
        <h1 className="page-title">{tg('pages.intelligence_suite')}</h1>
        <p className="page-subtitle">{t('subtitle')}</p>
      </header>
      {reports.isLoading ? <Loader /> : null}
      {data && tiles.length === 0 ? <p className="is-tile-note">{t('none_enabled')}</p> : null}
      <div className="is-tiles">
        {tiles.map((config) => (
          <ReportTile
            key={config.value}
            config={config}
            entry={entries.get(config.value)!}
            source={sourceOf(entries.get(config.value)!)}
            sourceName={labelOf(sourceOf(entries.get(config.value)!))}
            exempt={data?.cooldown_exempt ?? false}
            waitingFor={waiting[config.value] ?? null}
            onRun={(report, id) => setWaiting((w) => ({ ...w, [report]: id }))}
            onOpen={setOpened}
          />
        ))}
      </div>
      <Modal
        opened={shown !== null}
        onClose={close}
        size="xl"
        title={shown?.title}
        closeButtonProps={{ 'aria-label': t('close') }}
        data-testid="report-issue-modal"
      >
        {/* The report's HTML is ours (escaped texts, ECharts SVG); sanitised still, keeping SVG. */}
        {shown ? (
          <SafeHtml html={shown.html} svg className="is-document" data-testid="report-document" />
        ) : null}
      </Modal>
    </section>
  );
}
