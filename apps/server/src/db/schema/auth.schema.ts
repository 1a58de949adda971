import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** A timestamptz column read as a Date: every module's times. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const projects = pgTable('projects', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  favicon: text('favicon'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  name: text('name').notNull().default(''),
  country: text('country'),
  timezone: text('timezone'),
  language: text('language').notNull().default('en-US'),
  organisation: text('organisation'),
  position: text('position'),
  picture: text('picture'),
  features: jsonb('features').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  registrationComplete: boolean('registration_complete').notNull().default(false),
  onboardingComplete: boolean('onboarding_complete').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * The owner of a per-user, per-project row (conversations, feedback, data sources, …): both keys,
 * deleted with the user or the project.
 */
export const ownerColumns = () => ({
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  projectId: text('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
});

export const memberships = pgTable(
  'memberships',
  {
    ...ownerColumns(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

/** Sessions are looked up by the SHA-256 of the cookie value, so a leaked table cannot be replayed. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    xsrfToken: text('xsrf_token').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Magic-link, sign-up and recovery tokens: stored hashed, single use, bound to a purpose. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    /** The project the link was asked for from (a sign-up joins it). */
    projectId: text('project_id'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_email_idx').on(t.email)],
);

/**
 * Attempt counters per key (e-mail, address, or e-mail and address), for lockout across processes,
 * and the addresses accounts signed in from (attempts.repository.ts).
 */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: ts('window_start').notNull().defaultNow(),
  lockedUntil: ts('locked_until'),
});

/** Mail that had no SMTP server to go to (embedded mode), and a record of everything sent. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  /** Attachment names, content ids and sizes only; contents are not kept. */
  attachments: jsonb('attachments').$type<{ filename: string; cid: string | null; size: number }[]>(),
  sentAt: ts('sent_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
