import type { FastifyInstance } from 'fastify';
import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  visit,
  type ArgumentNode,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { z } from 'zod';
import { ErrorCode, messageFor, parseErrorBody } from '@aurum/domain/errors/catalogue';
import { AppError } from './app-error.ts';
import { errorAnswer } from './error-contract.ts';
import { FAILED_SCHEMA, GraphqlInputError, contextOf, failedAnswer, requestError, variableErrors } from './graphql-errors.ts';
import { MAX_DEPTH, MAX_FIELDS, costLimitRule, depthLimitRule } from './graphql-limits.ts';
import { route } from './route.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Queryable } from '../db/db.ts';

/** What the resolvers get besides their arguments: the database of the call. */
export interface GraphqlContext {
  db: Queryable;
}

/** A GraphQL endpoint: where it answers, its executable schema (resolvers on its fields) and its OpenAPI text. */
export interface GraphqlEndpointSpec {
  url: string;
  schema: GraphQLSchema;
  summary: string;
  tags: string[];
  description: string;
}

const GraphqlBody = z.object({
  query: z.string().min(1).max(20_000),
  variables: z.record(z.string(), z.unknown()).nullable().optional(),
  operationName: z.string().max(200).nullable().optional(),
});

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

/**
 * Declares a GraphQL endpoint (graphql-js parses and validates, graphql-jit executes) as an admin's
 * read-only route, its failures in the error shape of graphql-errors.ts.
 */
export function graphqlEndpoint(app: FastifyInstance, deps: AppDeps, spec: GraphqlEndpointSpec): void {
  const { schema } = spec;
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
    if (req.routeOptions.url !== spec.url || reply.statusCode < 400 || typeof payload !== 'string') return done(null, payload);
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
    url: spec.url,
    summary: spec.summary,
    tags: spec.tags,
    auth: 'admin',
    readOnly: true,
    reads: 'replica',
    body: GraphqlBody,
    docs: {
      description: spec.description,
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
      const context: GraphqlContext = { db };
      const result = await ready.compiled.query(undefined, context, variables);
      if (!('data' in result)) {
        // refused before any resolver ran (the compiled operation coerces the variables first): coerced once
        // more only then, to name the variable that failed (a good call is coerced once)
        const badVariables = variableErrors(schema, ready.operation, variables);
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
