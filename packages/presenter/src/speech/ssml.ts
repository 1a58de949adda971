/** SSML for a speech engine: text escaped as XML, wrapped in <speak>. */

const XML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe inside an SSML element: a value such as "R&D <b>" is spoken, never parsed. */
export function escapeSsml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML[c]!);
}

/** Plain sentences as an SSML document. */
export function toSsml(text: string): string {
  return `<speak>${escapeSsml(text)}</speak>`;
}
