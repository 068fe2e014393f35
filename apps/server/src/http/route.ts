import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z, type ZodType } from 'zod';
import { can, type Permission } from '@aurum/domain/access/permissions';
import type { AuditAction } from '@aurum/domain/audit/classifications';
import { ErrorCode, isErrorDetail } from '@aurum/domain/errors/catalogue';
import { appError, forbidden, invalidFormat } from './app-error.ts';
import { AuditRecording, withAuditObject } from './audit-recording.ts';
import { badTextPath } from './clean-text.ts';
import type { Queryable } from '../db/db.ts';
import type { AdminRole } from '@aurum/domain/access/roles';
import type { AppDeps } from '../app-deps.ts';
import { idempotencyKeyOf, mayHoldSecret, requestHash } from './idempotency.ts';
import { runAudited, runBatch, runPlain, type HandlerRun, type OnceRun } from './route-runners.ts';
import { UndoStack } from './undo-stack.ts';
import { ownWriteOf, rememberOwnWrite } from './read-your-writes.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** The signed-in admin of a call. */
export interface AuthAdmin {
  id: number;
  username: string;
  role: AdminRole;
  sessionId: string;
}

export type AuditDetail = Record<string, unknown>;

/** One audit row as route() hands it to the writer. */
export interface AuditEntry {
  username: string;
  adminId: number | null;
  action: AuditAction;
  detail: AuditDetail;
  device: string | null;
  ip: string | null;
}

/**
 * What route() needs from the modules, given as interfaces (a mechanism imports no module): app.ts
 * builds them from the auth and audit services and hands them over with `provideRouteMechanisms`.
 */
export interface RouteMechanisms {
  /** The admin of the call's live session; throws the 401 AppError otherwise. */
  authenticate(req: FastifyRequest): Promise<AuthAdmin>;
  /** Appends one row to the audit trail inside `q` (the audited change's transaction). */
  writeAudit(q: Queryable, entry: AuditEntry): Promise<void>;
  /** Counts a call (or a batch's item) answered with the stored first answer of its Idempotency-Key (the metrics). */
  idempotentReplay?(route: string): void;
}

const mechanisms = new WeakMap<FastifyInstance, RouteMechanisms>();

/** Gives route() the authentication and the audit writer of this application (app.ts, before any route). */
export function provideRouteMechanisms(app: FastifyInstance, given: RouteMechanisms): void {
  mechanisms.set(app, given);
}

/** What a handler may tell the audit row of its route. */
export interface AuditRecorder {
  /** Who acted, when it is not the signed-in admin (sign-in, password reset). */
  actor(username: string, adminId?: number | null): void;
  before(value: unknown): void;
  after(value: unknown): void;
  note(key: string, value: unknown): void;
}

export interface RouteContext<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  /** The transaction of an audited route (the change and its audit row commit together), else the database. */
  db: Queryable;
  admin: AuthAdmin | null;
  req: FastifyRequest;
  reply: FastifyReply;
  audit: AuditRecorder;
  /**
   * Registers the undo of an effect outside the database (a stored receipt file): it runs when this
   * run of the handler does not commit, i.e. when the call fails, and before the transaction runs
   * again after a deadlock (Db.transaction retries it; decision 0531).
   */
  onRollback(undo: () => Promise<void>): void;
  /**
   * A batch route's (spec.batch) runner of one item: `fn` runs in a transaction of its own with an
   * audit row of its own (`action`, written in that transaction, retried with it after a deadlock),
   * so a refused item undoes only itself. Null on other routes.
   */
  eachItem: ItemRunner | null;
  /**
   * Appends one audit row in its own transaction, as the signed-in admin, for an effect that ends
   * after the handler has returned (a streamed export: the row count is known at the end).
   */
  auditLater(action: AuditAction, detail: AuditDetail): Promise<void>;
  /**
   * Registers a last step of an audited route's transaction: it runs after the handler returned,
   * just before the audit row is written and the transaction commits (a rule that takes a lock
   * held until commit, such as the treasury's coverage rule, takes it as late as it can). Throwing
   * rolls the change back like any refusal. On other routes it runs at once.
   */
  beforeCommit(step: () => Promise<void>): void;
}

