import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, type ErrorCodeValue, type ErrorDetail } from '@aurum/domain/errors/catalogue';
import { AppError, checkedStatus } from './app-error.ts';
import { handlerStarted } from './route.ts';
import { DatabaseUnavailableError, isConnectionError, RETRY_AFTER_SECONDS } from '../db/connection-errors.ts';

/**
 * The error contract of every answer (DECISIONS.md §2; decision 0101): whatever fails,
 * before a route runs (the HTTP parser, the router, a body parser, multipart) or inside it, the
 * client gets a status and the JSON body `{code, context}` (plus `detail` for some 1001s), never
 * Fastify's or Node's own body and never a stack trace.
 */
export interface ErrorAnswer {
  status: number;
  body: { code: number; context: string | null; detail?: ErrorDetail };
}

/**
 * SQLSTATEs a client's input can cause (a value the database refuses): a safety net behind the
 * schemas, answered 400 (1001) with a warning in the log, never 500. The rule names what went wrong.
 */
const INPUT_SQLSTATES: Readonly<Record<string, string>> = {
  '22003': 'outOfRange', // numeric_value_out_of_range
  '22008': 'outOfRange', // datetime_field_overflow
  '22007': 'invalidDate', // invalid_datetime_format
  '22001': 'maxLength', // string_data_right_truncation
  '22021': 'invalidText', // character_not_in_repertoire (NUL, bad UTF-8)
  '22P05': 'invalidText', // untranslatable_character (\u0000 in jsonb)
  '22P02': 'invalidText', // invalid_text_representation (e.g. a lone surrogate escape in jsonb)
};

/**
 * SQLSTATEs the migrations' own triggers raise to refuse a write whatever path it came by, and the
 * code each answers: the journal's closed-day guard (migration 027).
 */
const REFUSAL_SQLSTATES: Readonly<Record<string, { code: ErrorCodeValue; context: string }>> = {
  AU001: { code: ErrorCode.BusinessDayClosed, context: 'The business day this entry would be dated in is closed.' },
};

/** Errors of @fastify/multipart and busboy when a multipart body breaks a route's limits or is malformed. */
const MULTIPART_LIMITS: Readonly<Record<string, string>> = {
  FST_FILES_LIMIT: 'Too many files',
  FST_PARTS_LIMIT: 'Too many parts',
  FST_FIELDS_LIMIT: 'Too many fields',
  FST_REQ_FILE_TOO_LARGE: 'File too large',
  FST_PROTO_VIOLATION: 'Malformed multipart body',
  FST_INVALID_JSON_FIELD_ERROR: 'Malformed multipart body',
  FST_MP_PREMATURE_CLOSE: 'Malformed multipart body',
};

/** 1000 with a context; the status is the catalogue's (400), or one it lists for 1000 (413, 414, 415, ...). */
const bad = (context: string, status?: number): ErrorAnswer => ({ status: checkedStatus(ErrorCode.BadRequest, status), body: { code: ErrorCode.BadRequest, context } });

function isMultipart(req: FastifyRequest): boolean {
  return /^multipart\//i.test(req.headers['content-type'] ?? '');
}

/** The answer to an error the error handler got; `log` says whether (and how loud) to log it. */
export function errorAnswer(error: unknown, req: FastifyRequest): ErrorAnswer & { log?: 'warn' | 'error' } {
  if (error instanceof AppError) return { status: error.status, body: error.body() };
  // a driver error that escaped the db layer's mapping (a stream, a hook): still 503, never 500
  if (isConnectionError(error)) return { status: 503, body: new DatabaseUnavailableError(error).body() };
  const e = (typeof error === 'object' && error !== null ? error : {}) as Partial<FastifyError> & { severity?: unknown };
  const code = typeof e.code === 'string' ? e.code : undefined;
  const status = typeof e.statusCode === 'number' ? e.statusCode : undefined;

  if (code && typeof e.severity === 'string' && INPUT_SQLSTATES[code]) {
    return { status: checkedStatus(ErrorCode.InvalidFormat), body: { code: ErrorCode.InvalidFormat, context: null, detail: { rule: INPUT_SQLSTATES[code]!, sqlState: code } }, log: 'warn' };
  }
  const refusal = code && typeof e.severity === 'string' ? REFUSAL_SQLSTATES[code] : undefined;
  if (refusal) return { status: checkedStatus(refusal.code), body: { code: refusal.code, context: refusal.context } };
  if (code && MULTIPART_LIMITS[code]) return bad(MULTIPART_LIMITS[code]!);
  // busboy's own errors (no boundary, a truncated or malformed body) come without a status, before the handler
  if (status === undefined && isMultipart(req) && !handlerStarted(req)) return bad('Malformed multipart body');
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) return bad('Request body too large', 413);
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) return bad('Unsupported content type', 415);
  if (code === 'FST_ERR_MAX_PARAM_LENGTH') return bad('Path parameter too long', 414);
  if (code === 'FST_ERR_BAD_URL') return bad('Malformed URL');
  // any other refusal of the framework keeps its own 4xx status
  if (status !== undefined && status >= 400 && status < 500) return { status, body: { code: ErrorCode.BadRequest, context: 'Bad request' } };
  return { status: checkedStatus(ErrorCode.Unknown), body: { code: ErrorCode.Unknown, context: null }, log: 'error' };
}

/** The application's error handler: every error answers the contract; unexpected ones are logged, input the database refused is logged as a warning. */
export function replyWithError(error: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const answer = errorAnswer(error, req);
  if (answer.log === 'error') req.log.error({ err: error }, 'unexpected error');
  // 503 3301: the operator must act (npm run audit:cutover / audit:verify); the message says what
  if (error instanceof AppError && error.code === ErrorCode.AuditChainNotReady) req.log.error({ route: req.routeOptions.url }, 'audit chain not ready: %s', error.message);
  if (answer.log === 'warn') req.log.warn({ err: error, route: req.routeOptions.url }, 'the database refused a value the schemas let through');
  if (answer.body.code === ErrorCode.DatabaseUnavailable || answer.body.code === ErrorCode.ServerDraining) {
    // the client (or the proxy in front) may try again: nothing of this call was applied
    void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    // a driver's failure once per call (readiness refusals say nothing new)
    if (error instanceof DatabaseUnavailableError) req.log.warn({ route: req.routeOptions.url, cause: String(error.cause) }, 'database unavailable');
  }
  return reply.status(answer.status).send(answer.body);
}

/**
 * Fastify's `frameworkErrors`: the router's refusals before any route (a path parameter longer than
 * maxParamLength: 414; a URL that does not decode: 400), with the contract's body.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const answer = errorAnswer(error, req);
  void reply.status(answer.status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(answer.body));
}

/**
 * Fastify's `clientErrorHandler` (Node's 'clientError'): what the HTTP parser refuses before any
 * request exists (header fields too large: 431; a malformed request line, header or content-length:
 * 400; a request that took too long: 408) is answered on the socket with the contract's body.
 */
export function clientErrorHandler(this: { log: FastifyBaseLogger }, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [given, context] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request header fields too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request timeout']
        : [undefined, 'Malformed request'];
  const status = checkedStatus(ErrorCode.BadRequest, given);
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ code: ErrorCode.BadRequest, context });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
