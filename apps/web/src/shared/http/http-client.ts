import type { z } from 'zod';
import { parseErrorBody } from '@aurum/domain/errors/catalogue';
import { AUTH_TIMING } from '@aurum/domain/auth/timing';
import { BACKGROUND_HEADER, BACKGROUND_VALUE } from '@aurum/domain/auth/background';
import { ApiError } from './api-error.ts';
import { basicAuthorization } from './basic-auth.ts';

/**
 * How a call authenticates: the stored access token (default), nothing, or basic
 * authentication (login, reset password).
 */
export type AuthMode = 'bearer' | 'none' | { basic: { username: string; password: string } };

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart/form-data when it is a FormData. POST without a body sends an empty body. */
  body?: unknown;
  /** 'blob' answers the body of a successful call as a Blob (images); failures still read the JSON error. */
  responseType?: 'json' | 'blob';
  auth?: AuthMode;
  /** Validates and types the answer; an answer that does not fit is a code 0 error. */
  schema?: z.ZodType<T>;
  /**
   * Like schema, loaded while the call is on its way: for calls of the first load (sign-in,
   * refresh), which thus do not put the schema library into the first JavaScript.
   */
  lazySchema?: () => Promise<z.ZodType<T>>;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key); the client's own headers win. */
  headers?: Readonly<Record<string, string>>;
  /** Given the headers of a successful answer (e.g. the cursors of a paged list) before it is returned. */
  onHeaders?: (headers: Headers) => void;
  /**
   * Marks the call as one the console makes on its own (X-Aurum-Background: 1): the server then
   * does not count it as an action of the admin (DECISIONS.md §9 idle limit). Unset: the
   * client's isBackground decides.
   */
  background?: boolean;
}

export interface HttpClientDeps {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** Prefix of every path; '' for the same origin. */
  baseUrl?: string;
  getAccessToken: () => string | null;
  /** Refreshes the session; true when a new access token is stored. */
  refreshSession: () => Promise<boolean>;
  timeoutMs?: number;
  logError?: (message: string, detail?: unknown) => void;
  /**
   * Whether a call that does not say is made by the console on its own (no recent input of the
   * admin: polling, a refetch the socket asked for); such calls carry X-Aurum-Background: 1.
   */
  isBackground?: () => boolean;
}

export interface HttpClient {
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  /** Refreshes the session; concurrent callers share one refresh in flight. */
  refreshOnce(): Promise<boolean>;
}

interface Answer {
  status: number;
  ok: boolean;
  body: unknown;
}

const isFormData = (body: unknown): body is FormData => typeof FormData !== 'undefined' && body instanceof FormData;

/**
 * The one way the console calls the server (SPEC.md §7): credentials included, a 5 s time-out,
 * the bearer token from session storage, and on 401 one shared refresh and one retry.
 * A second 401 (or a refresh that fails) yields code 0. Every failure is an ApiError.
 */
export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const doFetch = deps.fetch;
  const baseUrl = deps.baseUrl ?? '';
  const timeoutMs = deps.timeoutMs ?? AUTH_TIMING.requestTimeoutMs;
  const logError = deps.logError ?? ((message: string, detail?: unknown) => console.error(message, detail));
  let refreshing: Promise<boolean> | null = null;

  function refreshOnce(): Promise<boolean> {
    if (!refreshing) {
      refreshing = deps
        .refreshSession()
        .catch((error: unknown) => {
          logError('session refresh failed', error);
          return false;
        })
        .finally(() => {
          refreshing = null;
        });
    }
    return refreshing;
  }

  async function send(path: string, options: RequestOptions<unknown>, token: string | null): Promise<Answer> {
    const auth = options.auth ?? 'bearer';
    const blob = options.responseType === 'blob';
    const headers: Record<string, string> = { ...options.headers, accept: blob ? '*/*' : 'application/json' };
    // the background mark is the client's own header: the option (or isBackground) decides it
    for (const name of Object.keys(headers)) if (name.toLowerCase() === BACKGROUND_HEADER.toLowerCase()) delete headers[name];
    if (options.background ?? deps.isBackground?.() ?? false) headers[BACKGROUND_HEADER] = BACKGROUND_VALUE;
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
    // FormData: fetch sets multipart/form-data with its boundary
    const multipart = isFormData(options.body);
    if (options.body !== undefined && !multipart) headers['content-type'] = 'application/json';
    if (auth === 'bearer') {
      if (token) headers.authorization = `Bearer ${token}`;
    } else if (auth !== 'none') {
      headers.authorization = basicAuthorization(auth.basic.username, auth.basic.password);
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onOuterAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onOuterAbort, { once: true });
    try {
      const response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        credentials: 'include',
        body: options.body === undefined ? (method === 'GET' ? undefined : '') : multipart ? (options.body as FormData) : JSON.stringify(options.body),
        signal: controller.signal,
      });
      if (response.ok) options.onHeaders?.(response.headers);
      if (blob && response.ok) return { status: response.status, ok: true, body: await response.blob() };
      const text = await response.text();
      let body: unknown = null;
      if (text.length > 0) {
        try {
          body = JSON.parse(text);
        } catch {
          body = null;
        }
      }
      return { status: response.status, ok: response.ok, body };
    } catch (error) {
      if (options.signal?.aborted && !timedOut) throw error;
      logError(timedOut ? `request timed out: ${method} ${path}` : `request failed: ${method} ${path}`, error);
      throw new ApiError(0, 0, null);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onOuterAbort);
    }
  }

  async function finish<T>(answer: Answer, options: RequestOptions<T>, path: string, schema: Promise<z.ZodType<T> | null>): Promise<T> {
    if (!answer.ok) {
      const { code, context, detail } = parseErrorBody(answer.body);
      throw new ApiError(answer.status, code, context, detail);
    }
    let validator: z.ZodType<T> | null;
    try {
      validator = await schema;
    } catch (error) {
      logError(`could not load the answer schema of ${path}`, error);
      throw new ApiError(answer.status, 0, null);
    }
    if (!validator) return answer.body as T;
    const parsed = validator.safeParse(answer.body);
    if (!parsed.success) {
      logError(`unexpected answer from ${path}`, parsed.error);
      throw new ApiError(answer.status, 0, null);
    }
    return parsed.data;
  }

  async function request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const usesBearer = (options.auth ?? 'bearer') === 'bearer';
    const schema = options.lazySchema ? options.lazySchema() : Promise.resolve(options.schema ?? null);
    schema.catch(() => undefined); // a failed load is reported when the answer needs it
    const token = usesBearer ? deps.getAccessToken() : null;
    const first = await send(path, options as RequestOptions<unknown>, token);
    if (first.status !== 401 || !usesBearer) return finish(first, options, path, schema);

    // The token may have been replaced while this call was on its way: then just retry.
    const current = deps.getAccessToken();
    const renewed = current !== null && current !== token ? true : await refreshOnce();
    if (!renewed) throw new ApiError(401, 0, null);
    const second = await send(path, options as RequestOptions<unknown>, deps.getAccessToken());
    if (second.status === 401) throw new ApiError(401, 0, null);
    return finish(second, options, path, schema);
  }

  return { request, refreshOnce };
}
