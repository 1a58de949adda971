// A mail and its queued form: what the mail service, the mail job and their callers share.

/** A file sent with a mail; give `cid` to show it inline (`<img src="cid:…">`). */
export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType?: string;
  cid?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
}

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
