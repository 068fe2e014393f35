import { parseErrorBody } from '@aurum/domain/errors/catalogue';
import { ApiError } from '#shared/http/api-error.ts';
import { authController, http } from '#shared/http/client.ts';

/**
 * Downloads too long for the http client (whose 5 s time-out suits JSON calls, not a stream): the
 * request with the bearer token, then the body read chunk by chunk.
 */

/**
 * Opens a download with the bearer token (one refresh and retry on 401). A refusal is its ApiError,
 * a network failure ApiError(0); an aborted signal throws as fetch does.
 */
export async function openDownload(path: string, signal: AbortSignal, accept = 'text/csv, application/json'): Promise<Response> {
  const send = () => {
    const token = authController.accessToken();
    return window.fetch(path, {
      credentials: 'include',
      headers: { accept, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      signal,
    });
  };
  try {
    let response = await send();
    if (response.status === 401) {
      // the same shared refresh as every other call, then one retry
      if (!(await http.refreshOnce())) throw new ApiError(401, 0, null);
      response = await send();
    }
    if (!response.ok) {
      let body: unknown = null;
      try {
        body = await response.json();
      } catch {
        body = null;
      }
      const { code, context } = parseErrorBody(body);
      throw new ApiError(response.status, code, context);
    }
    return response;
  } catch (error) {
    if (error instanceof ApiError || signal.aborted) throw error;
    throw new ApiError(0, 0, null);
  }
}

/** The body's chunks, each handed to `onChunk` as it arrives; a broken stream is ApiError(0), an abort throws as fetch does. */
export async function readChunks(response: Response, signal: AbortSignal, onChunk: (chunk: Uint8Array<ArrayBuffer>) => void): Promise<Uint8Array<ArrayBuffer>[]> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const reader = response.body?.getReader();
  if (!reader) return chunks;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      onChunk(value);
    }
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(0, 0, null);
  }
  return chunks;
}
