import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  buildSchema,
  coerceInputValue,
  getOperationAST,
  isInputType,
  isNonNullType,
  parse,
  print,
  specifiedRules,
  typeFromAST,
  validate,
  visit,
  type ArgumentNode,
  type ASTNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { z } from 'zod';
import { DEFAULT_ERROR_MESSAGE, ErrorCode, messageFor, parseErrorBody, type ApiErrorBody } from '@aurum/domain/errors/catalogue';
import { Decimal, isDecimalText } from '@aurum/domain/money/decimal';
import { ORDER_CURRENCIES, ORDER_SIDES, ORDER_TYPES, OrderNode, TimelineEntry } from '@aurum/domain/orders/order-schemas';
import { ORDER_STATUSES } from '@aurum/domain/orders/order-status';
import { startOfBusinessDay } from '@aurum/domain/system/business-time';
import { USER_SEARCH_CONDITIONS } from '@aurum/domain/users/user-enums';
import { AppError } from '../../http/app-error.ts';
import { errorAnswer } from '../../http/error-contract.ts';
import { ERROR_BODY, route } from '../../http/route.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Queryable } from '../../db/db.ts';
import { serverSpelling } from '@aurum/domain/export/export-schemas';
import { graphqlObjectTypes } from '../../http/graphql-from-zod.ts';
import type { OrderFilter } from './order-connection-repository.ts';
import { ordersConnection, type ConnectionPage } from './order-read-service.ts';

/** CREATED -> Created, OFF_LINE -> OffLine: the PascalCase spelling of a server value. */
export const pascalSpelling = (value: string) =>
  value
    .split('_')
    .map((w) => `${w.slice(0, 1)}${w.slice(1).toLowerCase()}`)
    .join('');
/** Either spelling to the server's: OffLine -> OFF_LINE, Created -> CREATED, CREATED -> CREATED (the domain's, shared with the export's query). */
export { serverSpelling };

/** The user conditions the connection searches by (the user list also has EMAIL). */
const USER_CONDITIONS = USER_SEARCH_CONDITIONS.filter((c) => c !== 'EMAIL');

/**
 * A filter enum that accepts both spellings of each value: the server's (SPEC.md §3, §4: CREATED,
 * OFF_LINE, MYR), which the console's filter mapping sends, and the PascalCase one of SPEC.md §7
 * (Created, OffLine, Myr). Both are real members, so validation and introspection tell the truth;
 * the resolver reads either as the server value, and answers always carry the server spelling.
 */
function filterEnum(name: string, what: string, values: readonly string[]): string {
  const server = values.map((v) => `    ${v}`).join('\n');
  const pascal = values.map((v) => `    "Same as ${v}." ${pascalSpelling(v)}`).join('\n');
  return `  """${what}: the server spelling (${values.join(', ')}) or its PascalCase twin (${values.map(pascalSpelling).join(', ')}); both filter alike."""\n  enum ${name} {\n${server}\n${pascal}\n  }`;
}

/**
 * The orders connection of SPEC.md §7 (`adminOrdersConnection`; graphql-js parses and validates, graphql-jit executes): Relay-style edges and
 * pageInfo over orders in ascending id order, paged by keyset on the primary key (after+first
 * forward, before+last backward; never OFFSET). The console asks `last` for the newest page and
 * reverses it for display. The `Order` and `TimelineEntry` types are generated from the domain's
 * zod declaration (OrderNode, packages/domain/src/orders/order-schemas.ts), which the console's
 * types are inferred from too; the resolver reads and pages through order-read-service.ts.
 */
