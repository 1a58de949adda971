// Starts a real SMTP peer that writes every received message to MAIL_DIR, then the app itself
// with SMTP_URL pointing at it, so end-to-end tests read the mail a user would get.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const mailDir = process.env.MAIL_DIR!;
mkdirSync(mailDir, { recursive: true });
let n = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      n += 1;
      writeFileSync(join(mailDir, `${Date.now()}-${String(n).padStart(4, '0')}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const address = smtp.server.address();
if (!address || typeof address === 'string') throw new Error('SMTP peer did not start');
process.env.SMTP_URL = `smtp://127.0.0.1:${address.port}`;
await import('./peers/paddle');
await import('./peers/sources');
await import('./peers/alexa');
await import('../apps/server/src/main');
