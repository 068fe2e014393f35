import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestView } from '@aurum/domain/assets/request-schemas';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client, type Answer } from '../../../testing/client.ts';
import { receiptRoot } from '../receipt-storage.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const SECURE = '/v0/web/secure';

type Upload = { name: string; bytes: Buffer };

const image = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } });
const PNG = await image(30, 20, '#d4a017').png().toBuffer();
const JPEG = await image(30, 20, '#1e3a8a').jpeg().toBuffer();
/** A phone photo: taken sideways (EXIF orientation 6), the photographer's name in EXIF and XMP. */
const XMP = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Aminah binti Yusof</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>';
const SIDEWAYS_PHOTO = await image(30, 20, '#15803d')
  .jpeg()
  .withMetadata({ orientation: 6 })
  .withExif({ IFD0: { Artist: 'Aminah binti Yusof', Copyright: 'Private' } })
  .withXmp(XMP)
  .toBuffer();
const HTML = Buffer.from('<html><body><script>fetch("/v0/web/secure/admin/list")</script></body></html>');
const PNG_SIGNATURE = PNG.subarray(0, 8);

/** A real PNG whose header claims 20000 x 20000 pixels (400 megapixels in a file of a few bytes). */
function pngClaiming(width: number, height: number): Buffer {
  const bytes = Buffer.from(PNG);
  bytes.writeUInt32BE(width, 16); // IHDR data starts after signature (8), length (4) and type (4)
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29); // the chunk's CRC covers its type and data
  return bytes;
}

