import fc from 'fast-check';
import { CALENDAR_FIRST_DATE, CALENDAR_LAST_DATE, businessDate, startOfBusinessDay } from '@aurum/domain/system/business-time';
import { type DateKind, type FuzzRequest, type Operation, type Schema, dateKindOf, setPath, typesOf } from './fuzz-inputs.ts';
import { type ParamValues, plausibleParts, requestBuilder } from './fuzz-requests.ts';

/**
 * The fuzz test's dates at the calendar's edges (decision 0111): every date field the OpenAPI
 * document declares (and the GraphQL connection's date arguments) gets each edge alone, all of an
 * operation's date fields get each edge together, and its ranges the widest one. A value outside the
 * product calendar must be refused; one inside may be taken; none may cost a 5xx or a timeout.
 */

/** One point of the calendar, written as each kind of field takes it; `inside`: in the product calendar. */
interface Edge {
  name: string;
  date: string;
  moment: string;
  month: string;
  inside: boolean;
}

const FIRST = CALENDAR_FIRST_DATE;
const LAST = CALENDAR_LAST_DATE;
const dayBefore = businessDate(startOfBusinessDay(FIRST, -1));
const dayAfter = businessDate(startOfBusinessDay(LAST, 1));

export const CALENDAR_EDGES: readonly Edge[] = [
  { name: 'year 1', date: '0001-01-01', moment: '0001-01-01T00:00:00Z', month: '0001-01', inside: false },
  { name: 'the Unix epoch', date: '1970-01-01', moment: '1970-01-01T00:00:00Z', month: '1970-01', inside: false },
  { name: 'year 9999', date: '9999-12-31', moment: '9999-12-31T23:59:59.999999Z', month: '9999-12', inside: false },
  { name: "the calendar's first day", date: FIRST, moment: `${FIRST}T00:00:00+08:00`, month: FIRST.slice(0, 7), inside: true },
  { name: "the calendar's last day", date: LAST, moment: `${LAST}T23:59:59.999999+08:00`, month: LAST.slice(0, 7), inside: true },
  { name: 'the day before the calendar', date: dayBefore, moment: `${dayBefore}T23:59:59.999999+08:00`, month: dayBefore.slice(0, 7), inside: false },
  { name: 'the day after the calendar', date: dayAfter, moment: `${dayAfter}T00:00:00+08:00`, month: dayAfter.slice(0, 7), inside: false },
  { name: "the calendar's first leap day", date: '2000-02-29', moment: '2000-02-29T12:00:00+08:00', month: '2000-02', inside: true },
  { name: 'a leap day', date: '2096-02-29', moment: '2096-02-29T23:59:59Z', month: '2096-02', inside: true },
  { name: 'a leap day 2100 lacks', date: '2100-02-29', moment: '2100-02-29T00:00:00+08:00', month: '2100-13', inside: false },
];

/** A date field of an operation: where it is, its kind, and whether it takes a list (a range of one or two, or a pair). */
interface DateField {
  where: 'param' | 'body';
  path: string[];
  kind: DateKind;
  list: 'no' | 'oneOrTwo' | 'two';
}

/** A field's value at an edge, one per way of writing it (a date or a moment for a filter's end). */
function valuesAt(kind: DateKind, edge: Edge): string[] {
  if (kind === 'dateOrMoment') return [edge.date, edge.moment];
  if (kind === 'cursor') return [`${edge.date}T00:00:00.000000Z_1`];
  return [kind === 'month' ? edge.month : kind === 'moment' ? edge.moment : edge.date];
}

/** The date field a schema is, or null (a list of dates included). */
function dateFieldOf(schema: Schema, where: DateField['where'], path: string[]): DateField | null {
  const arrays = [schema, ...(schema.anyOf ?? [])].filter((s) => typesOf(s).includes('array') && s.items);
  if (arrays.length > 0) {
    const list = arrays[0]!;
    const kind = dateKindOf(list.items!);
    return kind ? { where, path, kind, list: (list.minItems ?? 0) >= 2 ? 'two' : 'oneOrTwo' } : null;
  }
  const kind = typesOf(schema).every((t) => t === 'string' || t === 'null') ? dateKindOf(schema) : null;
  return kind ? { where, path, kind, list: 'no' } : null;
}

/** The date fields of a body schema, nested objects included. */
function bodyDateFields(schema: Schema, prefix: string[] = []): DateField[] {
  const out: DateField[] = [];
  for (const s of [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].filter((x) => x.properties)) {
    for (const [key, child] of Object.entries(s.properties!)) {
      const field = dateFieldOf(child, 'body', [...prefix, key]);
      if (field) out.push(field);
      else out.push(...bodyDateFields(child, [...prefix, key]));
    }
  }
  return out;
}

