import type { JobDefinition } from '../lib/queue';
import type { MailMessage, MailService } from './mail.service';

/** The queue's name for outgoing mail. */
export const MAIL_JOB = 'mail';

/** A mail as the queue stores it (JSON): attachment contents in base64. */
export interface MailJobData extends Omit<MailMessage, 'attachments'> {
  attachments: { filename: string; base64: string; contentType?: string; cid?: string }[];
}

/** The queue's form of a mail. */
export function toMailJob(message: MailMessage): MailJobData {
  return {
    ...message,
    attachments: (message.attachments ?? []).map((a) => ({
      filename: a.filename,
      base64: Buffer.from(a.content).toString('base64'),
      ...(a.contentType ? { contentType: a.contentType } : {}),
      ...(a.cid ? { cid: a.cid } : {}),
    })),
  };
}

/** The mail back from the queue's form. */
export function fromMailJob(data: MailJobData): MailMessage {
  return {
    ...data,
    attachments: data.attachments.map(({ base64, ...a }) => ({
      ...a,
      content: Buffer.from(base64, 'base64'),
    })),
  };
}

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
