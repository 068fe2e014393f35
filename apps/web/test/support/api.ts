import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { apiSignIn, type BrowserSuite, type TestServer } from './harness.ts';

/** The secure API's prefix. */
export const SECURE = '/v0/web/secure';

/** An admin's calls to the real server's HTTP API, for a browser test's setup (orders, modes). */
export interface AdminApi {
  /** An access token, renewed after 30 s of the server's clock (moving it on ends sessions). */
  jwt(): Promise<string>;
  /** A secure call as the admin; fails the test unless it answers 2xx; the parsed JSON body. */
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
  /** A user's id by username, from the test server's database. */
  userId(username: string): Promise<number>;
  /** Drops the token (after the test moved the server clock past its session). */
  forget(): void;
}

/** `who` signs in (the demo superAdmin unless given); the suite's server is read at each call. */
export function adminApi(suite: BrowserSuite, who: (ts: TestServer) => { username: string; password: string } = (ts) => ts.demo.superAdmin): AdminApi {
  let token: { jwt: string; at: number } | null = null;
  const jwt = async () => {
    if (token && suite.ts.now().getTime() - token.at < 30_000) return token.jwt;
    const { username, password } = who(suite.ts);
    const r = await apiSignIn(suite.ts.url, { username, password });
    expect(r.status, 'API sign-in').toBe(200);
    token = { jwt: ((await r.json()) as { jwt: string }).jwt, at: suite.ts.now().getTime() };
    return token.jwt;
  };
  return {
    jwt,
    async call<T>(method: string, path: string, body?: unknown): Promise<T> {
      const r = await fetch(`${suite.ts.url}${SECURE}/${path}`, {
        method,
        headers: { authorization: `Bearer ${await jwt()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await r.text();
      expect(r.ok, `${method} ${path}: ${r.status} ${text}`).toBe(true);
      return (text ? JSON.parse(text) : {}) as T;
    },
    forget() {
      token = null;
    },
    async userId(username: string) {
      const [row] = await suite.ts.db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [username]);
      if (!row) throw new Error(`no user ${username}`);
      return Number(row.id);
    },
  };
}

/** A real 1x1 PNG (base64, for a page's own upload), and its bytes. */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
export const PNG = Buffer.from(PNG_BASE64, 'base64');

/** A file holding the PNG, written once per process, for a form's upload field (a receipt). */
export const receiptFile = (() => {
  let path: string | null = null;
  return () => {
    if (!path) {
      path = join(mkdtempSync(join(tmpdir(), 'aurum-receipt-')), 'receipt.png');
      writeFileSync(path, PNG);
    }
    return path;
  };
})();

/** A MYR deposit for `username`, made by `maker` (multipart with its receipt): the new request's id. */
export async function createDeposit(suite: BrowserSuite, maker: AdminApi, username: string, amount: string): Promise<number> {
  const form = new FormData();
  form.append('userId', String(await maker.userId(username)));
  form.append('type', 'MYR');
  form.append('amount', amount);
  form.append('receipt', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'slip.png');
  const r = await fetch(`${suite.ts.url}${SECURE}/asset/deposit/create`, { method: 'POST', body: form, headers: { authorization: `Bearer ${await maker.jwt()}` } });
  expect(r.status, 'deposit created').toBe(200);
  return ((await r.json()) as { id: number }).id;
}

/** Approves deposit `id` as `approver`, with its verified receipt. */
export async function approveDeposit(suite: BrowserSuite, approver: AdminApi, id: number): Promise<void> {
  const form = new FormData();
  form.append('receipt', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'verified.png');
  const r = await fetch(`${suite.ts.url}${SECURE}/asset/deposit/${id}/approve`, { method: 'POST', body: form, headers: { authorization: `Bearer ${await approver.jwt()}` } });
  expect(r.status, 'deposit approved').toBe(200);
}