export const ORDERS_SDL = /* GraphQL */ `
${filterEnum('UserCondition', 'How userInput finds the user', USER_CONDITIONS)}
${filterEnum('OrderAction', 'Order side', ORDER_SIDES)}
${filterEnum('OrderStatus', 'Server order status (SPEC.md §4)', ORDER_STATUSES)}
${filterEnum('OrderTypeFilter', 'Order type (SPEC.md §3)', ORDER_TYPES)}
${filterEnum('Currency', 'Order currency', ORDER_CURRENCIES)}

${graphqlObjectTypes({ Order: OrderNode, TimelineEntry })}

  type OrderEdge { cursor: String! node: Order! }
  type PageInfo { startCursor: String endCursor: String hasNextPage: Boolean! hasPreviousPage: Boolean! }
  type OrderConnection {
    edges: [OrderEdge!]!
    pageInfo: PageInfo!
    """
    How many orders match: exact for no filter or a status filter alone (kept per status); for any other
    filter counted up to 10,000, and when more match it is 10,000 with totalIsLowerBound true ("10,000+").
    """
    totalCount: Int!
    "totalCount is a lower bound: more orders match than were counted."
    totalIsLowerBound: Boolean!
  }

  type Query {
    """
    Orders by id ascending (Relay keyset paging). Enum filters take the server spelling or its PascalCase twin;
    answers carry the server spelling. Errors carry extensions {code, context} of the error catalogue.
    """
    adminOrdersConnection(
      first: Int
      last: Int
      after: String
      before: String
      userCondition: UserCondition
      userInput: String
      action: OrderAction
      orderId: Int
      status: [OrderStatus!]
      orderType: OrderTypeFilter
      createdAfter: String
      createdBefore: String
      filledAt: [String!]
      goodTillDate: [String!]
      symbol: String
      currency: Currency
      quantity: String
    ): OrderConnection!
  }
`;

export const MAX_PAGE = 1000;
export const DEFAULT_PAGE = 10;
export const MAX_DEPTH = 8;
export const MAX_FIELDS = 300;

const schema = buildSchema(ORDERS_SDL);
/** What the resolvers get besides their arguments: the database of the call. */
interface ConnectionContext {
  db: Queryable;
}
schema.getQueryType()!.getFields().adminOrdersConnection!.resolve = (_root: unknown, args: ConnectionArgs, context: ConnectionContext) => resolveConnection(context.db, args);

export interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  /** The enum variables arrive in either spelling (see filterEnum); serverSpelling reads them. */
  userCondition?: string | null;
  userInput?: string | null;
  action?: string | null;
  orderId?: number | null;
  status?: string[] | null;
  orderType?: string | null;
  createdAfter?: string | null;
  createdBefore?: string | null;
  filledAt?: string[] | null;
  goodTillDate?: string[] | null;
  symbol?: string | null;
  currency?: string | null;
  quantity?: string | null;
}

/**
 * Bad input to the connection: 400, code 1001 with the argument as context (DECISIONS.md §2), and
 * a message that says what is wrong (the GraphQL error's message).
 */
export class GraphqlInputError extends AppError {
  constructor(context: string, message: string, code: number = ErrorCode.InvalidFormat) {
    super(400, code, context);
    this.message = message;
  }
}
const bad = (argument: string, message: string) => new GraphqlInputError(argument, message);

