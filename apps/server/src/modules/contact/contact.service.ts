import { CONTACT_MESSAGES_PER_HOUR, type TContactBody, type TContactResponse } from '@parley/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessPolicy, Actor } from '../../lib/access';
import { RateLimited } from '../../lib/errors';
import type { MailService } from '../../mail/mail.service';
import { contactMail } from './contact.mail';
import type { ContactRepository } from './contact.repository';

const HOUR_MS = 60 * 60 * 1000;
export const CONTACT_RATE_MESSAGE =
  'You have sent several messages in the last hour. Please wait a while before sending another.';

export interface ContactServiceDeps {
  repo: ContactRepository;
  access: AccessPolicy;
  mail: MailService;
  /** Where messages are mailed (null: stored only) and the brand their subject names. */
  supportEmail: string | null;
  brand: string;
  log: FastifyBaseLogger;
  clock: () => Date;
}

/**
 * The help panel's contact form: each message is stored, then mailed to the support
 * address; a user may send CONTACT_MESSAGES_PER_HOUR an hour, counted in the database so every
 * server process sees the same count.
 */
export class ContactService {
  constructor(private readonly deps: ContactServiceDeps) {}

  async send(actor: Actor, body: TContactBody): Promise<TContactResponse> {
    // Any signed-in member may write to support: no feature or quota, but the actor check first.
    await this.deps.access.requireAccess(actor, {});
    const now = this.deps.clock();
    const recent = await this.deps.repo.countSince(actor.userId, new Date(now.getTime() - HOUR_MS));
    if (recent >= CONTACT_MESSAGES_PER_HOUR) throw new RateLimited(CONTACT_RATE_MESSAGE);
    const id = await this.deps.repo.insert({
      userId: actor.userId,
      projectId: actor.projectId,
      name: body.name,
      email: body.email,
      comment: body.comment,
      createdAt: now,
    });
    const to = this.deps.supportEmail;
    if (!to) {
      this.deps.log.warn({ id }, 'contact message stored; no SUPPORT_EMAIL is set, so it was not mailed');
      return { id };
    }
    // Queued (stored with retries) before answering: a success toast means the mail will go out.
    await this.deps.mail.enqueue({ to, ...contactMail(this.deps.brand, body, actor) });
    await this.deps.repo.markMailed(id, now);
    return { id };
  }
}