describe(`receipts are checked by decoding them, on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  let aminah: number;
  const tokens: Record<string, string> = {};

  async function tokenOf(role: string): Promise<string> {
    if (!tokens[role]) {
      const who = ts.demo.byRole[role]!;
      tokens[role] = (await api.login(who.username, who.password)).body.jwt;
    }
    return tokens[role];
  }

  async function post(path: string, role: string, fields: Record<string, string>, file: Upload): Promise<Answer<RequestView>> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('receipt', new Blob([new Uint8Array(file.bytes)], { type: 'image/png' }), file.name);
    const r = await fetch(`${ts.url}${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${await tokenOf(role)}` } });
    const text = await r.text();
    return { status: r.status, body: JSON.parse(text) as Answer<RequestView>['body'], text };
  }
  const deposit = (file: Upload) => post(`${SECURE}/asset/deposit/create`, 'financeMaker', { userId: String(aminah), type: 'MYR', amount: '25.00' }, file);
  const approve = (id: number, file: Upload) => post(`${SECURE}/asset/deposit/${id}/approve`, 'financeApprover', {}, file);

  async function receipt(id: number, which: 'user' | 'verified') {
    const r = await fetch(`${ts.url}${SECURE}/asset/${id}/receipt/${which}`, { headers: { authorization: `Bearer ${await tokenOf('none')}` } });
    return { status: r.status, headers: r.headers, bytes: Buffer.from(await r.arrayBuffer()) };
  }

  async function storedFiles(): Promise<string[]> {
    try {
      const entries = await readdir(receiptRoot(ts.config.dataDir), { recursive: true, withFileTypes: true });
      return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)).sort();
    } catch {
      return [];
    }
  }

  async function requestCount(): Promise<number> {
    const [row] = await ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_requests');
    return row!.n;
  }

  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
    const [row] = await ts.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'aminah'");
    aminah = row!.id;
  });
  afterAll(() => ts?.close());

  it('takes a real PNG and a real JPEG, stores them encoded again, and serves them typed, nosniff and sandboxed', async () => {
    const created = await deposit({ name: 'slip.png', bytes: PNG });
    expect(created.status, created.text).toBe(200);
    const approved = await approve(created.body.id, { name: 'bank.jpeg', bytes: JPEG });
    expect(approved.status, approved.text).toBe(200);

    for (const [which, type, format, original] of [
      ['user', 'image/png', 'png', PNG],
      ['verified', 'image/jpeg', 'jpeg', JPEG],
    ] as const) {
      const got = await receipt(created.body.id, which);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe(type);
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(got.headers.get('content-disposition')).toBe(`inline; filename="request-${created.body.id}-${which}.${format === 'png' ? 'png' : 'jpg'}"`);
      expect(got.headers.get('content-security-policy')?.split(';').map((d) => d.trim())).toContain('sandbox');
      // the stored copy decodes as the same picture
      const stored = await sharp(got.bytes).metadata();
      expect({ format: stored.format, width: stored.width, height: stored.height }).toEqual({ format, width: 30, height: 20 });
      if (format === 'png') expect(await sharp(got.bytes).raw().toBuffer()).toEqual(await sharp(original).raw().toBuffer());
    }
  });

  it('stores a photo upright and without its metadata (EXIF, XMP: names, places, orientation)', async () => {
    const sent = await sharp(SIDEWAYS_PHOTO).metadata();
    expect([sent.exif, sent.xmp, sent.orientation]).toEqual([expect.any(Buffer), expect.any(Buffer), 6]);
    const created = await deposit({ name: 'photo.jpg', bytes: SIDEWAYS_PHOTO });
    expect(created.status, created.text).toBe(200);
    const got = await receipt(created.body.id, 'user');
    const stored = await sharp(got.bytes).metadata();
    expect({ width: stored.width, height: stored.height, exif: stored.exif, xmp: stored.xmp, orientation: stored.orientation }).toEqual({
      width: 20,
      height: 30,
      exif: undefined,
      xmp: undefined,
      orientation: undefined,
    });
    expect(got.bytes.includes('Aminah binti Yusof')).toBe(false);
  });

  it('refuses what only looks like an image: the answer of any non-image, no request, no file', async () => {
    const notAnImage = await deposit({ name: 'slip.png', bytes: Buffer.from('just some text') });
    expect(notAnImage.status).toBe(400);
    expect(notAnImage.body).toMatchObject({ code: 1001, context: 'receipt' });

    const cases: Array<[string, Upload]> = [
      ['a PNG signature followed by an HTML page', { name: 'slip.png', bytes: Buffer.concat([PNG_SIGNATURE, HTML]) }],
      ['a JPEG start followed by an HTML page', { name: 'slip.jpg', bytes: Buffer.concat([JPEG.subarray(0, 3), HTML]) }],
      ['a JPEG cut in the middle', { name: 'slip.jpg', bytes: JPEG.subarray(0, Math.floor(JPEG.length / 2)) }],
      ['a PNG cut in the middle', { name: 'slip.png', bytes: PNG.subarray(0, PNG.length - 20) }],
      ['a PNG claiming 20000 x 20000 pixels', { name: 'slip.png', bytes: pngClaiming(20_000, 20_000) }],
    ];
    for (const [label, file] of cases) {
      const [files, requests] = [await storedFiles(), await requestCount()];
      const answer = await deposit(file);
      expect({ label, status: answer.status, body: answer.body }).toEqual({ label, status: 400, body: notAnImage.body });
      expect({ label, files: await storedFiles(), requests: await requestCount() }).toEqual({ label, files, requests });
    }
  });

  it('refuses an approval whose verified receipt does not decode: the request stays pending', async () => {
    const created = await deposit({ name: 'slip.png', bytes: PNG });
    const files = await storedFiles();
    const refused = await approve(created.body.id, { name: 'verified.png', bytes: Buffer.concat([PNG_SIGNATURE, HTML]) });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 1001, context: 'receipt' });
    const [row] = await ts.db.query<{ status: string }>('SELECT status FROM payment_requests WHERE id = $1', [created.body.id]);
    expect(row!.status).toBe('pending');
    expect(await storedFiles()).toEqual(files);
  });

  it('keeps the picture of a real image with something appended, and drops what was appended', async () => {
    const created = await deposit({ name: 'slip.png', bytes: Buffer.concat([PNG, HTML]) });
    expect(created.status, created.text).toBe(200);
    const got = await receipt(created.body.id, 'user');
    expect(got.bytes.includes('<script>')).toBe(false);
    expect(await sharp(got.bytes).raw().toBuffer()).toEqual(await sharp(PNG).raw().toBuffer());
  });

  it('takes a JPEG named .png as the JPEG it is (the content decides the type), stored and served as image/jpeg', async () => {
    const created = await deposit({ name: 'scan.png', bytes: JPEG });
    expect(created.status, created.text).toBe(200);
    const got = await receipt(created.body.id, 'user');
    expect(got.headers.get('content-type')).toBe('image/jpeg');
    expect(got.headers.get('content-disposition')).toContain('.jpg"');
    expect((await sharp(got.bytes).metadata()).format).toBe('jpeg');
    const [row] = await ts.db.query<{ key: string }>('SELECT user_receipt_key AS key FROM payment_requests WHERE id = $1', [created.body.id]);
    expect(row!.key).toMatch(/\.jpg$/);
    expect((await sharp(await readFile(join(receiptRoot(ts.config.dataDir), row!.key))).metadata()).format).toBe('jpeg');
  });
});