export const encodeCursor = (id: number) => Buffer.from(`order:${id}`).toString('base64url');
export function decodeCursor(cursor: string, name: string): number {
  const m = /^order:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw bad(name, `Invalid cursor in ${name}`);
  return Number(m[1]);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date yyyy-MM-dd (no 30 February) that PostgreSQL holds too (no year 0000). */
const isDate = (d: string) => {
  if (!DATE.test(d) || d.startsWith('0000')) return false;
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
};
/** The first moment of a business date (Asia/Kuala_Lumpur), plus whole days. */
function startOfBusinessDate(date: string, name: string, plusDays = 0): Date {
  if (!isDate(date)) throw bad(name, `${name} must be yyyy-MM-dd`);
  return startOfBusinessDay(date, plusDays);
}
const FIRST_MOMENT = Date.parse('0001-01-01T00:00:00Z');
const END_MOMENT = Date.parse('+010000-01-01T00:00:00Z');
/** A moment: an ISO date-time, or a business date (its start; with `end`, the start of the next day). */
function moment(value: string, name: string, end: boolean): Date {
  if (DATE.test(value)) return startOfBusinessDate(value, name, end ? 1 : 0);
  const t = Date.parse(value);
  // years 1 to 9999: JavaScript reads years PostgreSQL cannot hold
  if (Number.isNaN(t) || t < FIRST_MOMENT || t >= END_MOMENT) throw bad(name, `${name} must be a date (yyyy-MM-dd) or an ISO date-time`);
  return new Date(t);
}
/** A list of one date (that day) or two (an inclusive range). */
function dateRange(values: readonly string[], name: string): [string, string] {
  if (values.length < 1 || values.length > 2) throw bad(name, `${name} takes one date or two (from, to)`);
  const [from, to = from] = values as [string, string?];
  for (const d of [from, to]) if (!isDate(d)) throw bad(name, `${name} must be yyyy-MM-dd dates`);
  return [from, to!];
}

/**
 * The connection's filters parsed into what the table holds (the repository builds the SQL): enum
 * values in the server spelling, dates as the moments they stand for. Bad values: 400 1001 with
 * the argument.
 */
export function connectionFilter(a: ConnectionArgs): OrderFilter {
  const f: OrderFilter = {};
  const input = a.userInput?.trim();
  if (input) {
    if (a.userCondition && serverSpelling(a.userCondition) === 'USER_ID') {
      if (!/^\d{1,15}$/.test(input)) throw bad('userInput', 'userInput must be a user id');
      f.userId = Number(input);
    } else {
      f.usernamePart = input.toLowerCase();
    }
  }
  // enum variables come in either spelling (filterEnum): the server's is what the table holds
  if (a.action) f.action = serverSpelling(a.action);
  if (a.orderId !== undefined && a.orderId !== null) f.orderId = a.orderId;
  if (a.status) f.statuses = a.status.map(serverSpelling);
  if (a.orderType) f.orderType = serverSpelling(a.orderType);
  if (a.createdAfter) f.createdFrom = moment(a.createdAfter, 'createdAfter', false);
  if (a.createdBefore) f.createdBefore = moment(a.createdBefore, 'createdBefore', true);
  if (a.filledAt && a.filledAt.length > 0) {
    const [from, to] = dateRange(a.filledAt, 'filledAt');
    f.filled = { from: startOfBusinessDate(from, 'filledAt'), before: startOfBusinessDate(to, 'filledAt', 1) };
  }
  if (a.goodTillDate && a.goodTillDate.length > 0) {
    const [from, to] = dateRange(a.goodTillDate, 'goodTillDate');
    f.goodTill = { from, to };
  }
  if (a.symbol) f.symbol = a.symbol.toUpperCase();
  if (a.currency) f.currency = serverSpelling(a.currency);
  if (a.quantity) {
    if (!isDecimalText(a.quantity)) throw bad('quantity', 'quantity must be a decimal number of grams');
    f.quantity = new Decimal(a.quantity).toFixed();
  }
  return f;
}

/** The page asked: size (1 to MAX_PAGE, default DEFAULT_PAGE), direction and cursors. */
export function connectionPage(a: ConnectionArgs): ConnectionPage {
  if (a.first != null && a.last != null) throw bad('last', 'Use first (with after) or last (with before), not both');
  const size = a.first ?? a.last ?? DEFAULT_PAGE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE) throw bad(a.first != null ? 'first' : 'last', `first and last must be between 1 and ${MAX_PAGE}`);
  return {
    size,
    backward: a.last != null || (a.before != null && a.first == null),
    after: a.after ? decodeCursor(a.after, 'after') : null,
    before: a.before ? decodeCursor(a.before, 'before') : null,
  };
}

/** adminOrdersConnection: the service's page as Relay edges and pageInfo. */
async function resolveConnection(db: Queryable, a: ConnectionArgs) {
  const page = connectionPage(a);
  const result = await ordersConnection(db, connectionFilter(a), page);
  const edges = result.nodes.map((node) => ({ cursor: encodeCursor(node.id), node }));
  return {
    edges,
    pageInfo: { startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null, hasNextPage: result.hasNextPage, hasPreviousPage: result.hasPreviousPage },
    totalCount: result.totalCount,
    totalIsLowerBound: result.totalIsLowerBound,
  };
}

/** Refuses documents nested deeper than MAX_DEPTH (fragments followed). */
export function depthLimitRule(max: number): ValidationRule {
  return (context: ValidationContext) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of context.getDocument().definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    const depth = (set: SelectionSetNode | undefined, seen: Set<string>): number => {
      if (!set) return 0;
      let deepest = 0;
      for (const s of set.selections) {
        if (s.kind === Kind.FIELD) deepest = Math.max(deepest, s.selectionSet ? 1 + depth(s.selectionSet, seen) : 1);
        else if (s.kind === Kind.INLINE_FRAGMENT) deepest = Math.max(deepest, depth(s.selectionSet, seen));
        else if (!seen.has(s.name.value)) deepest = Math.max(deepest, depth(fragments.get(s.name.value)?.selectionSet, new Set([...seen, s.name.value])));
      }
      return deepest;
    };
    return {
      OperationDefinition(node) {
        const d = depth(node.selectionSet, new Set());
        if (d > max) context.reportError(new GraphQLError(`Query is too deep (${d} levels, at most ${max})`, { nodes: [node] }));
      },
    };
  };
}

