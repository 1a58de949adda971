import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox, SecretUnreadable } from './crypto';

const KEY = randomBytes(32).toString('hex');
const secret = JSON.stringify({ password: 'correct horse battery staple ✓' });

describe('SecretBox (AES-256-GCM)', () => {
  it('opens what it sealed, with a fresh IV each time', () => {
    const box = new SecretBox(KEY);
    const a = box.seal(secret, 'row-1');
    const b = box.seal(secret, 'row-1');
    expect(a).not.toBe(b);
    expect(box.open(a, 'row-1')).toBe(secret);
    expect(box.open(b, 'row-1')).toBe(secret);
    expect(a).not.toContain('correct horse');
    expect(a.startsWith('v1.')).toBe(true);
  });

  it('detects tampering with the ciphertext, the IV or the tag', () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal(secret, 'row-1');
    const parts = sealed.split('.');
    for (const i of [1, 2, 3]) {
      const bytes = Buffer.from(parts[i]!, 'base64url');
      bytes[0]! ^= 0x01;
      const tampered = parts.map((p, j) => (j === i ? bytes.toString('base64url') : p)).join('.');
      expect(() => box.open(tampered, 'row-1'), `part ${i}`).toThrow(SecretUnreadable);
    }
    expect(() => box.open(`${sealed}.x`, 'row-1')).toThrow(SecretUnreadable);
    expect(() => box.open('not sealed', 'row-1')).toThrow(SecretUnreadable);
  });

  it('does not open with another key', () => {
    const sealed = new SecretBox(KEY).seal(secret, 'row-1');
    expect(() => new SecretBox(randomBytes(32).toString('hex')).open(sealed, 'row-1')).toThrow(
      SecretUnreadable,
    );
  });

  it('does not open on another row (the context is authenticated)', () => {
    const box = new SecretBox(KEY);
    expect(() => box.open(box.seal(secret, 'row-1'), 'row-2')).toThrow(SecretUnreadable);
  });

  it('refuses a key that is not 32 bytes of hex', () => {
    expect(() => new SecretBox('abc')).toThrow(/64 hex/);
  });
});