/**
 * The GraphQL connection's date arguments: the document cannot say what a GraphQL variable is, so the
 * query naming them is written here (the same arguments as the order exports', which it does declare).
 */
const GRAPHQL_DATE_QUERY =
  'query Q($createdAfter: String, $createdBefore: String, $filledAt: [String!], $goodTillDate: [String!]) { adminOrdersConnection(first: 5, createdAfter: $createdAfter, createdBefore: $createdBefore, filledAt: $filledAt, goodTillDate: $goodTillDate) { totalCount edges { node { id } } } }';
const GRAPHQL_DATE_FIELDS: DateField[] = [
  { where: 'body', path: ['variables', 'createdAfter'], kind: 'dateOrMoment', list: 'no' },
  { where: 'body', path: ['variables', 'createdBefore'], kind: 'dateOrMoment', list: 'no' },
  { where: 'body', path: ['variables', 'filledAt'], kind: 'date', list: 'oneOrTwo' },
  { where: 'body', path: ['variables', 'goodTillDate'], kind: 'date', list: 'oneOrTwo' },
];
const isGraphql = (op: Operation) => op.body?.kind === 'json' && Boolean(op.body.schema.properties?.query && op.body.schema.properties.variables);

export function dateFieldsOf(op: Operation): DateField[] {
  const params = op.params.map((p) => dateFieldOf(p.schema, 'param', [p.name])).filter((f): f is DateField => f !== null);
  if (isGraphql(op)) return [...params, ...GRAPHQL_DATE_FIELDS];
  return [...params, ...(op.body ? bodyDateFields(op.body.schema) : [])];
}

/** A range's start is named so (from, after, tradedFrom, createdAfter): the widest range puts the first day there. */
const isStart = (f: DateField) => /(from|after|start)$/i.test(f.path.at(-1)!);

/**
 * The requests of one operation at the calendar's edges, in a fixed order: each date field alone at
 * each edge (each way of writing it; a list with one value and two), every date field at once at each
 * edge, and the widest range (first day to last) and its reverse. Empty for an operation without dates.
 */
export function calendarEdgeRequests(op: Operation, seed: number): FuzzRequest[] {
  const fields = dateFieldsOf(op);
  if (fields.length === 0) return [];
  const build = requestBuilder(op);
  const parts = plausibleParts(op);
  const [baseParams, baseBody] = fc.sample(fc.tuple(parts.params, parts.body), { numRuns: 1, seed })[0]!;
  const base = isGraphql(op) ? { query: GRAPHQL_DATE_QUERY, variables: {} } : baseBody;
  const request = (values: Array<[DateField, string | string[]]>, inside: boolean, what: string): FuzzRequest => {
    const params: ParamValues = { ...baseParams };
    let body: unknown = base;
    for (const [field, value] of values) {
      if (field.where === 'param') params[field.path[0]!] = value;
      else body = setPath(body ?? {}, field.path, value);
    }
    return build(params, body, inside ? { kind: 'any' } : { kind: 'refused' }, `calendar edge: ${what}`);
  };
  const shapes = (field: DateField, value: string): Array<string | string[]> =>
    field.list === 'no' ? [value] : field.list === 'two' ? [[value, value]] : [[value], [value, value]];
  const out: FuzzRequest[] = [];
  for (const field of fields) {
    for (const edge of CALENDAR_EDGES) {
      for (const value of valuesAt(field.kind, edge)) {
        for (const shape of shapes(field, value)) out.push(request([[field, shape]], edge.inside, `${field.path.join('.')}=${JSON.stringify(shape)} (${edge.name})`));
      }
    }
  }
  for (const edge of CALENDAR_EDGES) {
    const values = fields.map((f): [DateField, string | string[]] => {
      const value = valuesAt(f.kind, edge)[0]!;
      return [f, f.list === 'no' ? value : [value, value]];
    });
    out.push(request(values, edge.inside, `every date field at ${edge.name}`));
  }
  const [first, last] = [CALENDAR_EDGES.find((e) => e.date === FIRST)!, CALENDAR_EDGES.find((e) => e.date === LAST)!];
  for (const [from, to] of [[first, last], [last, first]] as const) {
    const values = fields.map((f): [DateField, string | string[]] => {
      const [a, b] = [valuesAt(f.kind, from)[0]!, valuesAt(f.kind, to)[0]!];
      return [f, f.list === 'no' ? (isStart(f) ? a : b) : [a, b]];
    });
    out.push(request(values, true, `the widest range, ${from.date} to ${to.date}`));
  }
  return out;
}