/** Refuses documents selecting more than MAX_FIELDS fields in all (aliases and fragments included). */
export function costLimitRule(max: number): ValidationRule {
  return (context: ValidationContext) => {
    let fields = 0;
    return {
      Field(node: ASTNode) {
        fields += 1;
        if (fields === max + 1) context.reportError(new GraphQLError(`Query is too large (more than ${max} fields)`, { nodes: [node] }));
      },
    };
  };
}

const GraphqlBody = z.object({
  query: z.string().min(1).max(20_000),
  variables: z.record(z.string(), z.unknown()).nullable().optional(),
  operationName: z.string().max(200).nullable().optional(),
});

export const GRAPHQL_URL = '/v0/web/secure/graphql';

/** One error of a GraphQL answer: extensions carry the body of the REST error contract. */
export interface GraphqlWireError {
  message: string;
  locations?: ReadonlyArray<{ line: number; column: number }>;
  path?: ReadonlyArray<string | number>;
  extensions: ApiErrorBody;
}

/** An error of the request itself (document or variables), found before execution. */
const requestError = (message: string, code: number, context: string | null, nodes?: readonly ASTNode[]) =>
  new GraphQLError(message, { ...(nodes ? { nodes } : {}), originalError: new GraphqlInputError(context ?? '', message, code) });

/**
 * The HTTP status and error body an error stands for: an AppError's own; anything else as the
 * common error handler would answer it (input the database refused: 400; unexpected: 500, code 0).
 */
function failureOf(e: GraphQLError, req: FastifyRequest): { status: number; body: ApiErrorBody } {
  const original = e.originalError;
  if (original instanceof AppError) {
    const body = original.body();
    return { status: original.status, body: { ...body, context: body.context || null } };
  }
  const { status, body } = errorAnswer(original ?? e, req);
  return { status, body };
}

function toWire(e: GraphQLError, req: FastifyRequest): GraphqlWireError {
  const { body } = failureOf(e, req);
  const original = e.originalError;
  // the input errors' own text says what is wrong; other codes read as the catalogue says; never an internal message
  const message = original instanceof GraphqlInputError ? e.message : original instanceof AppError || body.code !== ErrorCode.Unknown ? messageFor(body.code, body.context) : DEFAULT_ERROR_MESSAGE;
  return {
    message,
    ...(e.locations ? { locations: e.locations } : {}),
    ...(e.path ? { path: e.path } : {}),
    extensions: body,
  };
}

/**
 * Where a validation error points: the variable it concerns, else the argument whose value it is
 * about, else the document ('query', the body field that holds it).
 */
function contextOf(e: GraphQLError, args: readonly ArgumentNode[]): string {
  const node = e.nodes?.[0];
  if (!node) return 'query';
  if (node.kind === Kind.VARIABLE_DEFINITION) return node.variable.name.value;
  if (node.kind === Kind.VARIABLE) return node.name.value;
  const at = node.loc;
  if (at) {
    let best: ArgumentNode | null = null;
    for (const arg of args) {
      const loc = arg.loc;
      if (loc && loc.start <= at.start && at.end <= loc.end && (!best || loc.end - loc.start < best.loc!.end - best.loc!.start)) best = arg;
    }
    if (best) return best.name.value;
  }
  return 'query';
}

/** A bounded echo of a refused value for an error message (bodies nest at most MAX_JSON_DEPTH deep). */
const preview = (value: unknown): string => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
};

const pathText = (name: string, path: ReadonlyArray<string | number>) => `${name}${path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('')}`;

/**
 * Coerces the variables of the operation as execution would, to name the one that fails: code 1001
 * with the variable's path as context ('status.0', the REST field-path style).
 */
