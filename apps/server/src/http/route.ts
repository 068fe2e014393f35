import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z, type ZodType } from 'zod';
import { can, type Permission } from '@aurum/domain/access/permissions';
import type { AuditAction } from '@aurum/domain/audit/classifications';
import { AppError, forbidden, invalidFormat } from './app-error.ts';
import type { Queryable } from '../db/db.ts';
import type { AppDeps } from '../app-deps.ts';
import { authenticate, type AuthAdmin } from '../modules/auth/authenticate.ts';
import { writeAudit, type AuditDetail } from '../modules/audit/audit-writer.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

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
}

export interface RouteSpec<B extends ZodType, Q extends ZodType, P extends ZodType, R> {
  method: Method;
  url: string;
  summary: string;
  tags: string[];
  /** 'public' needs nothing; 'admin' needs a bearer access token of a live session. */
  auth: 'public' | 'admin';
  /** The permission the admin must have (403, 1150 without it). */
  permission?: Permission;
  /**
   * A POST (or other non-GET) call under the secure root that only reads (SPEC.md §7 has several:
   * lists, GraphQL, payment_view) says so here instead of naming a permission; it cannot be audited.
   */
  readOnly?: true;
  /** Mutating routes name their audit classification: the handler runs in a transaction with its audit row. */
  audit?: AuditAction;
  /** Written (in its own transaction) when the handler fails with a client error, e.g. a failed sign-in. */
  auditFailure?: AuditAction;
  body?: B;
  query?: Q;
  params?: P;
  response?: ZodType;
  /** Extra OpenAPI fields (e.g. a basic-auth security requirement). */
  docs?: Record<string, unknown>;
  handler: (ctx: RouteContext<z.infer<B>, z.infer<Q>, z.infer<P>>) => Promise<R>;
}

/** What the registry knows of a declared route (the generated permission test walks it). */
export interface RouteInfo {
  method: Method;
  url: string;
  auth: 'public' | 'admin';
  permission: Permission | null;
  audit: AuditAction | null;
  readOnly: boolean;
}

const registries = new WeakMap<FastifyInstance, RouteInfo[]>();

/** Every route declared with route() on this application, in declaration order. */
export function registeredRoutes(app: FastifyInstance): RouteInfo[] {
  return [...(registries.get(app) ?? [])];
}

/** Changes under the secure root must name a permission: a route declared without one is refused at start. */
export const SECURE_ROOT = '/v0/web/secure';

function parseWith<T extends ZodType>(schema: T | undefined, value: unknown, where: string): z.infer<T> {
  if (!schema) return undefined as z.infer<T>;
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (!result.success) {
    const issue = result.error.issues[0];
    const path = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : where;
    throw invalidFormat(path);
  }
  return result.data;
}

function jsonSchema(schema: ZodType | undefined): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

const ERROR_BODY = {
  type: 'object',
  properties: { code: { type: 'integer' }, context: { type: ['string', 'null'] } },
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
  if (spec.url.startsWith(`${SECURE_ROOT}/`) && spec.method !== 'GET' && !spec.permission && !spec.readOnly) {
    throw new Error(`${spec.method} ${spec.url}: a change under ${SECURE_ROOT} must declare a permission`);
  }
  const registry = registries.get(app) ?? [];
  registries.set(app, registry);
  registry.push({
    method: spec.method,
    url: spec.url,
    auth: spec.auth,
    permission: spec.permission ?? null,
    audit: spec.audit ?? null,
    readOnly: spec.readOnly === true,
  });
  const responses: Record<string, unknown> = {
    200: jsonSchema(spec.response) ?? { type: 'object' },
    400: ERROR_BODY,
  };
  if (spec.auth === 'admin') responses[401] = ERROR_BODY;
  if (spec.permission) responses[403] = ERROR_BODY;
  app.route({
    method: spec.method,
    url: spec.url,
    schema: {
      summary: spec.summary,
      tags: spec.tags,
      ...(spec.body ? { body: jsonSchema(spec.body) } : {}),
      ...(spec.query ? { querystring: jsonSchema(spec.query) } : {}),
      ...(spec.params ? { params: jsonSchema(spec.params) } : {}),
      ...(spec.auth === 'admin' ? { security: [{ bearer: [] }] } : {}),
      ...(spec.permission ? { description: `Permission: ${spec.permission}${spec.audit ? `. Audited as ${spec.audit}.` : ''}` } : spec.audit ? { description: `Audited as ${spec.audit}.` } : {}),
      response: responses,
      ...spec.docs,
    },
    handler: async (req, reply) => {
      const admin = spec.auth === 'admin' ? await authenticate(deps, req) : null;
      if (spec.permission && !can(admin, spec.permission)) {
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

      const detail: AuditDetail = {};
      let actor: { username: string; adminId: number | null } | null = admin
        ? { username: admin.username, adminId: admin.id }
        : null;
      const audit: AuditRecorder = {
        actor: (username, adminId = null) => {
          actor = { username, adminId };
        },
        before: (value) => {
          detail.before = value;
        },
        after: (value) => {
          detail.after = value;
        },
        note: (key, value) => {
          detail[key] = value;
        },
      };
      const meta = () => ({
        username: actor?.username ?? 'anonymous',
        adminId: actor?.adminId ?? null,
        device: req.headers['user-agent']?.slice(0, 512) ?? null,
        ip: req.ip,
      });

      if (!spec.audit) {
        return spec.handler({ body, query, params, db: deps.db, admin, req, reply, audit });
      }
      const action = spec.audit;
      try {
        return await deps.db.transaction(async (tx) => {
          const result = await spec.handler({ body, query, params, db: tx, admin, req, reply, audit });
          await writeAudit(tx, { ...meta(), action, detail });
          return result;
        });
      } catch (error) {
        if (spec.auditFailure && error instanceof AppError && error.status < 500) {
          const failure = spec.auditFailure;
          await deps.db.transaction((tx) =>
            writeAudit(tx, { ...meta(), action: failure, detail: { ...detail, code: error.code } }),
          );
        }
        throw error;
      }
    },
  });
}
