import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { RequestView } from '@aurum/domain/assets/request-schemas';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client, roleTokens, type Answer } from '../../../testing/client.ts';
import { expectLedgerConsistent } from '../../wallet/__tests__/ledger-invariant.ts';
import { walletBalances } from '../../wallet/wallet-service.ts';
import { receiptRoot } from '../receipt-storage.ts';

export const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const SECURE = '/v0/web/secure';

/** Real images (a receipt must decode as what it claims to be): a small PNG and JPEG. */
export const PNG = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#d4a017' } }).png().toBuffer();
export const JPEG = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#1e3a8a' } }).jpeg().toBuffer();
/** The pixels of an image (the stored copy is encoded again, so its bytes may differ from the upload). */
export const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

export type File = { name: string; bytes: Buffer; type?: string };
export const png = (name = 'slip.png'): File => ({ name, bytes: PNG, type: 'image/png' });

/**
 * The requests tests' server (a fresh one per file) and what they share: calls as each role, the
 * receipts on disk, a snapshot of what a refused call must leave as it was; after each test the
 * ledger is consistent and every stored receipt belongs to a request.
 */
export function requestsSuite() {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  const users: Record<string, number> = {};

  const tokenOf = roleTokens(() => ts);

  async function multipart<T = RequestView>(path: string, role: string, fields: Record<string, string>, file: File | null, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append('receipt', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
    const r = await fetch(`${ts.url}${path}`, { method: 'POST', body: form, headers: { ...headers, authorization: `Bearer ${await tokenOf(role)}` } });
    const text = await r.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: r.status, body: body as Answer<T>['body'], text };
  }

  const create = (action: string, fields: Record<string, string>, file: File | null = png(), role = 'financeMaker') =>
    multipart(`${SECURE}/asset/${action}/create`, role, fields, file);
  const approve = (action: string, id: number, role = 'financeApprover', file: File | null = png('verified.png')) =>
    multipart(`${SECURE}/asset/${action}/${id}/approve`, role, {}, file);
  const decline = async (action: string, id: number, role = 'financeApprover', reason?: string) =>
    api.call<RequestView>('POST', `${SECURE}/asset/${action}/${id}/decline`, { token: await tokenOf(role), ...(reason ? { body: { reason } } : {}) });
  const wallet = (username: string) => walletBalances(ts.db, users[username]!);

  async function receiptFiles(): Promise<string[]> {
    try {
      const entries = await readdir(receiptRoot(ts.config.dataDir), { recursive: true, withFileTypes: true });
      return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)).sort();
    } catch {
      return [];
    }
  }

  /** Everything that a refused call must leave as it was. */
  async function snapshot() {
    const [counts] = await ts.db.query<{ requests: number; entries: number; pending: number; approved: number; declined: number }>(
      `SELECT (SELECT count(*) FROM payment_requests) AS requests, (SELECT count(*) FROM ledger_entries) AS entries,
              (SELECT count(*) FROM payment_requests WHERE status = 'pending') AS pending,
              (SELECT count(*) FROM payment_requests WHERE status = 'approved') AS approved,
              (SELECT count(*) FROM payment_requests WHERE status = 'declined') AS declined`,
    );
    return { ...counts, files: await receiptFiles() };
  }

  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
    for (const r of await ts.db.query<{ id: number; username: string }>('SELECT id, username FROM users')) users[r.username] = r.id;
  });
  afterAll(() => ts?.close());
  afterEach(async () => {
    await expectLedgerConsistent(ts.db);
    // every stored receipt belongs to a request, and every receipt of a request is stored
    const keys = await ts.db.query<{ key: string }>(
      `SELECT user_receipt_key AS key FROM payment_requests WHERE user_receipt_key IS NOT NULL
       UNION ALL SELECT verified_receipt_key FROM payment_requests WHERE verified_receipt_key IS NOT NULL`,
    );
    expect((await receiptFiles()).map((f) => f.slice(receiptRoot(ts.config.dataDir).length + 1)).sort()).toEqual(keys.map((k) => k.key).sort());
  });
  return {
    get ts() {
      return ts;
    },
    get api() {
      return api;
    },
    users,
    tokenOf,
    multipart,
    create,
    approve,
    decline,
    wallet,
    receiptFiles,
    snapshot,
  };
}
