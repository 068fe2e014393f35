import type { FastifyInstance } from 'fastify';
import {
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  buildSchema,
  execute,
  parse,
  specifiedRules,
  validate,
  type ASTNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { z } from 'zod';
import { Decimal, isDecimalText } from '@aurum/domain/money/decimal';
import { BUSINESS_UTC_OFFSET_MINUTES } from '@aurum/domain/system/market-status';
import { route } from '../../http/route.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Queryable } from '../../db/db.ts';
import { ORDER_COLUMNS, toNodes, type OrderRow } from './order-repository.ts';

/**
 * The orders connection of SPEC.md §7 (`adminOrdersConnection`, graphql-js): Relay-style edges and
 * pageInfo over orders in ascending id order, paged by keyset on the primary key (after+first
 * forward, before+last backward; never OFFSET). The console asks `last` for the newest page and
 * reverses it for display.
 */
export const ORDERS_SDL = /* GraphQL */ `
  enum UserCondition { UserId UserName }
  enum OrderAction { Buy Sell }
  enum OrderStatus { Canceled Created Filled Overdue Paid Refunded Reverted Settled }
  enum OrderTypeFilter { OffLine Market Limit }
  enum Currency { Myr Usd }

  type TimelineEntry { id: Int! action: String! date: String! secondaryDate: String }

  type Order {
    id: Int!
    executionId: String!
    orderType: String!
    status: String!
    action: String!
    symbol: String!
    userId: Int!
    username: String!
    currency: String!
    quantityGram: String!
    quantityOz: String!
    costPrice: String
    quotePrice: String
    myrPrice: String
    usdPrice: String
    exchangeRate: String
    limitPrice: String
    amount: String
    createdAt: String!
    filledAt: String
    settledAt: String
    interestStartAt: String
    completedAt: String
    goodTillDate: String
    goodTilDate: String
    creditDeducted: String!
    balanceDeducted: String!
    goldReserved: String!
    spreadAdjustment: String
    customizedAdjustment: String
    userFee: String
    globalFee: String
    source: String
    note: String
    comment: String
    isCustom: Boolean!
    timeline: [TimelineEntry!]!
  }

  type OrderEdge { cursor: String! node: Order! }
  type PageInfo { startCursor: String endCursor: String hasNextPage: Boolean! hasPreviousPage: Boolean! }
  type OrderConnection { edges: [OrderEdge!]! pageInfo: PageInfo! totalCount: Int! }

  type Query {
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

export interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  userCondition?: 'UserId' | 'UserName' | null;
  userInput?: string | null;
  action?: 'Buy' | 'Sell' | null;
  orderId?: number | null;
  status?: string[] | null;
  orderType?: 'OffLine' | 'Market' | 'Limit' | null;
  createdAfter?: string | null;
  createdBefore?: string | null;
  filledAt?: string[] | null;
  goodTillDate?: string[] | null;
  symbol?: string | null;
  currency?: 'Myr' | 'Usd' | null;
  quantity?: string | null;
}

const bad = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

export const encodeCursor = (id: number) => Buffer.from(`order:${id}`).toString('base64url');
export function decodeCursor(cursor: string, name: string): number {
  const m = /^order:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw bad(`Invalid cursor in ${name}`);
  return Number(m[1]);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The first moment of a business date (Asia/Kuala_Lumpur), plus whole days. */
function startOfBusinessDate(date: string, name: string, plusDays = 0): Date {
  if (!DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) throw bad(`${name} must be yyyy-MM-dd`);
  return new Date(Date.parse(`${date}T00:00:00Z`) - BUSINESS_UTC_OFFSET_MINUTES * 60_000 + plusDays * 86_400_000);
}
/** A moment: an ISO date-time, or a business date (its start; with `end`, the start of the next day). */
function moment(value: string, name: string, end: boolean): Date {
  if (DATE.test(value)) return startOfBusinessDate(value, name, end ? 1 : 0);
  const t = Date.parse(value);
  if (Number.isNaN(t)) throw bad(`${name} must be a date (yyyy-MM-dd) or an ISO date-time`);
  return new Date(t);
}
/** A list of one date (that day) or two (an inclusive range). */
function dateRange(values: readonly string[], name: string): [string, string] {
  if (values.length < 1 || values.length > 2) throw bad(`${name} takes one date or two (from, to)`);
  const [from, to = from] = values as [string, string?];
  for (const d of [from, to]) if (!DATE.test(d) || Number.isNaN(Date.parse(`${d}T00:00:00Z`))) throw bad(`${name} must be yyyy-MM-dd dates`);
  return [from, to!];
}

/** WHERE clauses (on `orders o`) of the filters. */
export function filtersOf(a: ConnectionArgs): { where: string[]; args: unknown[] } {
  const where: string[] = [];
  const args: unknown[] = [];
  const p = (v: unknown) => `$${args.push(v)}`;
  const input = a.userInput?.trim();
  if (input) {
    if (a.userCondition === 'UserId') {
      if (!/^\d{1,15}$/.test(input)) throw bad('userInput must be a user id');
      where.push(`o.user_id = ${p(Number(input))}`);
    } else {
      const like = `%${input.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(`o.user_id IN (SELECT id FROM users WHERE lower(username) LIKE ${p(like)})`);
    }
  }
  if (a.action) where.push(`o.action = ${p(a.action === 'Buy' ? 'BUY' : 'SELL')}`);
  if (a.orderId !== undefined && a.orderId !== null) where.push(`o.id = ${p(a.orderId)}`);
  // an empty list matches nothing (a status filter outside the list's mode); absent means any status
  if (a.status) where.push(a.status.length === 0 ? 'FALSE' : `o.status = ANY(${p(a.status.map((s) => s.toUpperCase()))}::text[])`);
  if (a.orderType) where.push(`o.order_type = ${p({ OffLine: 'OFF_LINE', Market: 'MARKET', Limit: 'LIMIT' }[a.orderType])}`);
  if (a.createdAfter) where.push(`o.created_at >= ${p(moment(a.createdAfter, 'createdAfter', false))}`);
  if (a.createdBefore) where.push(`o.created_at < ${p(moment(a.createdBefore, 'createdBefore', true))}`);
  if (a.filledAt && a.filledAt.length > 0) {
    const [from, to] = dateRange(a.filledAt, 'filledAt');
    where.push(`o.filled_at >= ${p(startOfBusinessDate(from, 'filledAt'))} AND o.filled_at < ${p(startOfBusinessDate(to, 'filledAt', 1))}`);
  }
  if (a.goodTillDate && a.goodTillDate.length > 0) {
    const [from, to] = dateRange(a.goodTillDate, 'goodTillDate');
    where.push(`o.good_till_date BETWEEN ${p(from)}::date AND ${p(to)}::date`);
  }
  if (a.symbol) where.push(`o.symbol = ${p(a.symbol.toUpperCase())}`);
  if (a.currency) where.push(`o.currency = ${p(a.currency.toUpperCase())}`);
  if (a.quantity) {
    if (!isDecimalText(a.quantity)) throw bad('quantity must be a decimal number of grams');
    where.push(`o.quantity_gram = ${p(new Decimal(a.quantity).toFixed())}::numeric`);
  }
  return { where, args };
}

