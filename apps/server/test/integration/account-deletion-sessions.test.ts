import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DATABASES, type TestApp } from '../helpers';
import { createUser, login } from '../peers/factories';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Writes that store a row naming their user (a foreign key to users). */
const WRITES: [Method, string, object][] = [
  ['POST', '/features/conversations/query', { phrase: 'revenue by region', created: 2 }],
  ['POST', '/api/v1/feedback', { sentiment: 'positive' }],
  ['POST', '/features/collection', { name: 'Weekly' }],
  ['POST', '/api/v1/contact', { name: 'Ann', email: 'ann@example.com', comment: 'Hello', consent: true }],
  ['POST', '/api/v1/addresses', { country: 'GB' }],
];

/**
 * A deleted account's other sessions end at once in the process that deleted it (embedded mode
 * kept them for a minute), and a write by a user deleted behind a process's back (another process
 * deleted it, its notice not yet arrived) answers 401, as a signed-out request does, never 500.
 */
describe.each(TEST_DATABASES)('a deleted account on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(kind, {}, undefined, { worker: false });
  }, 120_000);
  afterAll(() => t?.close());

  it('ends every other session of the account at once, reads and writes alike', async () => {
    const user = await createUser(t.app);
    const first = await login(t.app, user);
    const second = await login(t.app, user);
    // The second session is read, so the process holds its copy.
    expect((await second.call('GET', '/features/collections')).statusCode).toBe(200);
    const deleted = await first.call('DELETE', '/api/v1/auth/account');
    expect(deleted.statusCode).toBe(401);
    const read = await second.call('GET', '/features/collections');
    expect(read.statusCode).toBe(401);
    expect(read.json()).toEqual({ message: expect.any(String) });
    const write = await second.call('POST', '/features/collection', { name: 'After' });
    expect(write.statusCode).toBe(401);
  });

  it.each(WRITES)(
    '%s %s by a user deleted behind its back answers 401, not 500',
    async (method, url, body) => {
      const user = await createUser(t.app);
      const { call } = await login(t.app, user);
      expect((await call('GET', '/features/collections')).statusCode).toBe(200);
      // Deleted as another process would: this one hears nothing of it.
      await t.app.database.db.execute(sql`delete from users where id = ${user.id}`);
      const res = await call(method, url, body);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({ message: 'You are not signed in.' });
      // The copy of the session went with it: the next request is refused at the door.
      expect((await call('GET', '/features/collections')).statusCode).toBe(401);
    },
  );
});
