import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { route } from '../route.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** route()'s multipart.totalFileSize: the files of one call together (the inbox's 100 MB of receipts), here scaled down. */
describe(`a multipart route caps the bytes of all its files together, on ${driver}`, () => {
  let ts: TestServer;

  beforeAll(async () => {
    ts = await startTestServer({
      app: {
        extraRoutes: (app, deps) =>
          route(app, deps, {
            method: 'POST',
            url: '/v0/test/probe_files',
            summary: 'test probe',
            tags: ['test'],
            auth: 'public',
            body: z.record(z.string(), z.unknown()),
            multipart: { files: 5, fileSize: 800, fields: 0, fieldSize: 0, parts: 6, totalFileSize: 1000 },
            handler: async ({ body }) => ({ files: Object.keys(body).length }),
          }),
      },
    });
  });
  afterAll(() => ts?.close());

  const send = async (sizes: number[]) => {
    const form = new FormData();
    sizes.forEach((size, i) => form.append(`f${i}`, new Blob([new Uint8Array(size)]), `f${i}.bin`));
    const r = await fetch(`${ts.url}/v0/test/probe_files`, { method: 'POST', body: form });
    return { status: r.status, body: (await r.json()) as unknown };
  };

  it('takes files up to the total and refuses the call past it with 413', async () => {
    expect(await send([600])).toEqual({ status: 200, body: { files: 1 } });
    expect(await send([500, 500])).toEqual({ status: 200, body: { files: 2 } });
    expect(await send([600, 600])).toEqual({ status: 413, body: { code: 1000, context: 'The files of this call are too large together' } });
    // each file still has its own limit (cut, not refused: the route's rule refuses a cut file)
    expect(await send([900])).toEqual({ status: 200, body: { files: 1 } });
  });
});