/**
 * A date range (created, filled, good-till) follows the id order, since orders are created in it;
 * PostgreSQL's planner assumes a filter is spread evenly over the id order and, for `ORDER BY id
 * LIMIT n`, would walk the primary key past every earlier order (a month in the middle of a million
 * orders: ~290 ms). With such a range the matching ids are read through their own index in a
 * MATERIALIZED CTE (planned without the LIMIT) and only the page is sorted: at most about the cost
 * of the count the connection runs anyway (bench/orders-connection.ts).
 */
export function hasDateRange(a: ConnectionArgs): boolean {
  return Boolean(a.createdAfter || a.createdBefore || (a.filledAt && a.filledAt.length > 0) || (a.goodTillDate && a.goodTillDate.length > 0));
}

/** The page's SQL: keyset on id (after/before), size + 1 rows to know whether there are more. */
export function pageQuery(a: ConnectionArgs, size: number, backward: boolean, after: number | null, before: number | null): { text: string; values: unknown[] } {
  const { where, args } = filtersOf(a);
  const page = [...where];
  const values = [...args];
  if (after !== null) page.push(`o.id > $${values.push(after)}`);
  if (before !== null) page.push(`o.id < $${values.push(before)}`);
  const cond = page.length ? page.join(' AND ') : 'TRUE';
  const dir = backward ? 'DESC' : 'ASC';
  const limit = `$${values.push(size + 1)}`;
  const text = hasDateRange(a)
    ? `WITH m AS MATERIALIZED (SELECT o.id FROM orders o WHERE ${cond})
       SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id IN (SELECT id FROM m ORDER BY id ${dir} LIMIT ${limit}) ORDER BY o.id ${dir}`
    : `SELECT ${ORDER_COLUMNS} FROM orders o WHERE ${cond} ORDER BY o.id ${dir} LIMIT ${limit}`;
  return { text, values };
}

