/** What a phrase of the vocabulary names: a measure, a dimension, one of its values, or a time dimension. */
export type TVocabularyTarget =
  | { type: 'measure'; name: string }
  | { type: 'dimension'; name: string }
  | { type: 'value'; dimension: string; value: string }
  | { type: 'time'; name: string };