function variableErrors(operation: OperationDefinitionNode, inputs: Record<string, unknown>): GraphQLError[] {
  const errors: GraphQLError[] = [];
  for (const def of operation.variableDefinitions ?? []) {
    const name = def.variable.name.value;
    const type = typeFromAST(schema, def.type);
    if (!type || !isInputType(type)) continue; // validation has refused such a document already
    const value = inputs[name];
    if (value === undefined) {
      if (isNonNullType(type) && !def.defaultValue) errors.push(requestError(`Variable "$${name}" of required type "${print(def.type)}" was not provided.`, ErrorCode.InvalidFormat, name, [def]));
      continue;
    }
    let first: GraphQLError | null = null;
    coerceInputValue(value, type, (path, invalid, error) => {
      if (first) return;
      const where = path.length > 0 ? ` at "${pathText(name, path)}"` : '';
      const context = [name, ...path.map(String)].join('.');
      first = requestError(`Variable "$${name}" got invalid value ${preview(invalid)}${where}; ${error.message}`, ErrorCode.InvalidFormat, context, [def]);
    });
    if (first) errors.push(first);
  }
  return errors;
}

/**
 * The answer to a GraphQL call with errors. With data (a partial result) it is 200. Without, the
 * call failed: the HTTP status of DECISIONS.md §2 for the gravest error (400 bad input, 401, 403,
 * 500), and the body carries the REST error contract `{code, context}` of that error beside the
 * GraphQL `errors` (GraphQL over HTTP leaves a non-2xx body to the server), so the console's client
 * reads it like any failed call.
 */
function failedAnswer(req: FastifyRequest, reply: FastifyReply, errors: readonly GraphQLError[], data?: Record<string, unknown> | null) {
  const wire = errors.map((e) => toWire(e, req));
  if (data) return { errors: wire, data };
  const worst = errors.map((e) => failureOf(e, req)).reduce((a, b) => (b.status > a.status ? b : a));
  reply.status(worst.status);
  return { ...worst.body, errors: wire, ...(data === null ? { data: null } : {}) };
}

const WIRE_ERROR_SCHEMA = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    locations: { type: 'array', items: { type: 'object', properties: { line: { type: 'integer' }, column: { type: 'integer' } } } },
    path: { type: 'array', items: { type: ['string', 'integer'] } },
    extensions: { ...ERROR_BODY, description: 'The error contract of DECISIONS.md §2: catalogue code, context, optional detail' },
  },
  required: ['message', 'extensions'],
};
const FAILED_SCHEMA = {
  ...ERROR_BODY,
  description: 'A failed call: the error contract {code, context} of its gravest error, plus the GraphQL errors (and data null once execution started)',
  properties: { ...ERROR_BODY.properties, errors: { type: 'array', items: WIRE_ERROR_SCHEMA }, data: { type: 'null' } },
  required: ['code', 'context', 'errors'],
};

const GRAPHQL_DESCRIPTION = [
  'adminOrdersConnection (SPEC.md §7). The enum variables (status, orderType, currency, action, userCondition) accept the server spelling',
  '(CREATED, OFF_LINE, MYR, BUY, USER_ID) and the PascalCase one (Created, OffLine, Myr, Buy, UserId); answers carry the server spelling.',
  'Errors carry extensions {code, context} from the error catalogue. A call without data answers the HTTP status of its gravest error:',
  '400 for an unparsable document (code 1000), a document that fails validation (1001, context the variable or argument concerned, else "query"),',
  'a variable of the wrong type or enum value (1001, context the variable path, e.g. "status.0") and bad argument values (1001, context the',
  'argument); 401 without a valid session (1152); 500 for an unexpected failure (0). Such answers also carry {code, context} at the top',
  'level, as every failed call does. Depth at most 8, at most 300 fields; introspection off in production.',
].join(' ');

/** How many compiled operations a process keeps (the console sends a handful of query texts). */
const COMPILED_OPERATIONS = 100;

/** An operation that passed validation, compiled, and its definition (to name a variable that fails). */
interface CompiledOperation {
  compiled: CompiledQuery;
  operation: OperationDefinitionNode;
}

/** Keeps an operation compiled from a document that passed validation, the oldest going first beyond COMPILED_OPERATIONS. */
function remember(operations: Map<string, CompiledOperation>, key: string, compiled: CompiledOperation): void {
  operations.set(key, compiled);
  if (operations.size > COMPILED_OPERATIONS) operations.delete(operations.keys().next().value!);
}

