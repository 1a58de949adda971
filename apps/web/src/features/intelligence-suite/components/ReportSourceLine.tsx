import type { TReportName } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import type { ReportSource } from '../reports';

/**
 * The source a report tile reads, by name, and a note when it is the default standing in for
 * the one the profile chose, which cannot answer now.
 */
export function ReportSourceLine({
  report,
  source,
  sourceName,
}: {
  report: TReportName;
  source: ReportSource | null;
  sourceName: string | null;
}) {
  const { t } = useTranslation('reports');
  if (!sourceName) return null;
  return (
    <>
      <p className="is-tile-meta" data-testid={`report-source-${report}`}>
        {t('reads', { source: sourceName })}
      </p>
      {source?.fallback ? (
        <p className="is-tile-note" data-testid={`report-source-fallback-${report}`}>
          {t('reads_instead', { source: sourceName })}
        </p>
      ) : null}
    </>
  );
}
