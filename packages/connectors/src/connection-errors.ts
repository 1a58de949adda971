/**
 * The one place driver and network errors become the connection failures users read (spec 2 §8):
 * PostgreSQL's SQLSTATEs and TLS refusals, Node's socket errors, and the HTTP statuses of API
 * sources. Each answer is a fixed sentence of the contract's catalogue filled only with what the
 * user typed, so no server text, resolved address or password can reach it.
 */
import {
  connectionFailureText,
  type TConnectionFailure,
  type TConnectionFailureParams,
} from '@parley/contract';
import { ConnectorError, type TConnectorErrorCode } from './connector';

/** What the user typed that a failure may name. */
export interface TConnectionTarget {
  host: string;
  port: number | string;
  database?: string;
  user?: string;
}

/** A refusal of the source (credentials, database, TLS setting) or a place that cannot be reached. */
const CODE_OF: Record<TConnectionFailure, TConnectorErrorCode> = {
  database_missing: 'invalid_config',
  auth_failed: 'invalid_config',
  not_allowed: 'invalid_config',
  host_not_found: 'unreachable',
  connection_refused: 'unreachable',
  timeout: 'unreachable',
  unreachable: 'unreachable',
  tls_required: 'invalid_config',
  tls_unsupported: 'invalid_config',
  tls_certificate: 'invalid_config',
  key_refused: 'invalid_config',
  address_unknown: 'invalid_config',
};

/** The ConnectorError of one catalogue reason, its sentence filled with `params`. */
export function connectionFailure(
  reason: TConnectionFailure,
  params: TConnectionFailureParams,
): ConnectorError {
  return new ConnectorError(CODE_OF[reason], connectionFailureText(reason, params), { reason, params });
}

/** Node's socket error codes by the failure they mean. */
const SOCKET_REASONS: Record<string, TConnectionFailure> = {
  ENOTFOUND: 'host_not_found',
  EAI_AGAIN: 'host_not_found',
  EAI_NONAME: 'host_not_found',
  ECONNREFUSED: 'connection_refused',
  ETIMEDOUT: 'timeout',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  ECONNRESET: 'unreachable',
  EPIPE: 'unreachable',
};

/** TLS handshake errors: a certificate the client would not trust for the name typed. */
const CERTIFICATE_ERROR =
  /^(ERR_TLS_CERT_ALTNAME_INVALID|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(_LOCALLY)?|CERT_HAS_EXPIRED|CERT_NOT_YET_VALID|CERT_UNTRUSTED|CERT_SIGNATURE_FAILURE|ERR_SSL_.*)$/;

interface TDriverError {
  code?: unknown;
  message?: unknown;
}

/**
 * A socket-level failure (DNS, refused, timeout, TLS certificate) reaching `target`, or null when
 * the error is none of those.
 */
export function networkFailure(error: unknown, target: TConnectionTarget): ConnectorError | null {
  const code = String((error as TDriverError)?.code ?? '');
  const where = { host: target.host, port: target.port };
  const reason = SOCKET_REASONS[code];
  if (reason) return connectionFailure(reason, where);
  if (CERTIFICATE_ERROR.test(code)) return connectionFailure('tls_certificate', where);
  return null;
}

/**
 * A PostgreSQL connection failure (pg's DatabaseError with a SQLSTATE, a socket error, or one of
 * pg's own messages), or null when it is none the catalogue explains.
 */
export function pgConnectionFailure(error: unknown, target: TConnectionTarget): ConnectorError | null {
  const code = String((error as TDriverError)?.code ?? '');
  const message = String((error as TDriverError)?.message ?? '');
  const { host, port, database = '', user = '' } = target;
  if (code === '3D000') return connectionFailure('database_missing', { database });
  if (code === '28P01') return connectionFailure('auth_failed', { user });
  if (code === '28000') {
    // pg_hba.conf refuses this client: because it did not encrypt ("no encryption", before
    // PostgreSQL 14 "SSL off"), or for the user, database or address; else the role is unknown.
    if (/no pg_hba\.conf entry/i.test(message))
      return /no encryption|SSL off/i.test(message)
        ? connectionFailure('tls_required', {})
        : connectionFailure('not_allowed', { user, database });
    return connectionFailure('auth_failed', { user });
  }
  if (code === '42501') return connectionFailure('not_allowed', { user, database });
  // A server asked for TLS answers "N" when it has none; one that requires it says so itself.
  if (/does not support SSL/i.test(message)) return connectionFailure('tls_unsupported', {});
  if (/SSL.*required|requires? (SSL|encryption)/i.test(message)) return connectionFailure('tls_required', {});
  if (/connection timeout|timeout exceeded when trying to connect/i.test(message))
    return connectionFailure('timeout', { host, port });
  if (/Connection terminated unexpectedly/i.test(message))
    return connectionFailure('unreachable', { host, port });
  return networkFailure(error, target);
}

/**
 * An API source's HTTP refusal: 401/403 mean the key or token was refused, 404 an account or
 * address the API does not know; null for other statuses.
 */
export function httpFailure(status: number, source: string): ConnectorError | null {
  if (status === 401 || status === 403) return connectionFailure('key_refused', { source });
  if (status === 404) return connectionFailure('address_unknown', { source });
  return null;
}
