import { describe, expect, it } from 'vitest';
import { startBanner } from './start-banner';

const embedded = { BRAND_NAME: 'Parley', PUBLIC_URL: 'http://localhost:8080', embedded: true };
const server = { ...embedded, embedded: false };
const email = 'demo@parley.local';

describe('the start banner', () => {
  it('prints a generated demo password in embedded mode', () => {
    const text = startBanner(
      embedded,
      { email, password: { source: 'generated', value: 'Gen-pass-1!' } },
      12,
    );
    expect(text).toContain('Parley is running at http://localhost:8080  (embedded mode, ready in 12 ms)');
    expect(text).toContain(`Demo sign-in: ${email} / Gen-pass-1!`);
  });

  it('never prints a password in server mode, and says how to choose one', () => {
    const text = startBanner(server, { email, password: { source: 'generated', value: 'Gen-pass-1!' } }, 12);
    expect(text).not.toContain('Gen-pass-1!');
    expect(text).toContain('not shown in server mode');
    expect(text).toContain('DEMO_PASSWORD');
  });

  it('never prints the DEMO_PASSWORD an operator set, nor one generated at an earlier start', () => {
    for (const config of [embedded, server]) {
      expect(startBanner(config, { email, password: { source: 'configured' } }, 1)).toContain(
        '(the DEMO_PASSWORD you set)',
      );
      expect(startBanner(config, { email, password: { source: 'earlier' } }, 1)).toContain(
        'generated when the demo user was created',
      );
    }
  });

  it('has no demo line without the demo', () => {
    expect(startBanner(embedded, null, 1)).not.toContain('Demo sign-in');
  });
});
