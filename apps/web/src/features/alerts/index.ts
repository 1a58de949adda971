/**
 * Alerts (DESIGN §12, issue 34): "Alert me" on the answer and collection cards, and the dialog it
 * opens. The router lazy-loads Settings → Alerts (AlertsPage) from its module.
 */
import './i18n';
import './alerts.css';

export { AlertMeButton, alertTarget } from './components/AlertMeButton';