/** Whether an order matching the filters lies beyond a cursor (`cond` '<=' or '>='). */
export function beyondQuery(a: ConnectionArgs, cond: '<=' | '>=', id: number): { text: string; values: unknown[] } {
  const { where, args } = filtersOf(a);
  const base = where.length ? where.join(' AND ') : 'TRUE';
  const probe = `SELECT o.id FROM orders o WHERE ${base} AND o.id ${cond} $${args.length + 1}`;
  return { text: hasDateRange(a) ? `WITH m AS MATERIALIZED (${probe}) SELECT 1 FROM m LIMIT 1` : `${probe} LIMIT 1`, values: [...args, id] };
}

/** One page of the connection. */
export async function ordersConnection(db: Queryable, a: ConnectionArgs) {
  if (a.first != null && a.last != null) throw bad('Use first (with after) or last (with before), not both');
  const size = a.first ?? a.last ?? DEFAULT_PAGE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE) throw bad(`first and last must be between 1 and ${MAX_PAGE}`);
  const backward = a.last != null || (a.before != null && a.first == null);
  const after = a.after ? decodeCursor(a.after, 'after') : null;
  const before = a.before ? decodeCursor(a.before, 'before') : null;
  const { where, args } = filtersOf(a);
  const base = where.length ? where.join(' AND ') : 'TRUE';
  const pageSql = pageQuery(a, size, backward, after, before);
  const rows = await db.query<OrderRow>(pageSql.text, pageSql.values);
  const more = rows.length > size;
  const pageRows = rows.slice(0, size);
  if (backward) pageRows.reverse();
  // the other direction: is there anything beyond the cursor we came from?
  const exists = async (cond: '<=' | '>=', id: number) => {
    const probe = beyondQuery(a, cond, id);
    return (await db.query(probe.text, probe.values)).length > 0;
  };
  const hasNextPage = backward ? (before !== null ? await exists('>=', before) : false) : more;
  const hasPreviousPage = backward ? more : after !== null ? await exists('<=', after) : false;
  const [{ n }] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders o WHERE ${base}`, args)) as [{ n: number }];
  const nodes = await toNodes(db, pageRows);
  const edges = nodes.map((node) => ({ cursor: encodeCursor(node.id), node }));
  return {
    edges,
    pageInfo: { startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null, hasNextPage, hasPreviousPage },
    totalCount: n,
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

const formatErrors = (errors: readonly GraphQLError[]) =>
  errors.map((e) => ({
    message: e.message,
    ...(e.locations ? { locations: e.locations } : {}),
    ...(e.path ? { path: e.path } : {}),
    extensions: { code: (e.extensions?.code as string | undefined) ?? (e.originalError ? 'INTERNAL_SERVER_ERROR' : 'GRAPHQL_VALIDATION_FAILED') },
  }));

export function registerOrderGraphql(app: FastifyInstance, deps: AppDeps): void {
  const rules = [...specifiedRules, depthLimitRule(MAX_DEPTH), costLimitRule(MAX_FIELDS), ...(deps.config.nodeEnv === 'production' ? [NoSchemaIntrospectionCustomRule] : [])];
  route(app, deps, {
    method: 'POST',
    url: '/v0/web/secure/graphql',
    summary: 'GraphQL: adminOrdersConnection (SPEC.md §7); depth and size limited, introspection off in production',
    tags: ['orders'],
    auth: 'admin',
    readOnly: true,
    body: GraphqlBody,
    handler: async ({ db, body, reply }) => {
      let document: DocumentNode;
      try {
        document = parse(body.query, { maxTokens: 5000 });
      } catch (e) {
        reply.status(400);
        return { errors: formatErrors([e instanceof GraphQLError ? e : new GraphQLError(String(e))]) };
      }
      const invalid = validate(schema, document, rules);
      if (invalid.length > 0) {
        reply.status(400);
        return { errors: formatErrors(invalid) };
      }
      const result = await execute({
        schema,
        document,
        variableValues: body.variables ?? undefined,
        operationName: body.operationName ?? undefined,
        rootValue: { adminOrdersConnection: (args: ConnectionArgs) => ordersConnection(db, args) },
      });
      return { ...(result.errors ? { errors: formatErrors(result.errors) } : {}), data: result.data ?? null };
    },
  });
}
