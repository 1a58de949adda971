/** HTML escaping: the one copy every package uses for values from data or users. */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML bodies and attributes so values from data or users can never inject markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/**
 * Card HTML (text, insights: markup with values escaped by escapeHtml) as plain text: the values
 * as they are, a paragraph or line break as a new line. For mail text, speech, chat cards, MCP.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<\/p>\s*<p[^>]*>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name]!);
}
