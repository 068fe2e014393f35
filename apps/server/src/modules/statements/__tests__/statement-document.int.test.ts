import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { Decimal, roundTo } from '@aurum/domain/money/decimal';
import { GRAMS_PER_TROY_OUNCE } from '@aurum/domain/system/metals';
import { businessDate } from '@aurum/domain/system/business-time';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { StatementAnswer } from '@aurum/domain/statements/statement-schemas';
import type { UserDetail } from '@aurum/domain/users/user-views';
import { walletBalances } from '../../wallet/wallet-service.ts';
import { S, startOrderServer, type OrderTestServer } from '../../orders/__tests__/order-helpers.ts';
import { displayDate } from '@aurum/domain/system/display-date';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const DEALER = { DEALER_NAME: 'Emas Niaga Sdn. Bhd.', DEALER_ADDRESS: '8 Jalan Tun Perak, 50050 Kuala Lumpur', DEALER_REGISTRATION: '202001012345 (1371234-K)' };

/** A PDF's text, one string per page. */
async function pdfPages(bytes: ArrayBuffer | Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return text;
}

/**
 * The statement as the dealer sends it, on a server whose clock is in January 2030 (the order test
 * server's trading moment): December 2029 has ended, January is interim, February has not started.
 */
describe(`statements a dealer sends on ${driver}`, () => {
  let o: OrderTestServer;
  let today: string;
  let userId: number;
  let englishId: number;
  /** MYR per gram of the December and January closing mids as the treasury values them. */
  const december = { usdPerOunce: '2000', usdMyr: '4.6' };
  const january = { usdPerOunce: '2100.5', usdMyr: '4.7125' };
  const perGram = (p: { usdPerOunce: string; usdMyr: string }) => new Decimal(p.usdPerOunce).times(p.usdMyr).div(GRAMS_PER_TROY_OUNCE);

  const download = async (path: string, role = 'financeMaker') => fetch(`${o.ts.url}${path}`, { headers: { authorization: `Bearer ${await o.as(role)}` } });
  const statement = async (query: string, id = userId) => o.call<StatementAnswer>('none', 'GET', `${S}/statements/${id}?${query}`);
  const exportCount = async () => Number((await o.ts.db.query<{ n: string }>("SELECT count(*)::text AS n FROM audit_log WHERE action = 'data.export'"))[0]!.n);

  beforeAll(async () => {
    o = await startOrderServer(DEALER);
    today = businessDate(o.ts.now());
    userId = await o.newUser('stmtmeiling', { fund: '12500.00', gold: '8.5000' });
    englishId = await o.newUser('stmtjohn', { fund: '10.00' });
    // enough movements in December and in January for a statement of more than one page
    for (const at of ['2029-12-10T03:00:00Z', '2030-01-05T03:00:00Z']) {
      await o.ts.db.query(
        `WITH e AS (INSERT INTO ledger_entries (kind, user_id, created_at) SELECT 'deposit', $1, $2::timestamptz + g * interval '1 minute' FROM generate_series(1, 40) AS g RETURNING id)
         INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount) SELECT id, 'house:bank', $3, 'MYR', '1000.00' FROM e`,
        [userId, at, `user:${userId}:fund`],
      );
    }
    // the treasury valued gold before each cut-off: December's end, and this morning
    await o.ts.db.query(`INSERT INTO treasury_history (metal, at, net, usd_per_ounce, usd_myr) VALUES ('XAU', '2029-12-31T15:55:00Z', 0, $1, $2), ('XAU', $3, 0, $4, $5)`, [
      december.usdPerOunce,
      december.usdMyr,
      new Date(o.ts.now().getTime() - 3_600_000).toISOString(),
      january.usdPerOunce,
      january.usdMyr,
    ]);
  });
  afterAll(() => o?.ts.close());

  it("sets a customer's preferred language through the user's profile, English by default, and refuses another", async () => {
    const detail = await o.call<UserDetail>('operationMaker', 'GET', `${S}/user/${userId}`);
    expect(detail.body.profile.preferredLanguage).toBe('en');
    const { profile } = detail.body;
    const body = { username: profile.username, email: profile.email, firstName: 'Mei Ling', lastName: 'Tan', phone: profile.phone, category: 'individual', internal: false };
    const bad = await o.call('operationMaker', 'PUT', `${S}/user/${userId}`, { ...body, preferredLanguage: 'fr' });
    expect([bad.status, bad.body.code, bad.body.context]).toEqual([400, ErrorCode.InvalidFormat, 'preferredLanguage']);
    const set = await o.call<UserDetail['profile']>('operationMaker', 'PUT', `${S}/user/${userId}`, { ...body, preferredLanguage: 'zh-Hant' });
    expect(set.status, set.text).toBe(200);
    expect(set.body.preferredLanguage).toBe('zh-Hant');
    // an edit that leaves it out keeps it
    expect((await o.call<UserDetail['profile']>('operationMaker', 'PUT', `${S}/user/${userId}`, body)).body.preferredLanguage).toBe('zh-Hant');
    expect((await o.call<UserDetail>('operationMaker', 'GET', `${S}/user/${userId}`)).body.profile.preferredLanguage).toBe('zh-Hant');
  });

  it('answers JSON with the letterhead, a number the same on every download, the language and the metal at the closing mid', async () => {
    const first = await statement('month=2029-12');
    expect(first.status, first.text).toBe(200);
    const s = first.body;
    expect(s.dealer).toEqual({ name: DEALER.DEALER_NAME, address: DEALER.DEALER_ADDRESS, registration: DEALER.DEALER_REGISTRATION });
    expect(s.number).toBe(`ST-202912-${String(userId).padStart(8, '0')}`);
    expect((await statement('from=2029-12-01&to=2029-12-31')).body.number).toBe(s.number);
    expect((await statement('from=2029-12-01&to=2029-12-15')).body.number).toBe(`ST-20291201-20291215-${String(userId).padStart(8, '0')}`);
    expect(s.language).toBe('zh-Hant');
    expect((await statement('month=2029-12', englishId)).body.language).toBe('en');
    expect(s).toMatchObject({ interim: false, cutOffAt: s.toAt });
    // value = closing grams x the mid, to the sen
    const [gold] = s.valuation.metals;
    expect(gold).toMatchObject({ metal: 'XAU', grams: s.closing.grams, unitPriceMyr: roundTo(perGram(december), 4), pricedAt: '2029-12-31T15:55:00.000Z' });
    expect(gold!.valueMyr).toBe(roundTo(new Decimal(s.closing.grams).times(perGram(december)), 2));
    expect(s.closing.grams).toBe('8.5000');
    expect(s.valuation.totalMyr).toBe(gold!.valueMyr);
  });

  it('marks a period that includes today interim, its figures at the cut-off and its gold at the latest mid', async () => {
    const r = await statement(`month=${today.slice(0, 7)}`);
    expect(r.status, r.text).toBe(200);
    const s = r.body;
    expect(s.interim).toBe(true);
    expect(Date.parse(s.cutOffAt)).toBeLessThanOrEqual(o.ts.now().getTime());
    expect(Date.parse(s.cutOffAt)).toBeLessThan(Date.parse(s.toAt));
    const w = await walletBalances(o.ts.db, userId);
    expect(s.closing.myr).toBe(new Decimal(w.fund).plus(w.fundHeld).toFixed(2));
    expect(s.valuation.metals[0]!.valueMyr).toBe(roundTo(new Decimal('8.5000').times(perGram(january)), 2));
    const csv = Buffer.from(await (await download(`${S}/statements/${userId}.csv?month=${today.slice(0, 7)}`)).arrayBuffer()).toString('utf8');
    const rows = csv.slice(1).trimEnd().split('\r\n').map((l) => l.split(','));
    const col = (name: string) => rows[0]!.indexOf(name);
    // its own cut-off, the moment it was made: one for every row
    const cutOff = rows[1]![col('cutOffAt')]!;
    expect(Date.parse(cutOff)).toBeGreaterThanOrEqual(Date.parse(s.cutOffAt));
    expect(rows.slice(1).every((row) => row[col('interim')] === 'true' && row[col('cutOffAt')] === cutOff && row[col('number')] === s.number)).toBe(true);
  });

  it('refuses a period that starts after today with 422 (3236), JSON, CSV, PDF and batch alike, sending and auditing nothing', async () => {
    const before = await exportCount();
    const json = await statement('month=2030-02');
    expect([json.status, json.body.code]).toEqual([422, ErrorCode.StatementPeriodNotStarted]);
    expect((json.body as { detail?: unknown }).detail).toEqual({ rule: 'periodNotStarted', from: '2030-02-01', today });
    for (const path of [
      `${S}/statements/${userId}.csv?month=2030-02`,
      `${S}/statements/${userId}.pdf?from=2030-01-08&to=2030-01-09`,
      `${S}/statements/batch?month=2030-02&format=csv`,
      `${S}/statements/batch?month=2030-02&format=pdf`,
    ]) {
      const r = await download(path);
      expect(r.status, path).toBe(422);
      expect(r.headers.get('content-disposition'), path).toBeNull();
      expect(((await r.json()) as { code: number }).code, path).toBe(ErrorCode.StatementPeriodNotStarted);
    }
    expect(await exportCount()).toBe(before);
  });

  it("prints the CSV's header fields on every row and plain machine-readable figures", async () => {
    const s = (await statement('month=2029-12')).body;
    const text = Buffer.from(await (await download(`${S}/statements/${userId}.csv?month=2029-12`)).arrayBuffer()).toString('utf8');
    const rows = text.slice(1).trimEnd().split('\r\n').map((l) => l.split(','));
    const col = (name: string) => rows[0]!.indexOf(name);
    const body = rows.slice(1);
    expect(body.every((row) => row[col('number')] === s.number && row[col('dealer.name')] === DEALER.DEALER_NAME && row[col('interim')] === 'false')).toBe(true);
    expect(body.map((row) => row[col('kind')]).slice(-3)).toEqual(['closing', 'valuation', 'valuationTotal']);
    const valuation = body.find((row) => row[col('kind')] === 'valuation')!;
    expect([valuation[col('metal')], valuation[col('unitPriceMyr')], valuation[col('valueMyr')]]).toEqual(['XAU', s.valuation.metals[0]!.unitPriceMyr, s.valuation.metals[0]!.valueMyr]);
    // no thousands separators: the closing MYR balance is above a thousand
    expect(body.find((row) => row[col('kind')] === 'closing')![col('balance.myr')]).toBe(s.closing.myr);
    expect(Number(s.closing.myr)).toBeGreaterThan(1000);
  });

  it("prints the PDF in the customer's language without a lang, the letterhead and number on every page, figures grouped, its font embedded", async () => {
    const r = await download(`${S}/statements/${userId}.pdf?month=2029-12`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="statement-${userId}-2029-12-01-2029-12-31-zh-Hant.pdf"`);
    const bytes = new Uint8Array(await r.arrayBuffer());
    const s = (await statement('month=2029-12')).body;
    const pages = await pdfPages(bytes);
    expect(pages.length).toBeGreaterThan(1);
    for (const [i, page] of pages.entries()) {
      for (const words of [DEALER.DEALER_NAME, DEALER.DEALER_ADDRESS, DEALER.DEALER_REGISTRATION, s.number, '結單編號']) expect(page, `page ${i + 1}: ${words}`).toContain(words);
      expect(page, `page ${i + 1}`).not.toContain('臨時結單');
    }
    const all = pages.join('\n');
    for (const words of ['客戶結單', '持有金屬（按期末中間價）', '黃金 (XAU)', s.valuation.metals[0]!.valueMyr!.replace(/\B(?=(\d{3})+(?!\d))/, ','), '8.5000']) expect(all, words).toContain(words);
    expect(Number(s.valuation.metals[0]!.valueMyr)).toBeGreaterThan(1000);
    // the Noto Sans CJK TC subset travels in the file
    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw).toMatch(/\/FontFile[23]?\s/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans/);
    const english = await pdfPages(await (await download(`${S}/statements/${userId}.pdf?month=2029-12&lang=en`)).arrayBuffer());
    expect(english.join('\n')).toContain('Closing balance');
    expect(english[0]).toContain('Period: 01/12/2029 – 31/12/2029');
  });

  it('marks every page of an interim PDF INTERIM with its cut-off in Kuala Lumpur time', async () => {
    const s = (await statement(`month=${today.slice(0, 7)}`)).body;
    const pages = await pdfPages(await (await download(`${S}/statements/${userId}.pdf?month=${today.slice(0, 7)}&lang=en`)).arrayBuffer());
    expect(pages.length).toBeGreaterThan(1);
    for (const [i, page] of pages.entries()) {
      expect(page, `page ${i + 1}`).toContain('INTERIM STATEMENT');
      // dd/MM/yyyy as on the console's screens
      expect(page, `page ${i + 1}`).toMatch(new RegExp(`Figures as at ${displayDate(today).replaceAll('/', '\\/')} \\d{2}:\\d{2} \\(MYT\\)`));
      expect(page, `page ${i + 1}`).toContain(DEALER.DEALER_NAME);
    }
    expect(s.interim).toBe(true);
  });

  it("names each PDF of the batch by its language, each user's own unless one is asked", async () => {
    const r = await download(`${S}/statements/batch?month=2029-12&format=pdf`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="statements-2029-12.zip"');
    const files = unzipSync(new Uint8Array(await r.arrayBuffer()));
    const names = Object.keys(files);
    expect(names).toContain(`statement-${userId}-2029-12-01-2029-12-31-zh-Hant.pdf`);
    expect(names).toContain(`statement-${englishId}-2029-12-01-2029-12-31-en.pdf`);
    expect((await pdfPages(files[`statement-${userId}-2029-12-01-2029-12-31-zh-Hant.pdf`]!)).join('\n')).toContain('客戶結單');
    expect((await pdfPages(files[`statement-${englishId}-2029-12-01-2029-12-31-en.pdf`]!)).join('\n')).toContain('Customer statement');
    const asked = unzipSync(new Uint8Array(await (await download(`${S}/statements/batch?month=2029-12&format=pdf&lang=en`)).arrayBuffer()));
    expect(Object.keys(asked)).toContain(`statement-${userId}-2029-12-01-2029-12-31-en.pdf`);
  });
});
