import type { FastifyInstance } from 'fastify';
import { buildSchema } from 'graphql';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { Decimal, isDecimalText } from '@aurum/domain/money/decimal';
import { ORDER_CURRENCIES, ORDER_SIDES, ORDER_TYPES, OrderNode, TimelineEntry } from '@aurum/domain/orders/order-schemas';
import { ORDER_STATUSES } from '@aurum/domain/orders/order-status';
import { CALENDAR_FIRST_DATE, CALENDAR_LAST_DATE, isBusinessDateText, isCalendarDate, isCalendarMoment, startOfBusinessDay } from '@aurum/domain/system/business-time';
import { CALENDAR_DETAIL, momentOf } from '@aurum/domain/validation/calendar-fields';
import { USER_SEARCH_CONDITIONS } from '@aurum/domain/users/user-enums';
import { graphqlEndpoint, type GraphqlContext } from '../../http/graphql-endpoint.ts';
import { GraphqlInputError } from '../../http/graphql-errors.ts';
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

const schema = buildSchema(ORDERS_SDL);
schema.getQueryType()!.getFields().adminOrdersConnection!.resolve = (_root: unknown, args: ConnectionArgs, context: GraphqlContext) => resolveConnection(context.db, args);

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

const bad = (argument: string, message: string) => new GraphqlInputError(argument, message);
/** A date or moment that exists but lies outside the product calendar: the refusal carries the calendar (decision 0111). */
const outside = (argument: string, message: string, exists: boolean) => new GraphqlInputError(argument, message, ErrorCode.InvalidFormat, exists ? CALENDAR_DETAIL : undefined);

export const encodeCursor = (id: number) => Buffer.from(`order:${id}`).toString('base64url');
export function decodeCursor(cursor: string, name: string): number {
  const m = /^order:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw bad(name, `Invalid cursor in ${name}`);
  return Number(m[1]);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CALENDAR = `from ${CALENDAR_FIRST_DATE} to ${CALENDAR_LAST_DATE}`;
/** The first moment of a business date (Asia/Kuala_Lumpur) of the product calendar, plus whole days. */
function startOfBusinessDate(date: string, name: string, plusDays = 0): Date {
  if (!isCalendarDate(date)) throw outside(name, `${name} must be yyyy-MM-dd, ${CALENDAR}`, isBusinessDateText(date));
  return startOfBusinessDay(date, plusDays);
}
/** A moment of the product calendar: an ISO date-time with its offset, or a business date (its start; with `end`, the start of the next day). */
function moment(value: string, name: string, end: boolean): Date {
  if (DATE.test(value)) return startOfBusinessDate(value, name, end ? 1 : 0);
  const t = momentOf(value);
  if (t === null || !isCalendarMoment(t)) throw outside(name, `${name} must be a date (yyyy-MM-dd) or an ISO date-time with its offset, ${CALENDAR}`, t !== null);
  return new Date(t);
}
/** A list of one date (that day) or two (an inclusive range). */
function dateRange(values: readonly string[], name: string): [string, string] {
  if (values.length < 1 || values.length > 2) throw bad(name, `${name} takes one date or two (from, to)`);
  const [from, to = from] = values as [string, string?];
  for (const d of [from, to]) if (!isCalendarDate(d!)) throw outside(name, `${name} must be yyyy-MM-dd dates, ${CALENDAR}`, isBusinessDateText(d!));
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

export const GRAPHQL_URL = '/v0/web/secure/graphql';

const GRAPHQL_DESCRIPTION = [
  'adminOrdersConnection (SPEC.md §7). The enum variables (status, orderType, currency, action, userCondition) accept the server spelling',
  '(CREATED, OFF_LINE, MYR, BUY, USER_ID) and the PascalCase one (Created, OffLine, Myr, Buy, UserId); answers carry the server spelling.',
  'Errors carry extensions {code, context} from the error catalogue. A call without data answers the HTTP status of its gravest error:',
  '400 for an unparsable document (code 1000), a document that fails validation (1001, context the variable or argument concerned, else "query"),',
  'a variable of the wrong type or enum value (1001, context the variable path, e.g. "status.0") and bad argument values (1001, context the',
  'argument); 401 without a valid session (1152); 500 for an unexpected failure (0). Such answers also carry {code, context} at the top',
  'level, as every failed call does. Depth at most 8, at most 300 fields; introspection off in production.',
].join(' ');

/** The orders connection at GRAPHQL_URL (the endpoint's limits, error shape and compiled operations: http/graphql-endpoint.ts). */
export function registerOrderGraphql(app: FastifyInstance, deps: AppDeps): void {
  graphqlEndpoint(app, deps, {
    url: GRAPHQL_URL,
    schema,
    summary: 'GraphQL: adminOrdersConnection (SPEC.md §7); depth and size limited, introspection off in production',
    tags: ['orders'],
    description: GRAPHQL_DESCRIPTION,
  });
}
