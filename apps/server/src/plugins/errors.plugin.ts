import { LIMITS } from '@parley/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, type DomainErrorKind, Invalid, Unauthenticated } from '../lib/errors';

/** The status of each domain error (DESIGN §4); services never pick statuses themselves. */
const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  quota: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'rate-limited': 429,
  upstream: 502,
  unavailable: 503,
};

/** @fastify/multipart's refusals, in the user's words; its own messages name its limits' internals. */
const MULTIPART_ERRORS: Record<string, [number, string]> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: [
    415,
    'Unsupported content type; send the file as multipart/form-data.',
  ],
  FST_FILES_LIMIT: [413, 'Send one file at a time.'],
  FST_PARTS_LIMIT: [413, 'The upload has too many parts; send one file.'],
  FST_FIELDS_LIMIT: [413, 'The upload has too many fields; send one file.'],
  FST_REQ_FILE_TOO_LARGE: [413, 'The file is larger than the upload limit.'],
  FST_PROTO_VIOLATION: [400, 'The upload has a field name that is not allowed.'],
  FST_INVALID_JSON_FIELD_ERROR: [400, 'An upload field declared as JSON is not valid JSON.'],
  FST_MP_PREMATURE_CLOSE: [400, 'The upload ended before the file was complete.'],
};

/**
 * What busboy (under @fastify/multipart) throws for a malformed multipart body: plain errors
 * without a code or status, recognised by their fixed texts.
 */
const BROKEN_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.+ terminated early due to unexpected end of multipart data|Malformed part header)$/;

/**
 * Turns every error into `{ message }` with the status of DESIGN §4: validation → 400 naming
 * the field, body too large → 413, rate limit → 429, unknown → 500 without details.
 */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  // PostgreSQL text holds neither NUL nor lone UTF-16 surrogates: refuse the first, mend the
  // second (U+FFFD), before validation, instead of failing at the database. A body nested deeper
  // than any the app sends is refused too: stored or serialised, it would exhaust the stack.
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && request.body !== null && typeof request.body === 'object') {
      request.body = cleanText(request.body, 0);
    }
    if (hasNul(request.query) || hasNul(request.params)) {
      throw new Invalid('The address contains a NUL character, which is not allowed.');
    }
  });

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    // A request whose account was deleted while it ran (by another process, or racing the deletion)
    // fails on rows it can no longer write: with its session gone it answers as signed out, not as a fault.
    if (
      request.sessionId &&
      isServerFault(error) &&
      // A database that cannot say (it is down) leaves the fault as it is.
      !(await app.services.sessions.stillExists(request.sessionId).catch(() => true))
    )
      return reply.status(401).send({ message: new Unauthenticated().message });
    if (error instanceof DomainError) {
      return reply.status(STATUS[error.kind]).send({ ...error.detail, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = error.validationContext ?? 'body';
      const path = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || '';
      const field =
        path || (first?.params as { issue?: { path?: string[] } })?.issue?.path?.join('.') || where;
      const msg = first?.message ?? 'is invalid';
      return reply
        .status(400)
        .send({ message: `Invalid ${where === 'body' ? 'field' : where} ${field}: ${msg}` });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: 'The request body is too large.' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ message: 'Unsupported content type; send JSON.' });
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ message: 'The request body is empty; send a JSON object.' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ message: 'The request body is not valid JSON.' });
    }
    const multipart = MULTIPART_ERRORS[error.code];
    if (multipart) return reply.status(multipart[0]).send({ message: multipart[1] });
    if (!error.code && !error.statusCode && BROKEN_MULTIPART.test(error.message) && request.isMultipart()) {
      return reply
        .status(400)
        .send({ message: 'The upload is not a complete multipart/form-data body; send the file again.' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ message: error.message || 'Too many requests. Please try again later.' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message || 'Bad request.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
});

/** An error answered with a 5xx below (a domain error's status, else the error's own, else 500). */
function isServerFault(error: FastifyError): boolean {
  if (error instanceof DomainError) return STATUS[error.kind] >= 500;
  return (error.statusCode ?? 500) >= 500 && !(error instanceof SyntaxError);
}

/**
 * A copy of a parsed JSON value with well-formed strings; throws 400 on a NUL character and on
 * nesting deeper than LIMITS.JSON_DEPTH.
 */
function cleanText(value: unknown, depth: number): unknown {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) {
      throw new Invalid('The request contains a NUL character, which is not allowed in text.');
    }
    return value.isWellFormed() ? value : value.toWellFormed();
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= LIMITS.JSON_DEPTH) {
    throw new Invalid(`The request body is nested too deeply (more than ${LIMITS.JSON_DEPTH} levels).`);
  }
  if (Array.isArray(value)) return value.map((v) => cleanText(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[cleanText(k, depth + 1) as string] = cleanText(v, depth + 1);
  return out;
}

/** Whether a parsed query string or path's names or values hold a NUL (values may be lists). */
function hasNul(values: unknown): boolean {
  if (values === null || typeof values !== 'object') return false;
  return Object.entries(values).some(
    ([k, v]) => k.includes('\u0000') || [v].flat().some((x) => typeof x === 'string' && x.includes('\u0000')),
  );
}
