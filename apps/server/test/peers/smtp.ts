import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on 127.0.0.1 (random port) that keeps every message it receives, parsed. */
export interface SmtpPeer {
  url: string;
  messages: ParsedMail[];
  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor(match: (m: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  /** Messages to an address, oldest first. */
  to(address: string): ParsedMail[];
  /** Call before the request: resolves with the next message to the address. */
  nextTo(address: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export const recipients = (m: ParsedMail): string[] =>
  (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));

/** Starts the peer on `port` (0: any free one; a fixed one brings a stopped peer back at the same URL). */
export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  const messages: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream, { keepCidLinks: true })
        .then((mail) => {
          messages.push(mail);
          for (const w of waiters) w();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  const peer: SmtpPeer = {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    to: (address) => messages.filter((m) => recipients(m).includes(address)),
    nextTo(address, timeoutMs) {
      const seen = new Set(messages.filter((m) => recipients(m).includes(address)));
      return peer.waitFor((m) => recipients(m).includes(address) && !seen.has(m), timeoutMs);
    },
    waitFor(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error('no matching mail arrived'));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return peer;
}

/** The first link in a mail's plain text that points at `path` (e.g. '/auth/link'). */
export function linkIn(mail: ParsedMail, path: string): URL {
  const found = (mail.text ?? '').match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname === path);
  if (!found) throw new Error(`no ${path} link in mail "${mail.subject}"`);
  return new URL(found);
}
