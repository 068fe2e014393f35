import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  GraphQLError,
  Kind,
  coerceInputValue,
  isInputType,
  isNonNullType,
  print,
  typeFromAST,
  type ArgumentNode,
  type ASTNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { DEFAULT_ERROR_MESSAGE, ErrorCode, messageFor, type ApiErrorBody, type ErrorDetail } from '@aurum/domain/errors/catalogue';
import { AppError } from './app-error.ts';
import { errorAnswer } from './error-contract.ts';
import { ERROR_BODY } from './route.ts';

/**
 * The error shape of a GraphQL answer: each error's extensions carry the REST error contract
 * {code, context}, and a call without data answers the HTTP status of its gravest error.
 */

/**
 * Bad input to a GraphQL call: 400, code 1001 with the argument as context (DECISIONS.md §2), and
 * a message that says what is wrong (the GraphQL error's message).
 */
export class GraphqlInputError extends AppError {
  constructor(context: string, message: string, code: number = ErrorCode.InvalidFormat, detail?: ErrorDetail) {
    super(400, code, context, detail);
    this.message = message;
  }
}

/** One error of a GraphQL answer: extensions carry the body of the REST error contract. */
export interface GraphqlWireError {
  message: string;
  locations?: ReadonlyArray<{ line: number; column: number }>;
  path?: ReadonlyArray<string | number>;
  extensions: ApiErrorBody;
}

/** An error of the request itself (document or variables), found before execution. */
export const requestError = (message: string, code: number, context: string | null, nodes?: readonly ASTNode[]) =>
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
export function contextOf(e: GraphQLError, args: readonly ArgumentNode[]): string {
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
export function variableErrors(schema: GraphQLSchema, operation: OperationDefinitionNode, inputs: Record<string, unknown>): GraphQLError[] {
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
export function failedAnswer(req: FastifyRequest, reply: FastifyReply, errors: readonly GraphQLError[], data?: Record<string, unknown> | null) {
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
export const FAILED_SCHEMA = {
  ...ERROR_BODY,
  description: 'A failed call: the error contract {code, context} of its gravest error, plus the GraphQL errors (and data null once execution started)',
  properties: { ...ERROR_BODY.properties, errors: { type: 'array', items: WIRE_ERROR_SCHEMA }, data: { type: 'null' } },
  required: ['code', 'context', 'errors'],
};
