/**
 * Domain errors: services say what went wrong, never how HTTP shows it. The error plugin maps
 * each kind to its status of DESIGN §4; the message is always safe to show the caller.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'quota'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'rate-limited'
  | 'upstream'
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Fields answered beside `message` (safe to show), where a contract keeps the message fixed. */
    readonly detail?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** Input the rules refuse (400); the message names the field. */
export class Invalid extends DomainError {
  constructor(message: string, detail?: Record<string, unknown>) {
    super('invalid', message, detail);
  }
}

/** No signed-in user, or credentials that do not check out (401). */
export class Unauthenticated extends DomainError {
  constructor(message = 'You are not signed in.') {
    super('unauthenticated', message);
  }
}

/** Signed in, but not allowed: a feature the user lacks, a project they are not in (403). */
export class Forbidden extends DomainError {
  constructor(message = 'You are not allowed to do this.') {
    super('forbidden', message);
  }
}

/** A plan limit reached (403, DESIGN §11): the message names the limit and the plan. */
export class QuotaExceeded extends DomainError {
  constructor(message: string) {
    super('quota', message);
  }
}

/** Absent, or not the caller's: both answer the same, so ids of others tell nothing (404). */
export class NotFound extends DomainError {
  constructor(message = 'Not found.') {
    super('not-found', message);
  }
}

/** The request fits, but the state it needs is not there yet (409); the message says what to do first. */
export class Conflict extends DomainError {
  constructor(message: string) {
    super('conflict', message);
  }
}

/** A body or file over its limit (413). */
export class TooLarge extends DomainError {
  constructor(message: string) {
    super('too-large', message);
  }
}

/** Too many attempts; the message says how long to wait (429). */
export class RateLimited extends DomainError {
  constructor(message: string) {
    super('rate-limited', message);
  }
}

/** A service we depend on (mail, a data source) failed (502). */
export class UpstreamFailed extends DomainError {
  constructor(message: string) {
    super('upstream', message);
  }
}

/** A check we cannot make right now (the captcha verifier is down): try again soon (503). */
export class Unavailable extends DomainError {
  constructor(message: string) {
    super('unavailable', message);
  }
}
