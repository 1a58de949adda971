/**
 * Schema words of other languages: a language pack registers how it reads a word of a table or
 * column name as the English schema word it stands for ("siparisler" → orders); the generator's
 * `words()` asks them. Registered from languages/ (which depends on the model, not the reverse).
 */

/** A schema word read in English: the singular word and whether the name said it in the plural. */
export interface TSchemaWord {
  word: string;
  plural: boolean;
}

export type TSchemaWordReader = (word: string) => TSchemaWord | undefined;

const READERS = new Map<string, TSchemaWordReader>();

/** Sets (or replaces) the reader of one language. */
export function setSchemaWordReader(language: string, read: TSchemaWordReader): void {
  READERS.set(language, read);
}

/** The English schema word a word stands for in any registered language, if one reads it. */
export function readSchemaWord(word: string): TSchemaWord | undefined {
  for (const read of READERS.values()) {
    const found = read(word);
    if (found) return found;
  }
  return undefined;
}
