/**
 * Length limits shared by the zod schemas (server) and the form rules (web). Zod-free, so the
 * sign-in bundle can read them without pulling zod in.
 */
export const LIMITS = {
  /** A person's name, organisation or position (spec 1 §5). */
  NAME: 200,
  /** A question's phrase (DESIGN §4). */
  PHRASE: 500,
  /** An e-mail address (RFC 5321 path limit). */
  EMAIL: 254,
  /** A password (argon2 input; anything longer is an attack, not a password). */
  PASSWORD: 1024,
  /** A captcha or e-mail link token. */
  TOKEN: 4096,
  /** A feedback message. */
  FEEDBACK_MESSAGE: 5000,
  /** A help-panel comment. */
  HELP_COMMENT: 2000,
  /** An id sent by a client (question, data source, collection). */
  ID: 100,
  /** A DNS host name (RFC 1035). */
  HOST_NAME: 253,
  /** A PostgreSQL identifier: database, role or schema name (NAMEDATALEN − 1). */
  PG_IDENTIFIER: 63,
} as const;