/** What one item of a batch route gets: its transaction, its audit row, the undo of its outside effects. */
export interface ItemContext {
  db: Queryable;
  audit: AuditRecorder;
  onRollback(undo: () => Promise<void>): void;
}

/**
 * An item of a batch route that is `idempotent`: its reference within the batch (e.g. `deposit:12`)
 * and what the request asks of it. The call's Idempotency-Key is claimed per item (docs/decisions/0560).
 */
export interface ItemIdentity {
  ref: string;
  request: unknown;
}

export type ItemRunner = <T>(action: AuditAction, fn: (item: ItemContext) => Promise<T>, identity?: ItemIdentity) => Promise<T>;

export interface RouteSpec<B extends ZodType, Q extends ZodType, P extends ZodType, R> {
  method: Method;
  url: string;
  summary: string;
  tags: string[];
  /** 'public' needs nothing; 'admin' needs a bearer access token of a live session. */
  auth: 'public' | 'admin';
  /**
   * The permission the admin must have (403, 1150 without it); a list means any one of them (a batch
   * route whose items each check their own, e.g. the inbox's decisions).
   */
  permission?: Permission | readonly Permission[];
  /**
   * A POST (or other non-GET) call under the secure root that only reads (SPEC.md §7 has several:
   * lists, GraphQL, payment_view) says so here instead of naming a permission; it cannot be audited.
   */
  readOnly?: true;
  /**
   * 'replica': a read (no audit) whose statements may run on a replica (READ_DATABASE_URL) when it
   * has replayed the caller's own last write; lists, exports, the orders connection, reports. Never
   * a route whose answer decides money: those read the leader (decision 0010).
   */
  reads?: 'replica';
  /** Mutating routes name their audit classification: the handler runs in a transaction with its audit row. */
  audit?: AuditAction;
  /** Written (in its own transaction) when the handler fails with a client error, e.g. a failed sign-in. */
  auditFailure?: AuditAction;
  /**
   * A batch of changes (needs `audit`): the handler runs outside any transaction and decides each
   * item with `ctx.eachItem` (its own transaction and audit row); the route's own audit row (the
   * batch: what the handler noted) is written afterwards in a transaction of its own.
   */
  batch?: true;
  /**
   * The route honours an Idempotency-Key (docs/decisions/0560): claimed in the audited transaction
   * (scope: method and url template; the request: admin, params, query and body), the first answer
   * stored with the change and given again, status and all, to a repeat; a batch claims it per item
   * (`eachItem`'s identity). Only for audited routes whose answer holds no secret (refused at start).
   */
  idempotent?: true;
  body?: B;
  query?: Q;
  params?: P;
  response?: ZodType;
  /** Headers of a successful answer, for the OpenAPI document (e.g. the cursors of a paged list). */
  responseHeaders?: Record<string, { description: string; type: 'string' | 'integer' }>;
  /**
   * The route takes a multipart/form-data body within these limits (per route: a single-receipt
   * route accepts one file). Other routes refuse multipart bodies (415).
   */
  multipart?: MultipartLimits;
  /** Extra OpenAPI fields (e.g. a basic-auth security requirement). */
  docs?: Record<string, unknown>;
  handler: (ctx: RouteContext<z.infer<B>, z.infer<Q>, z.infer<P>>) => Promise<R>;
}

/** Limits of a multipart body (busboy's): files, bytes per file, text fields, bytes per field, parts. */
export interface MultipartLimits {
  files: number;
  fileSize: number;
  fields: number;
  fieldSize: number;
  parts: number;
  /** Bytes of all files together (413 beyond); unset: files x fileSize. */
  totalFileSize?: number;
}

/** What the registry knows of a declared route (the generated permission test walks it). */
export interface RouteInfo {
  method: Method;
  url: string;
  auth: 'public' | 'admin';
  /** One permission, or any one of a list. */
  permission: Permission | readonly Permission[] | null;
  audit: AuditAction | null;
  readOnly: boolean;
  /** Whether the route honours an Idempotency-Key (spec.idempotent). */
  idempotent: boolean;
}

