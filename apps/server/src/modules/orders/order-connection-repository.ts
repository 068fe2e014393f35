import { sql, type Expression, type SqlBool } from 'kysely';
import type { TimelineEntry } from '@aurum/domain/orders/order-schemas';
import { ORDER_STATUSES } from '@aurum/domain/orders/order-status';
import type { Queryable } from '../../db/db.ts';
import { mapSlot, slot, statementCache } from '../../db/compiled-statement.ts';
import { asDate, containsPattern, kysely } from '../../db/query-builder.ts';
import { orderColumns, selectOrders, type OrderCondition, type OrderRow } from './order-repository.ts';
import { BLOCK_SHIFT, SPAN_SHIFT } from './order-counts-repository.ts';

/**
 * The orders connection's queries: its filters as one condition, the page, the cursor probe and the
 * bounded count, and the one statement a page runs, compiled once per shape (decision 0430).
 */

/** The filters of the orders connection, parsed (order-graphql.ts `connectionFilter`): every value as the table holds it. */
export interface OrderFilter {
  userId?: number;
  /** A lower-case part of the username. */
  usernamePart?: string;
  action?: string;
  orderId?: number;
  /** An empty list matches nothing (a status filter outside the list's mode); absent means any status. */
  statuses?: readonly string[];
  orderType?: string;
  createdFrom?: Date;
  createdBefore?: Date;
  filled?: { from: Date; before: Date };
  goodTill?: { from: string; to: string };
  symbol?: string;
  currency?: string;
  /** Grams, a plain decimal. */
  quantity?: string;
}

/** Whether a filter's value is given (an empty text is not; an empty status list is): one rule for the SQL (matches) and the shape of its cached statement (filterShape). */
const given = (value: unknown): boolean => value !== undefined && value !== '';

/** Whether the filter is at most a status list: its count is then the counters' (statusCountsQuery). */
export function onlyStatuses(f: OrderFilter): boolean {
  return Object.entries(f).every(([key, value]) => key === 'statuses' || !given(value));
}

/** The filters as one condition on `orders` (every filter ANDed; no filter: true). */
export function matches(f: OrderFilter): OrderCondition {
  return (eb) => {
    const all: Array<Expression<SqlBool>> = [];
    if (given(f.userId)) all.push(eb('orders.user_id', '=', f.userId!));
    if (given(f.usernamePart)) {
      // a slot (filterShape) turns into its pattern when bound
      const like = mapSlot(f.usernamePart!, containsPattern);
      all.push(
        eb(
          'orders.user_id',
          'in',
          eb
            .selectFrom('users')
            .select('users.id')
            .where((u) => u(u.fn('lower', ['users.username']), 'like', like)),
        ),
      );
    }
    if (given(f.action)) all.push(eb('orders.action', '=', f.action!));
    if (given(f.orderId)) all.push(eb('orders.id', '=', f.orderId!));
    // the list itself is the one parameter (not spread: it may be a slot)
    if (given(f.statuses)) all.push(eb('orders.status', '=', eb.fn.any(eb.val(f.statuses as string[]))));
    if (given(f.orderType)) all.push(eb('orders.order_type', '=', f.orderType!));
    if (given(f.createdFrom)) all.push(eb('orders.created_at', '>=', f.createdFrom!));
    if (given(f.createdBefore)) all.push(eb('orders.created_at', '<', f.createdBefore!));
    if (given(f.filled)) all.push(eb('orders.filled_at', '>=', f.filled!.from), eb('orders.filled_at', '<', f.filled!.before));
    if (given(f.goodTill)) all.push(eb.between('orders.good_till_date', asDate(f.goodTill!.from), asDate(f.goodTill!.to)));
    if (given(f.symbol)) all.push(eb('orders.symbol', '=', f.symbol!));
    if (given(f.currency)) all.push(eb('orders.currency', '=', f.currency!));
    if (given(f.quantity)) all.push(eb('orders.quantity_gram', '=', f.quantity!));
    return eb.and(all);
  };
}

/**
 * Whether the filters bound the good-till date (and not the creation or fill date, whose blocks
 * take precedence): the page and the probe are then read day by day (dayScan).
 */
export function hasGoodTillRange(f: OrderFilter): boolean {
  return given(f.goodTill) && !hasBlockRange(f);
}

