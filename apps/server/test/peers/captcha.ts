import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local captcha verifier in the shape of Turnstile/reCAPTCHA/hCaptcha siteverify. */
export interface CaptchaPeer {
  url: string;
  /** Form fields of every verification asked for. */
  requests: URLSearchParams[];
  close(): Promise<void>;
}

/** Answers `{ success: true }` only for the secret and one of the valid tokens. */
export async function startCaptchaPeer(secret: string, validTokens: string[]): Promise<CaptchaPeer> {
  const requests: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      requests.push(form);
      const ok =
        req.method === 'POST' &&
        (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') &&
        form.get('secret') === secret &&
        validTokens.includes(form.get('response') ?? '');
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          ok ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
