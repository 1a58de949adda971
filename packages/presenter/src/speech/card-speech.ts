/**
 * A card written for the ear (DESIGN §12): the headline number with its period, the comparison,
 * and at most three items of a ranking — never a table read aloud. Built on cardSummary, so
 * the spoken numbers are the card's.
 */
import type { TCard, TComparison, TPrompt } from '@parley/contract';
import { type CardSummary, cardSummary } from '../card-summary';
import { htmlToText } from '../escape';
import { sayChange, sayDateRange, sayList, sayValue } from './say';
import { toSsml } from './ssml';

/** What an assistant says: plain sentences (a card's text) and the same as SSML. */
export interface Speech {
  text: string;
  ssml: string;
}

const COMPARED_TO: Record<TComparison, string> = {
  previous_period: 'the period before',
  previous_year: 'the same period a year before',
  previous_day: 'the day before',
  previous_week: 'the week before',
  previous_month: 'the month before',
  previous_quarter: 'the quarter before',
};

/** Said in one breath: the text's lines and spaces run together. */
const plain = (html: string) => htmlToText(html).replace(/\s+/g, ' ').trim();

/** "on October 2025" from the card's comparison dates, else the words of its comparison. */
function comparedTo(card: TCard): string | null {
  const dates = card.period?.comparison;
  if (dates) return sayDateRange(dates.from, dates.to);
  const compare = card.query?.semantic.compare;
  return compare ? COMPARED_TO[compare] : null;
}

const OP_WORDS: Record<string, string> = { gt: 'above', gte: 'at least', lt: 'below', lte: 'at most' };

/** What the card is narrowed to, said after the measure ("in EMEA", "excluding APAC"): a number without it answers another question. */
function filtersSaid(card: TCard): string {
  const label = (field: string) =>
    card.columns.find((c) => c.key === field)?.label ?? field.replace(/_/g, ' ');
  const parts = (card.query?.semantic.filters ?? []).map((f) => {
    const values = f.values.map(String);
    if (f.op === 'in') return `in ${sayList(values, 'or')}`;
    if (f.op === 'not_in') return `excluding ${sayList(values)}`;
    if (f.op === 'between') return `with ${label(f.field)} between ${values[0]} and ${values[1]}`;
    return `with ${label(f.field)} ${OP_WORDS[f.op]} ${values[0]}`;
  });
  return parts.length ? ` ${parts.join(', ')}` : '';
}

function headlineSentence(card: TCard, s: CardSummary): string | null {
  if (!s.measure || s.headline === null) return null;
  const when = s.period?.label ? ` ${s.period.label}` : '';
  const verb = s.total ? 'came to' : 'was';
  let sentence = `${s.measure.label}${filtersSaid(card)}${when} ${verb} ${sayValue(s.headline, s.measure)}`;
  if (s.comparison) {
    const against = comparedTo(card);
    const change =
      s.comparison.change === null
        ? `against ${sayValue(s.comparison.previous, s.measure)}`
        : `${sayChange(s.comparison.change)}`;
    sentence += `, ${change}${against ? ` on ${against}` : ''}`;
  }
  return `${sentence}.`;
}

function rankingSentence(s: CardSummary): string | null {
  if (!s.measure || !s.ranking || s.ranking.items.length === 0) return null;
  const [first, ...rest] = s.ranking.items;
  const lead = `${first!.name} leads with ${sayValue(first!.value, s.measure)}`;
  return rest.length ? `${lead}, followed by ${sayList(rest.map((i) => i.name))}.` : `${lead}.`;
}

/** The card as speech: headline, comparison and ranking; the card's own text when it has no figure. */
export function cardSpeech(card: TCard): Speech {
  const summary = cardSummary(card);
  const sentences = [headlineSentence(card, summary), rankingSentence(summary)].filter(
    (s): s is string => s !== null,
  );
  const text = sentences.length ? sentences.join(' ') : plain(card.text) || card.title;
  return { text, ssml: toSsml(text) };
}

/** A question back as speech: its title and the choices, numbered so "the second one" can pick. */
export function promptSpeech(prompt: Pick<TPrompt, 'title' | 'items'>, max = 3): Speech {
  const items = prompt.items.slice(0, max).map((i) => plain(i.title));
  const title = plain(prompt.title).replace(/[.?!:]*$/, '');
  const text = items.length ? `${title}? You can say ${sayList(items, 'or')}.` : `${title}?`;
  return { text, ssml: toSsml(text) };
}