/** Whether the filters bound the creation or the fill date: the page and the probe beyond its cursor are then read block by block (blockScan). */
export function hasBlockRange(f: OrderFilter): boolean {
  return given(f.createdFrom) || given(f.createdBefore) || given(f.filled);
}

/** How many ids make a block of order_created_blocks, and how many blocks a span of order_created_spans. */
const BLOCK_SIZE = 2 ** BLOCK_SHIFT;
const SPAN_BLOCKS = 2 ** (SPAN_SHIFT - BLOCK_SHIFT);

/** The block and the span of an id (a cursor's), in JavaScript so that the statement binds a number. */
const blockOf = (id: number) => Math.floor(id / BLOCK_SIZE);
const spanOf = (id: number) => Math.floor(id / (BLOCK_SIZE * SPAN_BLOCKS));

/**
 * Whether the creation and fill dates of a block or a span (the min and max over its rows) meet the
 * filters' ranges: a HAVING over either table (their date columns are named alike).
 */
function meetsRange(f: OrderFilter): Expression<SqlBool> {
  const parts = [
    ...(given(f.createdFrom) ? [sql<SqlBool>`max(max_created) >= ${f.createdFrom!}`] : []),
    ...(given(f.createdBefore) ? [sql<SqlBool>`min(min_created) < ${f.createdBefore!}`] : []),
    ...(given(f.filled) ? [sql<SqlBool>`max(max_filled) >= ${f.filled!.from}`, sql<SqlBool>`min(min_filled) < ${f.filled!.before}`] : []),
  ];
  return sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
}

/**
 * The orders matching `cond`, whose filters bound the creation or the fill date, read block by block
 * (decision 0435): the spans of order_created_spans whose dates meet the ranges, in the order `dir`
 * (between the cursors' spans when given); in each, the blocks of order_created_blocks that meet it
 * (between the cursors' blocks); in each block, through the primary key, at most `perBlock` of its
 * orders matching `cond`. Ordered by span, block, then id, which is the id order; PostgreSQL sorts
 * each level incrementally (presorted by the level above), so a LIMIT reads only the spans and the
 * blocks it needs. An order created in the range lies in a block and a span whose dates meet the
 * range whatever order the clocks gave the ids, so nothing is missed; with ids following creation
 * the blocks read are the page's own, plus one at an edge of the range, plus one per block whose
 * dates are far out of order.
 */
function blockScan(q: Queryable, f: OrderFilter, cond: OrderCondition, dir: 'asc' | 'desc', perBlock: number, after: number | null, before: number | null) {
  const spans = kysely(q)
    .selectFrom('order_created_spans')
    .select('order_created_spans.span')
    .$if(after !== null, (b) => b.where('order_created_spans.span', '>=', mapSlot(after!, spanOf)))
    .$if(before !== null, (b) => b.where('order_created_spans.span', '<=', mapSlot(before!, spanOf)))
    .groupBy('order_created_spans.span')
    .having(meetsRange(f))
    .orderBy('order_created_spans.span', dir);
  const blocks = kysely(q)
    .selectFrom(spans.as('s'))
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('order_created_blocks')
          .select('order_created_blocks.block')
          .where('order_created_blocks.block', '>=', (o) => o(o.ref('s.span'), '*', o.lit(SPAN_BLOCKS)))
          .where('order_created_blocks.block', '<', (o) => o(o(o.ref('s.span'), '*', o.lit(SPAN_BLOCKS)), '+', o.lit(SPAN_BLOCKS)))
          .$if(after !== null, (b) => b.where('order_created_blocks.block', '>=', mapSlot(after!, blockOf)))
          .$if(before !== null, (b) => b.where('order_created_blocks.block', '<=', mapSlot(before!, blockOf)))
          .groupBy('order_created_blocks.block')
          .having(meetsRange(f))
          .orderBy('order_created_blocks.block', dir)
          .as('b'),
      (join) => join.onTrue(),
    )
    .select(['s.span', 'b.block'])
    .orderBy('s.span', dir)
    .orderBy('b.block', dir);
  return kysely(q)
    .selectFrom(blocks.as('bb'))
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('orders')
          .select(orderColumns)
          .where(cond)
          .where('orders.id', '>=', (o) => o(o.ref('bb.block'), '*', o.lit(BLOCK_SIZE)))
          .where('orders.id', '<', (o) => o(o(o.ref('bb.block'), '*', o.lit(BLOCK_SIZE)), '+', o.lit(BLOCK_SIZE)))
          .orderBy('orders.id', dir)
          .limit(perBlock)
          .as('orders'),
      (join) => join.onTrue(),
    )
    .orderBy('bb.span', dir)
    .orderBy('bb.block', dir)
    .orderBy('orders.id', dir);
}

