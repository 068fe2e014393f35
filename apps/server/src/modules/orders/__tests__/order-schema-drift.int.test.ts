import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OrderNode, TimelineEntry } from '@aurum/domain/orders/order-schemas';
import { client } from '../../../testing/client.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const URL = '/v0/web/secure/graphql';

/** A field's type as introspection gives it. */
interface IntrospectedType {
  kind: string;
  name: string | null;
  ofType: IntrospectedType | null;
}
interface IntrospectedObject {
  fields: Array<{ name: string; type: IntrospectedType }> | null;
}

/** `String!`, `[TimelineEntry!]!` … from an introspected type. */
function typeText(t: IntrospectedType): string {
  if (t.kind === 'NON_NULL') return `${typeText(t.ofType!)}!`;
  if (t.kind === 'LIST') return `[${typeText(t.ofType!)}]`;
  return t.name!;
}

/**
 * What the served type must be for a zod field, by the contract of the order node (SPEC.md §3:
 * decimals, dates and enum values are strings on the wire): this test's own reading of the zod
 * declaration, independent of the server's generator.
 */
function expectedType(schema: z.ZodType, objectNames: ReadonlyMap<z.ZodType, string>): string {
  if (schema instanceof z.ZodNullable) return expectedType(schema.unwrap() as z.ZodType, objectNames).replace(/!$/, '');
  if (schema instanceof z.ZodArray) return `[${expectedType(schema.element as z.ZodType, objectNames)}]!`;
  if (schema instanceof z.ZodObject) return `${objectNames.get(schema) ?? '?'}!`;
  if (schema instanceof z.ZodNumber) return schema.isInt ? 'Int!' : 'Float!';
  if (schema instanceof z.ZodBoolean) return 'Boolean!';
  return 'String!';
}

/** Every difference between the zod declaration and the served type: missing, extra, or of another type or nullability. */
function drift(declared: z.ZodObject, served: IntrospectedObject, objectNames: ReadonlyMap<z.ZodType, string>): string[] {
  const want = new Map(Object.entries(declared.shape).map(([name, t]) => [name, expectedType(t as z.ZodType, objectNames)]));
  const got = new Map((served.fields ?? []).map((f) => [f.name, typeText(f.type)]));
  const out: string[] = [];
  for (const [name, type] of want) {
    if (!got.has(name)) out.push(`missing ${name}: ${type}`);
    else if (got.get(name) !== type) out.push(`${name}: served ${got.get(name)}, declared ${type}`);
  }
  for (const [name, type] of got) if (!want.has(name)) out.push(`extra ${name}: ${type}`);
  return out;
}

const TYPE = 'kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } }';
const INTROSPECT = `{
  order: __type(name: "Order") { fields { name type { ${TYPE} } } }
  timeline: __type(name: "TimelineEntry") { fields { name type { ${TYPE} } } }
}`;

/** The console's selection: every field of the declaration (apps/web/src/features/orders/api/list-orders.ts asks the same). */
function selection(schema: z.ZodObject): string {
  return Object.entries(schema.shape)
    .map(([name, t]) => {
      let inner = t as z.ZodType;
      while (inner instanceof z.ZodNullable || inner instanceof z.ZodArray) inner = (inner instanceof z.ZodNullable ? inner.unwrap() : inner.element) as z.ZodType;
      return inner instanceof z.ZodObject ? `${name} { ${selection(inner)} }` : name;
    })
    .join(' ');
}

describe(`the served GraphQL Order type is the domain's OrderNode, on ${driver}`, () => {
  let ts: TestServer;
  let jwt: string;
  const names = new Map<z.ZodType, string>([
    [OrderNode, 'Order'],
    [TimelineEntry, 'TimelineEntry'],
  ]);
  beforeAll(async () => {
    ts = await startTestServer();
    const api = client(ts);
    const who = ts.demo.byRole.none!;
    jwt = (await api.login(who.username, who.password)).body.jwt;
  });
  afterAll(() => ts?.close());

  const gql = async <T>(query: string) => {
    const r = await client(ts).call<{ data: T; errors?: unknown }>('POST', URL, { token: jwt, body: { query } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.errors, r.text).toBeUndefined();
    return r.body.data;
  };

  it('has every declared field with its type and nullability, and no other (introspection through the server)', async () => {
    const served = await gql<{ order: IntrospectedObject; timeline: IntrospectedObject }>(INTROSPECT);
    expect(drift(OrderNode, served.order, names)).toEqual([]);
    expect(drift(TimelineEntry, served.timeline, names)).toEqual([]);
    // the types as the console and the tests have always read them
    const byName = new Map(served.order.fields!.map((f) => [f.name, typeText(f.type)]));
    expect(Object.fromEntries(['id', 'status', 'quantityGram', 'myrPrice', 'isCustom', 'timeline'].map((n) => [n, byName.get(n)]))).toEqual({
      id: 'Int!',
      status: 'String!',
      quantityGram: 'String!',
      myrPrice: 'String',
      isCustom: 'Boolean!',
      timeline: '[TimelineEntry!]!',
    });
  });

  it('tells every kind of drift: a missing field, an extra one, another type, another nullability', async () => {
    const served = await gql<{ order: IntrospectedObject }>(INTROSPECT);
    const fields = served.order.fields!;
    const nonNull = (name: string): IntrospectedType => ({ kind: 'NON_NULL', name: null, ofType: { kind: 'SCALAR', name, ofType: null } });
    const edited = (change: (f: Array<{ name: string; type: IntrospectedType }>) => Array<{ name: string; type: IntrospectedType }>) => ({ fields: change(fields.map((f) => ({ ...f }))) });
    expect(drift(OrderNode, edited((f) => f.filter((x) => x.name !== 'goldReserved')), names)).toEqual(['missing goldReserved: String!']);
    expect(drift(OrderNode, edited((f) => [...f, { name: 'secret', type: nonNull('String') }]), names)).toEqual(['extra secret: String!']);
    expect(drift(OrderNode, edited((f) => f.map((x) => (x.name === 'userId' ? { ...x, type: nonNull('String') } : x))), names)).toEqual(['userId: served String!, declared Int!']);
    expect(drift(OrderNode, edited((f) => f.map((x) => (x.name === 'amount' ? { ...x, type: nonNull('String') } : x))), names)).toEqual(['amount: served String!, declared String']);
    // and the other way round: a declaration the server does not follow
    const declaredMore = OrderNode.extend({ spread: z.string() });
    expect(drift(declaredMore, served.order, names)).toEqual(['missing spread: String!']);
  });

  it('answers a query of every declared field with nodes the declaration parses', async () => {
    const data = await gql<{ adminOrdersConnection: { edges: Array<{ node: unknown }> } }>(`{ adminOrdersConnection(last: 20) { edges { node { ${selection(OrderNode)} } } } }`);
    expect(data.adminOrdersConnection.edges.length).toBeGreaterThan(0);
    for (const e of data.adminOrdersConnection.edges) expect(() => OrderNode.parse(e.node)).not.toThrow();
  });
});
