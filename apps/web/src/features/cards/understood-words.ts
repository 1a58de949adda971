/** The word a user may teach after changing a chip. */

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

function wordsOf(text: string): string[] {
  return (text.match(WORD) ?? []).map((w) => w.toLowerCase());
}

/**
 * The phrase's words that no chip of the new reading explains: what the user meant by the part
 * they changed ("haul" in "haul by region" once Revenue is chosen). Numbers never teach anything.
 * The user edits the result before it is sent.
 */
export function teachWord(phrase: string, labels: readonly string[]): string {
  const known = new Set(labels.flatMap(wordsOf));
  const words = (phrase.match(WORD) ?? []).filter((w) => !/^\p{N}+$/u.test(w) && !known.has(w.toLowerCase()));
  return [...new Set(words)].join(' ');
}