/**
 * The ids of the orders matching `cond`, whose filters bound the good-till date, read day by day
 * (decision 0437): for each day of the range that lies between the earliest and the latest good-till
 * date held, at most `perDay` of that day's matching ids, through the index on (good_till_date, id)
 * in the direction `dir` (index-only when the good-till range is the only filter). A good-till date
 * is a day chosen by a person and follows no order of ids, but one day's orders are an index range
 * already in id order; so a page reads at most `perDay` ids per day of the range, never every match
 * (a month: at most 31 pages' worth, whatever the table holds).
 */
function dayScan(q: Queryable, f: OrderFilter, cond: OrderCondition, dir: 'asc' | 'desc', perDay: number) {
  const held = kysely(q)
    .selectFrom('orders')
    .select((eb) => [eb.fn.min('orders.good_till_date').as('lo'), eb.fn.max('orders.good_till_date').as('hi')])
    .where('orders.good_till_date', 'is not', null);
  // no good-till date held: lo and hi are null and the series has no day
  const days = kysely(q)
    .selectFrom(held.as('r'))
    .select(sql<Date>`r.lo + generate_series(greatest(${asDate(f.goodTill!.from)}, r.lo) - r.lo, least(${asDate(f.goodTill!.to)}, r.hi) - r.lo)`.as('day'));
  return kysely(q)
    .selectFrom(days.as('d'))
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('orders')
          .select('orders.id')
          .where(cond)
          .whereRef('orders.good_till_date', '=', 'd.day')
          .orderBy('orders.id', dir)
          .limit(perDay)
          .as('m'),
      (join) => join.onTrue(),
    )
    .select('m.id');
}

/** The page's query: keyset on id (after/before), size + 1 rows to know whether there are more. */
export function pageQuery(q: Queryable, f: OrderFilter, size: number, backward: boolean, after: number | null, before: number | null) {
  const dir = backward ? 'desc' : 'asc';
  const cond: OrderCondition = (eb) =>
    eb.and([matches(f)(eb), ...(after !== null ? [eb('orders.id', '>', after)] : []), ...(before !== null ? [eb('orders.id', '<', before)] : [])]);
  const rows = mapSlot(size, (n) => n + 1);
  if (hasBlockRange(f)) return blockScan(q, f, cond, dir, rows, after, before).selectAll('orders').limit(rows).$castTo<OrderRow>();
  if (hasGoodTillRange(f)) {
    // the page's ids first, then their rows (a day's ids are read from the index alone)
    return selectOrders(q)
      .where('orders.id', 'in', (eb) => eb.selectFrom(dayScan(q, f, cond, dir, rows).as('ids')).select('ids.id').orderBy('ids.id', dir).limit(rows))
      .orderBy('orders.id', dir)
      .limit(rows);
  }
  return selectOrders(q).where(cond).orderBy('orders.id', dir).limit(rows);
}

/** Whether an order matching the filters lies beyond a cursor (`cond` '<=' or '>='): one id or none. */
export function beyondQuery(q: Queryable, f: OrderFilter, cond: '<=' | '>=', id: number) {
  const probe: OrderCondition = (eb) => eb.and([matches(f)(eb), eb('orders.id', cond, id)]);
  // the blocks nearest the cursor first: the page came from there
  if (hasBlockRange(f)) return blockScan(q, f, probe, cond === '<=' ? 'desc' : 'asc', 1, cond === '>=' ? id : null, cond === '<=' ? id : null).select('orders.id').limit(1);
  if (hasGoodTillRange(f)) return dayScan(q, f, probe, cond === '<=' ? 'desc' : 'asc', 1).limit(1);
  // nearest the cursor first, through the primary key: unordered, PostgreSQL may scan the table from
  // its start, expecting half of it to lie beyond the cursor, and read every order before it
  return kysely(q)
    .selectFrom('orders')
    .select('orders.id')
    .where(probe)
    .orderBy('orders.id', cond === '<=' ? 'desc' : 'asc')
    .limit(1);
}

