/** A question back's choices carried in the Alexa session, and picking one from what the user said. */

/** One choice as kept in sessionAttributes: what it is called and the phrase that asks it. */
export interface PendingChoice {
  title: string;
  phrase: string;
}

// Ordinal words before numbers: "the second one" is the second, not the first.
const ORDINALS: [RegExp, number][] = [
  [/\b(first|1st)\b/, 0],
  [/\b(second|2nd)\b/, 1],
  [/\b(third|3rd)\b/, 2],
  [/\b(one|1)\b/, 0],
  [/\b(two|2)\b/, 1],
  [/\b(three|3)\b/, 2],
];

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The choices kept in the session, or [] when there are none (or they are not ours). */
export function pendingChoices(attributes: Record<string, unknown> | undefined): PendingChoice[] {
  const raw = attributes?.choices;
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (c): c is PendingChoice =>
      typeof c === 'object' && c !== null && typeof c.title === 'string' && typeof c.phrase === 'string',
  );
}

/** The choice an utterance names: by its title ("orders"), else by its place ("the second one"). */
export function pickChoice(choices: readonly PendingChoice[], utterance: string): PendingChoice | null {
  const said = norm(utterance);
  if (!said || choices.length === 0) return null;
  const byName =
    choices.find((c) => norm(c.title) === said) ?? choices.find((c) => said.includes(norm(c.title)));
  if (byName) return byName;
  if (/\blast\b/.test(said)) return choices[choices.length - 1] ?? null;
  for (const [pattern, index] of ORDINALS) if (pattern.test(said)) return choices[index] ?? null;
  return null;
}
