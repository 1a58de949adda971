import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Format tag of a sealed value; a new version (key rotation, another cipher) gets a new tag. */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The sealed value could not be opened: wrong key, tampered, or not a sealed value at all. */
export class SecretUnreadable extends Error {
  constructor() {
    super('The stored secret cannot be read with this ENCRYPTION_KEY.');
    this.name = 'SecretUnreadable';
  }
}

/**
 * AES-256-GCM for secrets stored at rest (data-source passwords and tokens, DESIGN §3/§8). Each
 * value gets a random 12-byte IV; the 16-byte tag authenticates it and the `context` (the row's
 * id), so a sealed value copied onto another row does not open there.
 */
export class SecretBox {
  private readonly key: Buffer;

  /** `keyHex`: 64 hex characters, ENCRYPTION_KEY. */
  constructor(keyHex: string) {
    if (!/^[0-9a-fA-F]{64}$/.test(keyHex)) throw new Error('ENCRYPTION_KEY must be 64 hex characters');
    this.key = Buffer.from(keyHex, 'hex');
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, each part base64url. */
  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv, tag, body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The plaintext of a sealed value; SecretUnreadable when the key, context or bytes differ. */
  open(sealed: string, context: string): string {
    const [version, iv, tag, body, extra] = sealed.split('.');
    if (
      version !== VERSION ||
      iv === undefined ||
      tag === undefined ||
      body === undefined ||
      extra !== undefined
    )
      throw new SecretUnreadable();
    const ivBytes = Buffer.from(iv, 'base64url');
    const tagBytes = Buffer.from(tag, 'base64url');
    if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new SecretUnreadable();
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, ivBytes, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tagBytes);
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SecretUnreadable();
    }
  }
}
