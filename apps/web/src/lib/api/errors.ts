/** Why a call failed, following spec 1 §7's answer handling. */
export type ApiErrorKind = 'status' | 'server' | 'unknown' | 'unparseable' | 'network';

/** A failed call. `message` is the server's message where it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly kind: ApiErrorKind;
  readonly data: unknown;
  /** True when the message came from the server (and so is preferred in toasts). */
  readonly fromServer: boolean;

  constructor(kind: ApiErrorKind, status: number, message: string, fromServer = false, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.fromServer = fromServer;
    this.data = data;
  }
}

/** The message to show for a failure: the server's where present, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fromServer && error.message) return error.message;
  return fallback;
}
