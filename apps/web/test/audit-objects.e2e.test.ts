import { expect, test } from '@playwright/test';
import { browserSuite, docShot, signIn, until, useLanguage, visible } from './support/harness.ts';
import { adminApi, approveDeposit, createDeposit } from './support/api.ts';
import { pick } from './support/people.ts';

/**
 * "Who approved request 17?" answered from the audit trail, as staff ask it: each row names its
 * object, a search by the object's kind and number finds its rows among look-alikes, and the detail
 * reads as a change list with the raw JSON one click away. In English at 1280 px and in Traditional
 * Chinese at 390 px.
 */
const suite = browserSuite();
const maker = adminApi(suite, (ts) => ts.demo.byRole.financeMaker!);
const approver = adminApi(suite, (ts) => ts.demo.byRole.financeApprover!);

/** A MYR deposit for aminah, made by the finance maker, then decided by the approver. */
async function deposit(amount: string, decision: 'approve' | 'decline'): Promise<number> {
  const id = await createDeposit(suite, maker, 'aminah', amount);
  if (decision === 'decline') await approver.call('POST', `asset/deposit/${id}/decline`, { reason: 'Slip unreadable' });
  else await approveDeposit(suite, approver, id);
  return id;
}

const TEXT = {
  en: {
    kind: 'Payment request',
    object: (id: number) => `Payment request ${id}`,
    showAll: (id: number) => `Every change to Payment request ${id}`,
    table: 'Audit trail',
    objectField: 'Object',
    number: 'Number',
    search: 'Search',
    needsKind: 'Choose the object this number belongs to.',
    approved: 'Payment request approved',
    detail: /^Detail of asset\.approve/,
    changes: 'Changes',
    showRaw: 'Show the raw JSON',
  },
  'zh-Hant': {
    kind: '款項申請',
    object: (id: number) => `款項申請 ${id}`,
    showAll: (id: number) => `款項申請 ${id} 的所有變更`,
    table: '稽核紀錄',
    objectField: '對象',
    number: '編號',
    search: '搜尋',
    needsKind: '請選擇此編號所屬的對象。',
    approved: '批准款項申請',
    detail: /^asset\.approve #\d+ 的詳情/,
    changes: '變更',
    showRaw: '顯示原始 JSON',
  },
} as const;

test.describe('audit trail: every row names its object, found by kind and number', () => {
  for (const [language, width] of [['en', 1280], ['zh-Hant', 390]] as const) {
    test(`${language} at ${width} px: finds who created and who approved one deposit among look-alikes`, async () => {
      const text = TEXT[language];
      const wanted = await deposit('2000.00', 'approve');
      const lookAlike = await deposit('2000.00', 'approve');
      const declined = await deposit('10.00', 'decline');

      const page = await suite.open();
      await signIn(page, suite.ts.url, suite.ts.demo.superAdmin, '/system/log/');
      await page.setViewportSize({ width, height: 900 });
      await useLanguage(page, language);
      // a table at 1280 px; below 640 px each row is a card that keeps who, what, which object and when
      const table = width < 640 ? page.getByRole('list', { name: text.table }) : page.getByRole('table', { name: text.table });
      const rowsOf = () => (width < 640 ? table.getByRole('listitem') : table.locator('tbody tr'));
      // the rows name their objects: the newest about a request is the small deposit's decline
      await visible(table.getByTestId('audit-object').first());
      expect(await table.getByTestId('audit-object').first().textContent()).toBe(text.object(declined));

      // a number alone is refused on the spot, and nothing is searched
      await page.getByRole('textbox', { name: text.number }).fill(String(wanted));
      await page.getByRole('button', { name: text.search, exact: true }).click();
      await visible(page.getByText(text.needsKind));
      expect(new URL(page.url()).searchParams.get('objectId')).toBeNull();

      // kind and number: the two rows of that request only, newest first, each naming who acted
      await pick(page, text.objectField, text.kind);
      await page.getByRole('button', { name: text.search, exact: true }).click();
      await until(() => new URL(page.url()).search).toContain(`objectKind=request&objectId=${wanted}`);
      await until(() => rowsOf().count()).toBe(2);
      const rows = rowsOf();
      await visible(rows.nth(0).getByText(text.approved));
      expect(await rows.nth(0).textContent()).toContain(suite.ts.demo.byRole.financeApprover!.username);
      expect(await rows.nth(1).textContent()).toContain(suite.ts.demo.byRole.financeMaker!.username);
      for (const i of [0, 1]) expect(await rows.nth(i).getByTestId('audit-object').textContent()).toBe(text.object(wanted));
      // times in Kuala Lumpur
      expect(await rows.nth(0).textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} MYT/);
      await docShot(page, `audit-search-${language}-${width}`);

      // the detail: the object, the change as fields with before and after, the raw JSON on request
      await rows.nth(0).getByRole('button', { name: text.detail }).click();
      const detail = page.getByTestId('audit-detail');
      await until(() => detail.getByTestId('audit-detail-object').textContent()).toBe(text.object(wanted));
      const changes = detail.getByRole('table', { name: text.changes });
      const status = changes.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'status', exact: true }) });
      await until(() => status.getByRole('cell').allTextContents()).toEqual(['pending', 'approved']);
      await docShot(page, `audit-detail-${language}-${width}`);
      expect(await detail.getByTestId('audit-after').count()).toBe(0);
      await detail.getByRole('button', { name: text.showRaw }).click();
      await until(() => detail.getByTestId('audit-after').textContent()).toContain('"status": "approved"');
      await page.keyboard.press('Escape');
      await until(() => detail.count()).toBe(0);

      // from any row, the object's name leads to every change to it
      await page.goto(`${suite.ts.url}/system/log/`);
      const link = page.getByRole('link', { name: text.showAll(lookAlike) }).first();
      await visible(link);
      await link.click();
      await until(() => new URL(page.url()).search).toContain(`objectKind=request&objectId=${lookAlike}`);
      await until(() => rowsOf().count()).toBe(2);
    });
  }
});
