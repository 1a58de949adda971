import { FEEDBACK_FLAGS, type TFeedbackBody } from '@parley/contract';

export type FeedbackFlag = (typeof FEEDBACK_FLAGS)[number];
export type FeedbackType = 'general_suggestion' | 'report_problem';
export { FEEDBACK_FLAGS };

export interface FeedbackInput {
  sentiment: TFeedbackBody['sentiment'];
  message: string;
  flags: readonly FeedbackFlag[];
  /** The general form's type, sent first in `fields`. */
  type?: FeedbackType;
  phrase?: string;
  data?: unknown;
}

/** The POST /api/v1/feedback body: fields is a comma list of the type and the ticked flags. */
export function feedbackBody(input: FeedbackInput): TFeedbackBody {
  const fields = [
    ...(input.type ? [input.type] : []),
    ...FEEDBACK_FLAGS.filter((f) => input.flags.includes(f)),
  ];
  return {
    sentiment: input.sentiment,
    message: input.message.trim(),
    fields: fields.join(','),
    phrase: input.phrase ?? '',
    ...(input.data !== undefined ? { data: input.data } : {}),
  };
}
