/** Analysis cards: carousel, chart, table, exports and feedback, with their `cards` texts. */
import './i18n';

export { AnalysisCard } from './AnalysisCard';
export { FeedbackDialog, type FeedbackMode } from './FeedbackDialog';
export { htmlToText, sanitizeHtml } from './sanitize';