/** How many orders match the filters, counting at most `limit` of them. */
export function boundedCountQuery(q: Queryable, f: OrderFilter, limit: number) {
  return kysely(q)
    .selectFrom((db) => db.selectFrom('orders').select('orders.id').where(matches(f)).limit(limit).as('m'))
    .select((eb) => eb.fn.countAll<number>().as('n'));
}

/** An instant as JSON text in toISOString()'s form (UTC, milliseconds truncated as the driver's Date is). */
const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * An order's timeline as one JSON array (TimelineEntry[], by id), read in the page's own statement:
 * a page of the orders connection is then one round trip instead of two (bench/orders-connection.ts).
 */
const timelineJson = sql<TimelineEntry[]>`(
  SELECT coalesce(json_agg(json_build_object(
    'id', t.id, 'action', t.action, 'date', ${sql.raw(isoText('t.date'))}, 'secondaryDate', ${sql.raw(isoText('t.secondary_date'))}
  ) ORDER BY t.id), '[]'::json)
  FROM order_timeline t WHERE t.order_id = orders.id)`;

/** A page of orders (pageQuery) with each order's username. */
export async function orderPage(q: Queryable, f: OrderFilter, size: number, backward: boolean, after: number | null, before: number | null): Promise<Array<OrderRow & { username: string | null }>> {
  return pageQuery(q, f, size, backward, after, before)
    .select((eb) => eb.selectFrom('users').select('users.username').whereRef('users.id', '=', 'orders.user_id').as('username'))
    .execute();
}

/** The parts of a connection page after its one statement (connectionRead). */
export interface ConnectionRead {
  rows: Array<OrderRow & { username: string | null; timeline: TimelineEntry[] }>;
  /** All matching orders, counted up to `countLimit` when the filter is more than a status list. */
  total: number;
  /** Whether an order matching the filter lies beyond the `beyond` cursor (false without one). */
  beyond: boolean;
}

/** The values of a connection statement bound at each run (the rest is its shape). */
interface ConnectionBindings {
  f: OrderFilter;
  size: number;
  after: number | null;
  before: number | null;
  countLimit: number;
  beyond: number | null;
}

/**
 * The connection's statements by shape (decision 0430): the
 * filters given, the direction, which cursors: 2 directions x 4 cursor cases x the filter sets the
 * console sends (a handful in practice; the oldest goes beyond the limit).
 */
const connectionStatements = statementCache<ConnectionBindings>(512);
/** The bounded counts run beside a page (connectionRead's concurrentCount), by filter shape. */
const connectionCounts = statementCache<ConnectionBindings>(256);

/**
 * A filter's shape (which filters are given, by name; a date range by its parts) and the same
 * filter with each given value a slot reading it from the filter bound at run time.
 */
export function filterShape(f: OrderFilter): { shape: string; slotted: OrderFilter } {
  const slotted: Record<string, unknown> = {};
  const names: string[] = [];
  for (const key of (Object.keys(f) as Array<keyof OrderFilter>).sort()) {
    const value = f[key];
    if (!given(value)) continue;
    if (typeof value === 'object' && !(value instanceof Date) && !Array.isArray(value)) {
      const parts = Object.keys(value).sort();
      slotted[key] = Object.fromEntries(parts.map((part) => [part, slot((b: ConnectionBindings) => (b.f[key] as Record<string, unknown>)[part])]));
      names.push(`${key}(${parts.join(',')})`);
    } else {
      slotted[key] = slot((b: ConnectionBindings) => b.f[key]);
      names.push(key);
    }
  }
  return { shape: names.join(','), slotted: slotted as OrderFilter };
}

/**
 * A page of the orders connection in one statement: the page rows (pageQuery, with username and
 * timeline) joined laterally to one row holding the total (the status counters when the filter is
 * at most a status list, else a count of at most `countLimit` matching orders) and whether an order
 * lies beyond the cursor the page came from. One round trip per page (on PGlite, whose one
 * connection would take the parts in turn, and on PostgreSQL); an empty page still answers its
 * total (the LEFT JOIN keeps the one row).
 */
