/** What a stage hands back when it must ask instead of answer: a message key, choices, a title. */
import type { TChoiceTitle, TParseMessage } from './messages';
import type { TVocabularyTarget } from './vocabulary';

/** An unknown word and the model field or value a choice reads it as. */
export interface TLearnedChoice {
  word: string;
  target: TVocabularyTarget;
}

/** A clarification choice: a phrase to ask, optionally teaching what an unknown word meant. */
export type TChoice = string | { phrase: string; learn: TLearnedChoice };

export interface TClarification {
  clarify: TParseMessage;
  understood: string | null;
  choices: TChoice[];
  title?: TChoiceTitle;
}

export const ask = (
  message: TParseMessage,
  understood: string | null,
  choices: TChoice[],
  title?: TChoiceTitle,
): TClarification => ({ clarify: message, understood, choices, title });

export const isClarification = (x: unknown): x is TClarification =>
  typeof x === 'object' && x !== null && 'clarify' in x;
