import { expect, test } from '@playwright/test';
import { browserSuite, signIn, toast, until, visible } from './support/harness.ts';
import { adminApi, approveDeposit, createDeposit } from './support/api.ts';

/**
 * Screens stay current while another admin decides: an open request shows the decision (who, when)
 * in place of its buttons, and an open user page shows the wallet the approval changed, both without
 * a reload. An action the admin's role may not take says so on the screen and names the roles that
 * may, in English at 1280 px and in Traditional Chinese at 390 px.
 */
const suite = browserSuite();
const maker = adminApi(suite, (ts) => ts.demo.byRole.financeMaker!);
const approver = adminApi(suite, (ts) => ts.demo.byRole.financeApprover!);

/** A pending MYR deposit for aminah, made by the finance maker. */
const pendingDeposit = (amount: string) => createDeposit(suite, maker, 'aminah', amount);
const approve = (id: number) => approveDeposit(suite, approver, id);

/** A money amount as the wallet shows it ("25,000.00 MYR") read back as a number. */
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

test.describe('decisions made elsewhere reach the open screens', () => {
  test('a request decided by another admin shows who declined it, and a user page its new balance, without a reload', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);

    const id = await pendingDeposit('75.00');
    await page.goto(`${suite.ts.url}/asset/${id}`);
    const approveButton = page.getByRole('button', { name: 'Approve', exact: true });
    await visible(approveButton);
    expect(await approveButton.isEnabled()).toBe(true);

    await approver.call('POST', `asset/deposit/${id}/decline`, { reason: 'Slip unreadable' });
    const decision = page.getByTestId('request-decision');
    await until(() => decision.textContent()).toMatch(/^Declined by financeapprover, \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} MYT\.$/);
    expect(await page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Decline', exact: true }).count()).toBe(0);
    await until(() => page.getByTestId('request-decline-reason').textContent()).toBe('Slip unreadable');

    // the user's page, open while the approver approves a deposit of theirs elsewhere
    const userId = await maker.userId('aminah');
    await page.goto(`${suite.ts.url}/account/user/${userId}`);
    const fund = page.getByTestId('wallet-fund');
    await visible(fund);
    const before = amountOf(await fund.textContent());
    const next = await pendingDeposit('1234.50');
    await approve(next);
    await until(async () => amountOf(await fund.textContent())).toBeCloseTo(before + 1234.5, 2);
  });

  for (const [language, width] of [['en', 1280], ['zh-Hant', 390]] as const) {
    test(`${language} at ${width} px: an operation maker sees why Approve is off and which roles may approve`, async () => {
      const id = await pendingDeposit('20.00');
      const page = await suite.open();
      await signIn(page, suite.ts.url, suite.ts.demo.byRole.operationMaker!, `/asset/${id}`);
      await page.setViewportSize({ width, height: 900 });
      if (language === 'zh-Hant') {
        await page.getByTestId('language-switcher').click();
        await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
        await visible(toast(page, '語言已切換為繁體中文。'));
      }
      const text =
        language === 'en'
          ? { approve: 'Approve', reason: 'Your role cannot do this. Roles that can: Super admin and Finance approver.' }
          : { approve: '核准', reason: '您的角色不能執行此操作。可執行的角色：超級管理員和財務審核員。' };
      const button = page.getByRole('button', { name: text.approve, exact: true });
      await visible(button);
      expect(await button.isDisabled()).toBe(true);
      // on the screen, not only in a tooltip
      const reason = page.getByTestId('blocked-reason');
      await visible(reason);
      expect(await reason.textContent()).toBe(text.reason);
      const box = await reason.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    });
  }
});
