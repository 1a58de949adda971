/**
 * The report's executive summary. Without LLM_BASE_URL (or over the AI-insight quota) it is the
 * template: the lead sentences of the headline, drivers and outlook sections. With it, the model
 * narrates the computed facts, and its text is used only when every number in it is one of the
 * document's own numbers (DESIGN §6: insights are computed, not invented); else the template.
 */

import { serverTexts } from '../../i18n';
import type { LlmConfig } from '../../lib/llm';
import { narrateFacts } from '../../lib/llm';
import type { ReportDocument } from './report-analysis';

/** Number tokens of a text: digits with their group and decimal separators ("10,426,655", "18.4"). */
const NUMBER = /\d(?:[\d.,]*\d)?/g;

/** A token's value in the language's number format (tr: 1.234,5; en: 1,234.5). */
function parse(token: string, language: string): number {
  const { group, decimal } = serverTexts(language).numbers;
  const plain = token.replaceAll(group, '');
  return Number(decimal === '.' ? plain : plain.replace(decimal, '.'));
}

function collect(value: unknown, out: Set<number>, language: string): void {
  if (typeof value === 'number') out.add(value);
  else if (typeof value === 'string') for (const t of value.match(NUMBER) ?? []) out.add(parse(t, language));
  else if (Array.isArray(value)) for (const v of value) collect(v, out, language);
  else if (value && typeof value === 'object')
    for (const v of Object.values(value)) collect(v, out, language);
}

/** Every number the document states: its texts, tables and facts. */
export function documentNumbers(doc: ReportDocument, language: string): Set<number> {
  const out = new Set<number>();
  collect([doc.subtitle, doc.framing], out, language);
  for (const s of doc.sections)
    collect([s.heading, s.paragraphs, s.unsupported ?? '', s.table?.rows ?? []], out, language);
  collect(doc.facts, out, 'en');
  return out;
}

/** The numbers of `text` that the document does not state. */
export function unknownNumbers(text: string, allowed: Set<number>, language: string): string[] {
  return (text.match(NUMBER) ?? []).filter((t) => !allowed.has(parse(t, language)));
}

/** The template summary: one line per section that had something to say, as one paragraph. */
export function templateSummary(doc: ReportDocument): string[] {
  return doc.summary.length > 0 ? [doc.summary.join(' ')] : [];
}

export interface Narrator {
  llm: LlmConfig | null;
  /** Spends one AI-insight unit; false when the plan has none left. */
  spend: () => Promise<boolean>;
}

/** The summary paragraphs and who wrote them. */
export async function summarise(
  doc: ReportDocument,
  language: string,
  business: string,
  narrator: Narrator,
): Promise<{ paragraphs: string[]; by: 'template' | 'llm' }> {
  const template = templateSummary(doc);
  if (!narrator.llm || template.length === 0 || !(await narrator.spend()))
    return { paragraphs: template, by: 'template' };
  const excerpts = doc.sections.flatMap((s) => s.paragraphs);
  const text = await narrateFacts(narrator.llm, { language, business, facts: doc.facts, excerpts });
  if (!text || unknownNumbers(text, documentNumbers(doc, language), language).length > 0)
    return { paragraphs: template, by: 'template' };
  return { paragraphs: [text], by: 'llm' };
}
