import { z } from 'zod';

/**
 * GraphQL object types (SDL) generated from zod object schemas, so that a shape declared once in
 * the domain (e.g. OrderNode) is served as it is declared: string and enum fields are String, safe
 * integers Int, other numbers Float, booleans Boolean; a field is non-null (!) unless the schema
 * is nullable; arrays are non-null lists of their element's type ([T!]!); a nested object is the
 * type it is named with in `types`. Anything else (optional, default, transform, union, ...) has no
 * GraphQL output type here and throws, so that a schema change that cannot be served is seen at
 * start, not by a client.
 */
export function graphqlObjectTypes(types: Readonly<Record<string, z.ZodObject>>): string {
  const names = new Map<z.ZodType, string>(Object.entries(types).map(([name, schema]) => [schema, name]));
  return Object.entries(types)
    .map(([name, schema]) => {
      const fields = Object.entries(schema.shape).map(([field, type]) => `  ${field}: ${graphqlType(type as z.ZodType, names, `${name}.${field}`)}`);
      return `type ${name} {\n${fields.join('\n')}\n}`;
    })
    .join('\n\n');
}

function graphqlType(schema: z.ZodType, names: ReadonlyMap<z.ZodType, string>, where: string): string {
  if (schema instanceof z.ZodNullable) return graphqlType(schema.unwrap() as z.ZodType, names, where).replace(/!$/, '');
  if (schema instanceof z.ZodString || schema instanceof z.ZodEnum) return 'String!';
  if (schema instanceof z.ZodNumber) return schema.isInt ? 'Int!' : 'Float!';
  if (schema instanceof z.ZodBoolean) return 'Boolean!';
  if (schema instanceof z.ZodArray) return `[${graphqlType(schema.element as z.ZodType, names, `${where}[]`)}]!`;
  if (schema instanceof z.ZodObject) {
    const name = names.get(schema);
    if (!name) throw new Error(`${where}: a nested object needs a GraphQL type name`);
    return `${name}!`;
  }
  throw new Error(`${where}: no GraphQL output type for a zod ${schema.type}`);
}
