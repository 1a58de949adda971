import type { TSemanticQuery } from '@parley/contract';
import type { TSemanticModel } from '@parley/engine';
import type { PhraseReading, PinnedAnswer, VerifiedIndex } from '../answers/pinned-answers';

/** A verified question as the index holds it. */
export interface IndexedQuestion {
  phrases: string[];
  pinned: PinnedAnswer;
}

/** Readings kept per model object: a few languages and days at once. */
const READINGS_PER_MODEL = 8;

/** How phrases are matched: lower case, trimmed, spaces collapsed, a trailing ? or . dropped. */
export function normalisePhrase(phrase: string): string {
  return phrase
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[?.]+$/, '')
    .trim()
    .toLowerCase();
}

/** JSON with every object's keys sorted: two equal queries give one text whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * An owner's verified questions of one source, looked up by phrase and by query. The engine's
 * readings of the verified phrases are worked out once per model object and reading key, so a
 * question costs one canonical text of its query and two map lookups.
 */
export class PinnedIndex implements VerifiedIndex {
  private readonly phrases = new Map<string, PinnedAnswer>();
  private readonly queries = new Map<string, PinnedAnswer>();
  private readonly readings = new WeakMap<TSemanticModel, Map<string, Map<string, PinnedAnswer>>>();

  constructor(private readonly questions: IndexedQuestion[]) {
    for (const q of questions) {
      for (const phrase of q.phrases) {
        const key = normalisePhrase(phrase);
        if (!this.phrases.has(key)) this.phrases.set(key, q.pinned);
      }
      const key = canonicalJson(q.pinned.query);
      if (!this.queries.has(key)) this.queries.set(key, q.pinned);
    }
  }

  get size(): number {
    return this.questions.length;
  }

  byPhrase(phrase: string): PinnedAnswer | null {
    if (this.questions.length === 0) return null;
    return this.phrases.get(normalisePhrase(phrase)) ?? null;
  }

  byQuery(query: TSemanticQuery, reading: PhraseReading): PinnedAnswer | null {
    if (this.questions.length === 0) return null;
    const key = canonicalJson(query);
    return this.queries.get(key) ?? this.readingsOf(reading).get(key) ?? null;
  }

  /** The current readings of every verified phrase on this model, by canonical query. */
  private readingsOf(reading: PhraseReading): Map<string, PinnedAnswer> {
    let byKey = this.readings.get(reading.model);
    if (!byKey) {
      byKey = new Map();
      this.readings.set(reading.model, byKey);
    }
    let map = byKey.get(reading.key);
    if (map) return map;
    map = new Map();
    for (const q of this.questions) {
      for (const phrase of q.phrases) {
        const read = reading.read(phrase);
        const key = read ? canonicalJson(read) : null;
        if (key !== null && !map.has(key)) map.set(key, q.pinned);
      }
    }
    if (byKey.size >= READINGS_PER_MODEL) byKey.clear();
    byKey.set(reading.key, map);
    return map;
  }
}