const registries = new WeakMap<FastifyInstance, RouteInfo[]>();

/** Every route declared with route() on this application, in declaration order. */
export function registeredRoutes(app: FastifyInstance): RouteInfo[] {
  return [...(registries.get(app) ?? [])];
}

/** Whether the admin has the permission, or one of the list. */
export function allows(admin: { role: AdminRole } | null | undefined, permission: Permission | readonly Permission[]): boolean {
  return typeof permission === 'string' ? can(admin, permission) : permission.some((p) => can(admin, p));
}

/** Changes under the secure root must name a permission: a route declared without one is refused at start. */
export const SECURE_ROOT = '/v0/web/secure';

/** Marks a request that reached its route's handler (a property, not a WeakSet: one store per request, no ephemeron table). */
const HANDLER_STARTED = Symbol('handlerStarted');
type Marked = FastifyRequest & { [HANDLER_STARTED]?: true };

/** Whether the request got as far as its route's handler (errors before it come from parsing the request). */
export function handlerStarted(req: FastifyRequest): boolean {
  return (req as Marked)[HANDLER_STARTED] === true;
}

/**
 * Validates one input: text PostgreSQL cannot hold (NUL, a lone surrogate) anywhere in it is refused
 * first, for every route in this one place (detail {rule: 'invalidText'}); then the zod schema.
 * Either way 400, 1001 with the field path as context (DECISIONS.md §2); a schema's rule that put
 * its values on the issue (`params: {rule, ...}`, e.g. the calendar's bounds) sends them as `detail`.
 */
function parseWith<T extends ZodType>(schema: T | undefined, value: unknown, where: string): z.infer<T> {
  if (!schema) return undefined as z.infer<T>;
  const badText = badTextPath(value, where);
  if (badText !== null) throw invalidFormat(badText, { rule: 'invalidText' });
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (!result.success) {
    const issue = result.error.issues[0];
    const path = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : where;
    const params = issue?.code === 'custom' ? issue.params : undefined;
    throw invalidFormat(path, isErrorDetail(params) ? params : undefined);
  }
  return result.data;
}

const isMultipartRequest = (req: FastifyRequest) => /^multipart\//i.test(req.headers['content-type'] ?? '');

/**
 * The JSON Schema of each zod schema, converted once per process (the conversion was a fifth of
 * building the app, and a process may build it again: a restart in place, each test's server); kept
 * as text, so that every route gets an object of its own to compile or annotate.
 */
const jsonSchemaText = new WeakMap<ZodType, string>();

function jsonSchema(schema: ZodType | undefined): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  let text = jsonSchemaText.get(schema);
  if (text === undefined) {
    const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
    delete out.$schema;
    text = JSON.stringify(out);
    jsonSchemaText.set(schema, text);
  }
  return JSON.parse(text) as Record<string, unknown>;
}

/** The error body of DECISIONS.md §2 in the OpenAPI document (decision 0101). */
export const ERROR_BODY = {
  type: 'object',
  properties: {
    code: { type: 'integer' },
    context: { type: ['string', 'null'], description: 'For 1001, the path of the refused field (e.g. quantity, address.city).' },
    detail: {
      type: 'object',
      description:
        "Optional, with some 1001 answers: the rule the field broke and its values, e.g. {rule: 'minimumQuantity', value: '5'} (the server's minimum order quantity) or {rule: 'invalidText'} (a NUL or a lone surrogate). Never part of the message.",
      properties: { rule: { type: 'string' } },
      required: ['rule'],
      additionalProperties: { type: ['string', 'number'] },
    },
  },
  required: ['code', 'context'],
};

/**
 * Declares a route: validation of every input by its zod schema, authentication, the permission,
 * and for mutating routes one audit row in the same transaction as the change.
 */
