import { escapeHtml } from '@parley/presenter';

/** One rendered e-mail: HTML and its plain-text twin (DESIGN §7). */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

interface Layout {
  brand: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}

/** The shared layout: a heading, paragraphs, one button with its link written out too. */
export function renderLayout(l: Layout): RenderedMail {
  const p = (t: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(t)}</p>`;
  const button = l.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(l.action.url)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(l.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:12px;color:#555">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(l.action.url)}">${escapeHtml(l.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(l.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#111;background:#f6f6f8;margin:0;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(l.heading)}</h1>
${l.paragraphs.map(p).join('\n')}
${button}
${l.footer ? `<p style="margin:24px 0 0;font-size:12px;color:#777">${escapeHtml(l.footer)}</p>` : ''}
<p style="margin:24px 0 0;font-size:12px;color:#777">${escapeHtml(l.brand)}</p>
</div></body></html>`;
  const text = [
    l.heading,
    '',
    ...l.paragraphs.flatMap((t) => [t, '']),
    ...(l.action ? [`${l.action.label}: ${l.action.url}`, ''] : []),
    ...(l.footer ? [l.footer, ''] : []),
    `— ${l.brand}`,
  ].join('\n');
  return { subject: l.subject, html, text };
}

const IGNORE = 'If you did not ask for this, you can ignore this e-mail.';

/** The magic sign-in link (spec 1 §2.4: one hour, single use). */
export const magicLinkMail = (brand: string, url: string): RenderedMail =>
  renderLayout({
    brand,
    subject: `Your sign-in link for ${brand}`,
    heading: `Sign in to ${brand}`,
    paragraphs: ['Use the button below to sign in. The link expires in one hour and works only once.'],
    action: { label: 'Sign in', url },
    footer: IGNORE,
  });

/** The sign-up link: using it creates the account, then onboarding follows. */
export const signupMail = (brand: string, url: string): RenderedMail =>
  renderLayout({
    brand,
    subject: `Finish creating your ${brand} account`,
    heading: `Welcome to ${brand}`,
    paragraphs: [
      'Use the button below to confirm your e-mail address and create your account. The link expires in one hour and works only once.',
    ],
    action: { label: 'Create my account', url },
    footer: IGNORE,
  });

/** The recovery link (spec 1 §2.4: one hour). */
export const recoveryMail = (brand: string, url: string): RenderedMail =>
  renderLayout({
    brand,
    subject: `Reset your ${brand} password`,
    heading: 'Reset your password',
    paragraphs: [
      'Someone asked to reset the password of your account. Use the button below to choose a new one. The link expires in one hour and works only once.',
    ],
    action: { label: 'Choose a new password', url },
    footer: IGNORE,
  });
