import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { JobQueue } from '../lib/queue';
import type { MailRepository } from './mail.repository';
import { MAIL_JOB, type MailMessage, toMailJob } from './mail-message';

export type { MailAttachment, MailMessage } from './mail-message';

export interface MailReceipt {
  via: 'smtp' | 'outbox';
  /** The SMTP message id, or the outbox row id. */
  id: string;
}

export interface MailServiceDeps {
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>;
  /** The outbox table, for when no SMTP_URL is set. */
  repo: MailRepository;
  log: FastifyBaseLogger;
  /** Carries queued mail to the mail job. */
  queue: JobQueue;
}

/**
 * Sends mail through SMTP_URL when set, else stores it in the outbox table (embedded mode).
 * Callers queue mail (`enqueue`) before they answer: the mail job delivers it with retries, so
 * a restart or an SMTP outage loses nothing. Logs who and what, never the body: bodies carry
 * sign-in links.
 */
export class MailService {
  private readonly transport: Transporter | null;

  constructor(private readonly deps: MailServiceDeps) {
    const url = deps.config.SMTP_URL;
    this.transport = url ? nodemailer.createTransport(url) : null;
  }

  /** Delivers one mail now and resolves when the SMTP server (or the outbox) has it: the mail job's step. */
  async send(message: MailMessage): Promise<MailReceipt> {
    const attachments = message.attachments ?? [];
    if (this.transport) {
      const info = await this.transport.sendMail({
        from: this.deps.config.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: attachments.map((a) => ({
          filename: a.filename,
          content: a.content,
          contentType: a.contentType,
          cid: a.cid,
        })),
      });
      this.deps.log.info({ to: message.to, subject: message.subject, via: 'smtp' }, 'mail sent');
      return { via: 'smtp', id: String(info.messageId ?? '') };
    }
    const id = await this.deps.repo.insert({
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      attachments: attachments.length
        ? attachments.map((a) => ({
            filename: a.filename,
            cid: a.cid ?? null,
            size: typeof a.content === 'string' ? Buffer.byteLength(a.content) : a.content.length,
          }))
        : null,
      sentAt: null,
    });
    this.deps.log.info(
      { to: message.to, subject: message.subject, via: 'outbox', id },
      'no SMTP_URL: mail stored in the mail_outbox table',
    );
    return { via: 'outbox', id };
  }

  /**
   * Queues one mail for the mail job; resolves once it is stored. With a `key`, the same mail is
   * queued once however often this is called (a retried digest job).
   */
  async enqueue(message: MailMessage, options: { key?: string } = {}): Promise<void> {
    await this.deps.queue.enqueue(MAIL_JOB, toMailJob(message), options);
  }

  /** Waits until every queued mail that is due has been delivered, here if no worker has it (tests). */
  async flush(): Promise<void> {
    await this.deps.queue.drain(MAIL_JOB);
  }

  /** Closes the SMTP connection pool. */
  close(): void {
    this.transport?.close();
  }
}