export function route<B extends ZodType, Q extends ZodType, P extends ZodType, R>(
  app: FastifyInstance,
  deps: AppDeps,
  spec: RouteSpec<B, Q, P, R>,
): void {
  if (spec.permission && spec.auth !== 'admin') throw new Error(`${spec.url}: a permission needs auth 'admin'`);
  if (spec.readOnly && (spec.permission || spec.audit)) throw new Error(`${spec.url}: a read-only route has no permission and no audit`);
  if (spec.reads && spec.audit) throw new Error(`${spec.url}: a change reads the leader; only a read may read a replica`);
  if (spec.batch && !spec.audit) throw new Error(`${spec.url}: a batch route names the audit classification of its batch row`);
  if (spec.url.startsWith(`${SECURE_ROOT}/`) && spec.method !== 'GET' && !spec.permission && !spec.readOnly) {
    throw new Error(`${spec.method} ${spec.url}: a change under ${SECURE_ROOT} must declare a permission`);
  }
  if (spec.idempotent) refuseIdempotentUnlessSafe(spec);
  const registry = registries.get(app) ?? [];
  registries.set(app, registry);
  registry.push({
    method: spec.method,
    url: spec.url,
    auth: spec.auth,
    permission: spec.permission ?? null,
    audit: spec.audit ?? null,
    readOnly: spec.readOnly === true,
    idempotent: spec.idempotent === true,
  });
  const responses: Record<string, unknown> = {
    200: { ...(jsonSchema(spec.response) ?? { type: 'object' }), ...(spec.responseHeaders ? { headers: spec.responseHeaders } : {}) },
    400: ERROR_BODY,
  };
  if (spec.auth === 'admin') responses[401] = ERROR_BODY;
  if (spec.permission) responses[403] = ERROR_BODY;
  app.route({
    method: spec.method,
    url: spec.url,
    // multipart bodies are read with this route's own limits (@fastify/multipart reads config.multipartOptions)
    ...(spec.multipart ? { config: { multipartOptions: { limits: busboyLimits(spec.multipart) }, multipartTotalFileSize: spec.multipart.totalFileSize ?? null } } : {}),
    // a callback hook, not an async one: no promise for every request that passes
    onRequest: (req, _reply, done) => {
      if (!spec.multipart && isMultipartRequest(req)) return done(appError(ErrorCode.BadRequest, 'Unsupported content type', { status: 415 }));
      done();
    },
    schema: {
      summary: spec.summary,
      tags: spec.tags,
      ...(spec.body ? { body: jsonSchema(spec.body) } : {}),
      ...(spec.query ? { querystring: jsonSchema(spec.query) } : {}),
      ...(spec.params ? { params: jsonSchema(spec.params) } : {}),
      ...(spec.auth === 'admin' ? { security: [{ bearer: [] }] } : {}),
      ...(spec.permission
        ? { description: `Permission: ${typeof spec.permission === 'string' ? spec.permission : `any of ${spec.permission.join(', ')}`}${spec.audit ? `. Audited as ${spec.audit}.` : ''}` }
        : spec.audit
          ? { description: `Audited as ${spec.audit}.` }
          : {}),
      response: responses,
      ...spec.docs,
    },
    handler: async (req, reply) => {
      (req as Marked)[HANDLER_STARTED] = true;
      // read when a request arrives: declaring a route needs nothing but the app
      const { authenticate, writeAudit, idempotentReplay } = mechanisms.get(app) ?? missingMechanisms();
      const admin = spec.auth === 'admin' ? await authenticate(req) : null;
      if (spec.permission && !allows(admin, spec.permission)) {
        // the refused attempt is itself audited: who tried what, from where
        await deps.db.transaction((tx) =>
          writeAudit(tx, {
            username: admin!.username,
            adminId: admin!.id,
            action: 'access.denied',
            detail: { attempted: spec.audit ?? null, permission: spec.permission, route: `${spec.method} ${spec.url}`, code: 1150 },
            device: req.headers['user-agent']?.slice(0, 512) ?? null,
            ip: req.ip,
          }),
        );
        throw forbidden();
      }
      const body = parseWith(spec.body, req.body, 'body');
      const query = parseWith(spec.query, req.query, 'query');
      const params = parseWith(spec.params, req.params, 'params');
      // a malformed key is refused before anything runs; routes that are not opted in ignore the header
      const key = spec.idempotent ? idempotencyKeyOf(req) : undefined;

      // one recorder and one undo stack for the call, whatever its mode (route-runners.ts)
      const recording = new AuditRecording(admin ? { username: admin.username, adminId: admin.id } : null);
      const undo = new UndoStack();
      const write = (q: Queryable, action: AuditAction, detail: AuditDetail) =>
        writeAudit(q, {
          username: recording.actor?.username ?? 'anonymous',
          adminId: recording.actor?.adminId ?? null,
          device: req.headers['user-agent']?.slice(0, 512) ?? null,
          ip: req.ip,
          action,
          detail: withAuditObject(action, detail, params, body),
        });
      const auditLater = (later: AuditAction, laterDetail: AuditDetail) => deps.db.transaction((tx) => write(tx, later, laterDetail));
      const reads = spec.reads === 'replica' && deps.topology ? deps.topology.readsFor(ownWriteOf(req)) : null;
      const routeName = `${spec.method} ${spec.url}`;
      const once: OnceRun | null =
        key === undefined
          ? null
          : {
              claim: (part, request) => ({
                scope: part === null ? routeName : `${routeName} ${part}`,
                key,
                adminId: admin?.id ?? null,
                hash: requestHash({ admin: admin?.id ?? null, request }),
              }),
              request: { params: params ?? null, query: query ?? null, body: body ?? null },
              replayed: () => idempotentReplay?.(spec.url),
            };
      const run: HandlerRun<R> = {
        db: deps.db,
        once,
        recording,
        undo,
        write,
        handler: (db, { eachItem, beforeCommit }) =>
          spec.handler({ body, query, params, db: reads ?? db, admin, req, reply, audit: recording.recorder, onRollback: undo.push, eachItem, auditLater, beforeCommit }),
      };
      if (!spec.audit) return runPlain(run);
      const answer = spec.batch ? await runBatch(run, spec.audit) : await runAudited(run, spec.audit, spec.auditFailure);
      await rememberOwnWrite(deps.topology, reply);
      return answer;
    },
  });
}

