import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { browserSuite, signIn, until, visible } from './support/harness.ts';

const suite = browserSuite();
const INJECTED = '=HYPERLINK("http://evil.example","Click")';

test.describe('CSV export from a list screen', () => {
  test('downloads the user list of the current filter: every matching row, BOM, Chinese names, formulas escaped', async () => {
    for (const [username, first, last, phone] of [
      ['csvb_one', '王小明', '陳', '71000001'],
      ['csvb_two', INJECTED, 'Tan', '71000002'],
      ['csvb_three', 'Siti', '-Aminah', '71000003'],
      ['other_four', 'Not', 'Matched', '71000004'],
      // more matches than a page of 10 holds: the export has them all
      ...Array.from({ length: 9 }, (_, i) => [`csvb_zz${i}`, 'Filler', `No ${i}`, `7200000${i}`]),
    ]) {
      await suite.ts.db.query(
        "INSERT INTO users (username, email, first_name, last_name, category, phone_country_code, phone_number) VALUES ($1, $2, $3, $4, 'agent', '60', $5)",
        [username, `${username}@example.com`, first, last, phone],
      );
    }
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    // the list filtered by username, 10 rows a page: the export has every matching row, not the page
    await page.goto(`${suite.ts.url}/account/user/?condition=USER_NAME&input=csvb_&limit=10&sort=username&order=asc`);
    const table = page.getByTestId('user-table');
    await visible(table.getByRole('link', { name: 'csvb_one', exact: true }));

    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^users-\d{8}T\d{6}Z\.csv$/);
    const bytes = await readFile((await download.path()) as string);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parse(bytes.toString('utf8'), { bom: true }) as string[][];
    const col = (name: string) => header!.indexOf(name);
    await until(() => table.locator('tbody tr').count()).toBe(10);
    expect(rows.map((r) => r[col('username')])).toEqual(['csvb_one', 'csvb_three', 'csvb_two', ...Array.from({ length: 9 }, (_, i) => `csvb_zz${i}`)]);
    const byName = (u: string) => rows.find((r) => r[col('username')] === u)!;
    expect(byName('csvb_one')[col('firstName')]).toBe('王小明');
    expect(byName('csvb_two')[col('firstName')]).toBe(`'${INJECTED}`);
    expect(byName('csvb_three')[col('lastName')]).toBe("'-Aminah");
    expect(byName('csvb_one')[col('category')]).toBe('agent');
    expect(byName('csvb_one')[col('createdAt')]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    await until(() => page.getByTestId('export-progress').textContent()).toMatch(/^Saved users-.*\.csv \(.+, 12 rows\)\.$/);

    // role none may read the list but not export it
    const viewer = await suite.open();
    await signIn(viewer, suite.ts.url, suite.ts.demo.byRole.none!, '/account/user/');
    await visible(viewer.getByTestId('user-table'));
    expect(await viewer.getByTestId('export-csv').isDisabled()).toBe(true);
  });
});