export function registerOrderGraphql(app: FastifyInstance, deps: AppDeps): void {
  // An operation (query text and operation name) that parsed, passed validation and compiled once is
  // not parsed, validated or compiled again (the schema and rules are fixed for the process); refused
  // ones are not kept. graphql-jit turns the operation into one function that completes its fields
  // (decision 0432).
  const compiledOperations = new Map<string, CompiledOperation>();
  const rules = [...specifiedRules, depthLimitRule(MAX_DEPTH), costLimitRule(MAX_FIELDS), ...(deps.config.nodeEnv === 'production' ? [NoSchemaIntrospectionCustomRule] : [])];
  // Failures before the resolver runs (no or bad token, malformed JSON, a body outside its schema) are
  // answered by the common error handler as {code, context}; here they gain the GraphQL errors too.
  // (a callback hook, not an async one: every answer of the server passes here, and most leave at once)
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.routeOptions.url !== GRAPHQL_URL || reply.statusCode < 400 || typeof payload !== 'string') return done(null, payload);
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return done(null, payload);
    }
    if (typeof body !== 'object' || body === null || 'errors' in body) return done(null, payload);
    const error = parseErrorBody(body);
    if (typeof (body as { code?: unknown }).code !== 'number') return done(null, payload);
    done(null, JSON.stringify({ ...body, errors: [{ message: messageFor(error.code, error.context), extensions: error }] }));
  });
  route(app, deps, {
    method: 'POST',
    url: GRAPHQL_URL,
    summary: 'GraphQL: adminOrdersConnection (SPEC.md §7); depth and size limited, introspection off in production',
    tags: ['orders'],
    auth: 'admin',
    readOnly: true,
    body: GraphqlBody,
    docs: {
      description: GRAPHQL_DESCRIPTION,
      response: {
        200: { type: 'object', description: 'The GraphQL answer: {data} (with errors only beside partial data)' },
        400: FAILED_SCHEMA,
        401: FAILED_SCHEMA,
        500: FAILED_SCHEMA,
      },
    },
    handler: async ({ db, body, reply, req }) => {
      const key = `${body.operationName ?? ''}\n${body.query}`;
      let ready = compiledOperations.get(key);
      if (!ready) {
        let document: DocumentNode;
        try {
          document = parse(body.query, { maxTokens: 5000 });
        } catch (e) {
          const message = e instanceof GraphQLError ? e.message : String(e);
          const located = e instanceof GraphQLError ? e : null;
          const error = new GraphQLError(message, { ...(located?.source && located.positions ? { source: located.source, positions: located.positions } : {}), originalError: new GraphqlInputError(message, message, ErrorCode.BadRequest) });
          return failedAnswer(req, reply, [error]);
        }
        const invalid = validate(schema, document, rules);
        if (invalid.length > 0) {
          const args: ArgumentNode[] = [];
          visit(document, { Argument: (node) => void args.push(node) });
          return failedAnswer(
            req,
            reply,
            invalid.map((e) => requestError(e.message, ErrorCode.InvalidFormat, contextOf(e, args), e.nodes)),
          );
        }
        const operation = getOperationAST(document, body.operationName ?? undefined);
        if (!operation) {
          const message = body.operationName ? `Unknown operation named "${body.operationName}".` : 'Must provide operation name if query contains multiple operations.';
          return failedAnswer(req, reply, [requestError(message, ErrorCode.InvalidFormat, 'operationName')]);
        }
        const compiled = compileQuery(schema, document, body.operationName ?? undefined, { disablingCapturingStackErrors: true });
        if (!isCompiledQuery(compiled)) return failedAnswer(req, reply, (compiled.errors ?? []).map((e) => requestError(e.message, ErrorCode.InvalidFormat, 'query', e.nodes)));
        ready = { compiled, operation };
        remember(compiledOperations, key, ready);
      }
      const variables = body.variables ?? {};
      const context: ConnectionContext = { db };
      const result = await ready.compiled.query(undefined, context, variables);
      if (!('data' in result)) {
        // refused before any resolver ran (the compiled operation coerces the variables first): coerced once
        // more only then, to name the variable that failed (a good call is coerced once)
        const badVariables = variableErrors(ready.operation, variables);
        if (badVariables.length > 0) return failedAnswer(req, reply, badVariables);
      }
      if (!result.errors) return { data: result.data ?? null };
      for (const e of result.errors) {
        if (e.originalError instanceof AppError) continue;
        const { log } = errorAnswer(e.originalError ?? e, req);
        if (log) req.log[log]({ err: e.originalError ?? e }, 'GraphQL execution failed');
      }
      return failedAnswer(req, reply, result.errors, result.data ?? null);
    },
  });
}