/** busboy's limits of a route (the total of all files is checked as files arrive, by the multipart reader). */
function busboyLimits(limits: MultipartLimits): Omit<MultipartLimits, 'totalFileSize'> {
  const { totalFileSize: _total, ...rest } = limits;
  return rest;
}

/** The most bytes of files together a multipart route takes (route()'s `multipart.totalFileSize`), or null. */
export function multipartTotalFileSize(req: FastifyRequest): number | null {
  const config = req.routeOptions.config as { multipartTotalFileSize?: number | null };
  return config.multipartTotalFileSize ?? null;
}

/**
 * The opt-in is refused at start where a stored answer could be wrong or hold a secret: on a route
 * without an audited transaction (the key must commit with the change), a public or sign-in route,
 * or one whose answer schema names a token, secret, password, recovery code or one-time code.
 */
function refuseIdempotentUnlessSafe(spec: Pick<RouteSpec<ZodType, ZodType, ZodType, unknown>, 'method' | 'url' | 'audit' | 'readOnly' | 'auth' | 'response'>): void {
  const where = `${spec.method} ${spec.url}`;
  if (!spec.audit || spec.readOnly) throw new Error(`${where}: an idempotent route is an audited change (the key commits with it)`);
  if (spec.auth !== 'admin' || !spec.url.startsWith(`${SECURE_ROOT}/`)) throw new Error(`${where}: only changes under ${SECURE_ROOT} may be idempotent`);
  const schema = jsonSchema(spec.response);
  if (mayHoldSecret(schema ? JSON.stringify(schema) : null)) throw new Error(`${where}: its answer may hold a secret, which idempotency_keys would store`);
}

function missingMechanisms(): never {
  throw new Error('route(): call provideRouteMechanisms(app, ...) before declaring routes (app.ts)');
}