function connectionQuery(
  q: Queryable,
  f: OrderFilter,
  page: { size: number; backward: boolean; after: number | null; before: number | null },
  countLimit: number | null,
  beyond: { cond: '<=' | '>='; id: number } | null,
) {
  const head = kysely(q)
    .selectNoFrom((eb) => [
      (onlyStatuses(f)
        ? eb
            .selectFrom('order_status_counts')
            .select((c) => c.fn.coalesce(c.cast<number>(c.fn.sum('delta'), 'bigint'), c.lit(0)).as('n'))
            .where('status', '=', (c) => c.fn.any(c.val((f.statuses ?? ORDER_STATUSES) as string[])))
        : countLimit === null
          ? eb.lit(null)
          : boundedCountQuery(q, f, countLimit)
      ).as('total'),
      // a scalar subquery, not EXISTS: PostgreSQL drops an EXISTS query's ORDER BY and LIMIT and
      // may then scan the table from its start instead of the index from the cursor
      (beyond === null ? sql<boolean>`false` : sql<boolean>`(${beyondQuery(q, f, beyond.cond, beyond.id)}) IS NOT NULL`).as('beyond'),
    ])
    .as('h');
  return kysely(q)
    .selectFrom(head)
    .leftJoinLateral(
      () =>
        pageQuery(q, f, page.size, page.backward, page.after, page.before)
          .select((eb) => eb.selectFrom('users').select('users.username').whereRef('users.id', '=', 'orders.user_id').as('username'))
          .select(timelineJson.as('timeline'))
          .as('p'),
      (join) => join.onTrue(),
    )
    .select(['h.total', 'h.beyond'])
    .selectAll('p')
    .orderBy('p.id', page.backward ? 'desc' : 'asc');
}

/**
 * A page of the orders connection (connectionQuery), its statement built and compiled once per
 * shape in this process and its values bound at each run.
 */
export async function connectionRead(
  q: Queryable,
  f: OrderFilter,
  page: { size: number; backward: boolean; after: number | null; before: number | null },
  countLimit: number,
  beyond: { cond: '<=' | '>='; id: number } | null,
  options: { concurrentCount?: boolean } = {},
): Promise<ConnectionRead> {
  const { shape, slotted } = filterShape(f);
  // a filter counted by the bounded count, on a pool that runs statements side by side: the count
  // runs beside the page instead of inside its statement (decision 0434)
  const apart = options.concurrentCount === true && !onlyStatuses(f);
  const key = `${shape}|${page.backward ? 'backward' : 'forward'}|${page.after === null ? '' : 'after'}|${page.before === null ? '' : 'before'}|${beyond?.cond ?? ''}|${apart ? 'apart' : 'with-total'}`;
  const counted = apart
    ? connectionCounts.run(q, shape, (c) => boundedCountQuery(c, slotted, slot((b: ConnectionBindings) => b.countLimit)), { f, size: page.size, after: null, before: null, countLimit, beyond: null })
    : null;
  // the count's failure is this read's failure, never an unhandled rejection while the page runs
  counted?.catch(() => undefined);
  const rows = await connectionStatements.run(
    q,
    key,
    (c) =>
      connectionQuery(
        c,
        slotted,
        {
          size: slot((b: ConnectionBindings) => b.size),
          backward: page.backward,
          after: page.after === null ? null : slot((b: ConnectionBindings) => b.after),
          before: page.before === null ? null : slot((b: ConnectionBindings) => b.before),
        },
        apart ? null : slot((b: ConnectionBindings) => b.countLimit),
        beyond === null ? null : { cond: beyond.cond, id: slot((b: ConnectionBindings) => b.beyond!) },
      ),
    { f, size: page.size, after: page.after, before: page.before, countLimit, beyond: beyond?.id ?? null },
  );
  const first = rows[0]!;
  return {
    rows: (first.id === null ? [] : rows) as unknown as ConnectionRead['rows'],
    total: Number(counted ? (await counted)[0]!.n : first.total),
    beyond: Boolean(first.beyond),
  };
}
