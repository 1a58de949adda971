import DOMPurify from 'dompurify';

/** No styles (they could restyle the app) and no forms (they could pose as ours). */
const FORBID_TAGS = ['style', 'form', 'input', 'script'];
const HTML_ONLY = { USE_PROFILES: { html: true }, FORBID_TAGS };
/** Reports draw their charts as inline SVG (ECharts' SVG renderer). */
const HTML_AND_SVG = { USE_PROFILES: { html: true, svg: true }, FORBID_TAGS };

export interface SanitizeOptions {
  /** Keep inline SVG (a report's charts); off for everything else. */
  svg?: boolean;
}

/** Sanitises HTML before it is rendered: card texts, insights, answers, help articles, reports. */
export function sanitizeHtml(html: string, options: SanitizeOptions = {}): string {
  return DOMPurify.sanitize(html, options.svg ? HTML_AND_SVG : HTML_ONLY);
}

/** Plain text of an HTML string (for speech and e-mail subjects). */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(sanitizeHtml(html), 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
