import type { RenderedMail } from '../../mail/mail.templates';
import { renderLayout } from '../../mail/mail.templates';

/** The support mail of one contact-form message: who wrote, from which account, and what. */
export function contactMail(
  brand: string,
  message: { name: string; email: string; comment: string },
  account: { email: string; projectId: string },
): RenderedMail {
  return renderLayout({
    brand,
    subject: `${brand} contact form: ${message.name}`,
    heading: `A message from ${message.name}`,
    paragraphs: [
      `From: ${message.name} <${message.email}>`,
      `Account: ${account.email} (project ${account.projectId})`,
      message.comment,
    ],
    footer: `Reply to ${message.email} to answer; the sender agreed that their details may be used to answer the request.`,
  });
}
