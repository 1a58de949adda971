import type { JobDefinition } from '../lib/queue';
import type { MailService } from './mail.service';
import { fromMailJob, MAIL_JOB, type MailJobData } from './mail-message';

/**
 * Delivers a queued mail (SMTP or the outbox). A failed delivery (SMTP down) is retried with
 * backoff: 1 min, 2, 4, … for about a day.
 */
export const mailJob = (mail: MailService): JobDefinition<MailJobData> => ({
  name: MAIL_JOB,
  handler: async (data) => {
    await mail.send(fromMailJob(data));
  },
  retryLimit: 10,
  retryDelaySeconds: 60,
  expireInSeconds: 5 * 60,
});
