/**
 * One HTTP call of the multi-process tests (the cluster load, the money race): a bearer token, basic
 * credentials, a JSON body or a form; the answer's status, its JSON (null when it is not JSON) and
 * its text. Bounded by `timeoutMs` (default 20 s): a call that hangs fails instead of the test.
 */
export interface Answer {
  status: number;
  body: Record<string, unknown> | null;
  text: string;
  /** The answer's Set-Cookie, as a browser would keep it (name=value), or null. */
  setCookie: string | null;
}

export async function call(base: string, path: string, init: { method?: string; token?: string; json?: unknown; form?: FormData; basic?: [string, string]; cookie?: string; timeoutMs?: number; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.cookie) headers.cookie = init.cookie;
  if (init.basic) headers.authorization = `Basic ${Buffer.from(`${init.basic[0]}:${init.basic[1]}`).toString('base64')}`;
  let body: string | FormData | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    body = init.form;
  }
  const r = await fetch(`${base}${path}`, { method: init.method ?? 'POST', headers, body, signal: AbortSignal.timeout(init.timeoutMs ?? 20_000) });
  const text = await r.text();
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    parsed = null;
  }
  return { status: r.status, body: parsed, text, setCookie: r.headers.get('set-cookie')?.split(';')[0] ?? null };
}
