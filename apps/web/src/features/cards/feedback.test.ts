import { describe, expect, it } from 'vitest';
import { feedbackBody } from './feedback';

describe('feedbackBody', () => {
  it('sends the type and flags as a comma list', () => {
    expect(
      feedbackBody({
        sentiment: 'negative',
        message: ' wrong ',
        flags: ['not_helpful', 'harmful'],
        phrase: 'q',
      }),
    ).toEqual({ sentiment: 'negative', message: 'wrong', fields: 'harmful,not_helpful', phrase: 'q' });
    expect(
      feedbackBody({
        sentiment: 'neutral',
        message: '',
        flags: ['not_true'],
        type: 'report_problem',
        data: { a: 1 },
      }),
    ).toMatchObject({ fields: 'report_problem,not_true', data: { a: 1 } });
  });
});
