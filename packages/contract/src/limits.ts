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
  /** A collection's name. */
  COLLECTION_NAME: 100,
  /** Cards a collection body may carry (plans allow fewer: spec 2 §9, checked by the quota gate). */
  COLLECTION_CARDS: 100,
  /** Levels of nesting a JSON body may have (the deepest the app sends is a card, far less). */
  JSON_DEPTH: 64,
} as const;

/** The collection grid (spec 2 §9): react-grid-layout columns, row height, margins, card bounds. */
export const COLLECTION_GRID = {
  cols: { lg: 10, md: 10, sm: 6, xs: 4, xxs: 2 },
  rowHeight: 120,
  margin: { compact: 8, cozy: 20 },
  newCard: { w: 2, h: 2 },
  minW: 2,
  maxW: 5,
  minH: 2,
  maxH: 4,
  /** Bounds of a stored position, against nonsense rather than a layout rule. */
  maxX: 100,
  maxY: 10_000,
} as const;

/** A card's auto-refresh period in minutes; 0 = not set (spec 2 §9). */
export const REFRESH_INTERVALS = [0, 10, 15, 20, 30, 60] as const;
export type TRefreshInterval = (typeof REFRESH_INTERVALS)[number];

/** E-mail digest frequencies of a collection (spec 2 §9). */
export const NOTIFICATION_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;

/** A card's views: chart types of its result, then table, text, insights, image (spec 2 §9). */
export const CARD_VIEWS = [
  'bar',
  'bar-stacked',
  'line',
  'area',
  'pie',
  'donut',
  /** A single number drawn big with its comparison. */
  'kpi',
  'table',
  'text',
  'insights',
  'image',
] as const;
