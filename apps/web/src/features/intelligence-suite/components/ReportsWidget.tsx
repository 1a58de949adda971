import '../i18n';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useReports } from '../hooks/useReports';
import { reportCounts } from '../reports';

/**
 * The dashboard's Intelligence Suite counts (spec 1 §2.6: available, active, inactive) and its
 * All Reports button; drawn with the dashboard's count boxes (dashboard.css).
 */
export function ReportsWidget() {
  const { t } = useTranslation('reports');
  const reports = useReports();
  const counts = reportCounts(reports.data?.reports ?? []);
  const items = [
    { key: 'available', value: counts.available },
    { key: 'active', value: counts.active },
    { key: 'inactive', value: counts.inactive },
  ] as const;
  return (
    <section className="panel" aria-labelledby="dash-reports-title" data-testid="dashboard-reports">
      <h2 className="panel-title" id="dash-reports-title">
        {t('dashboard.title')}
      </h2>
      <dl className="dash-counts">
        {items.map((c) => (
          <div
            key={c.key}
            className="dash-count"
            data-testid={`dashboard-reports-${c.key}`}
            data-count={c.value}
          >
            <dt>{t(`dashboard.${c.key}`)}</dt>
            <dd>{reports.isPending ? '–' : c.value}</dd>
          </div>
        ))}
      </dl>
      <Button
        component={Link}
        to="/intelligence-suite"
        variant="light"
        size="xs"
        mt="sm"
        data-testid="dashboard-all-reports"
      >
        {t('dashboard.all')}
      </Button>
    </section>
  );
}
