/** Analysis cards: carousel, chart, table, exports and feedback (reused by collections). */
export { AnalysisCard, type AnalysisCardProps } from './AnalysisCard';
export { DataTable } from './DataTable';
export { ExportDialog } from './ExportDialog';
export { FeedbackDialog, type FeedbackMode } from './FeedbackDialog';
export { htmlToText, sanitizeHtml } from './sanitize';
export { buildViews, nextView, type ViewType } from './views';
