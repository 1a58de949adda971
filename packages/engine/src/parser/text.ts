/** Tokens for the parser: a normalised phrase's words, each with its lemma from the language pack. */

export interface TToken {
  /** Normalised surface form. */
  norm: string;
  lemma: string;
  consumed: boolean;
  /** The lemma is a typo correction, not the word's own. */
  corrected?: boolean;
  /** Other vocabulary words the written word may be (Turkish suffixes), best first. */
  alternatives?: string[];
}

/** Tokens of a normalised phrase, each with its lemma from the language's lemmatiser. */
export function tokenize(normalised: string, lemma: (word: string) => string): TToken[] {
  if (normalised === '') return [];
  return normalised.split(' ').map((norm) => ({ norm, lemma: lemma(norm), consumed: false }));
}
