import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderKit } from '#testing/render-kit.tsx';
import { InboxPage } from '../inbox-page.tsx';

const BASE = {
  createdAt: '2026-01-05T02:00:00.000Z',
  submittedBy: 'maker',
  submittedById: 2,
  user: null,
  receiver: null,
  type: null,
  amount: null,
  quantity: null,
  note: null,
  bank: null,
  mayDecide: true,
};
const NO_EFFECT = { reopensDays: [], reopensMonths: [], refusal: null };

/** An adjustment of MYR 1,250.50 from the trading desk to the bank, dated 20/11/2026, with evidence. */
const ADJUSTMENT = {
  ...BASE,
  kind: 'adjustment',
  id: 12,
  finance: { postings: [{ from: 'tradingMyr', to: 'bank', asset: 'MYR', amount: '1250.50' }], date: '2026-11-20', reason: 'bank charge refunded', evidence: true, ...NO_EFFECT },
};
const MONTH = { ...BASE, kind: 'monthClose', id: 3, finance: { postings: [], date: '2026-10', reason: null, evidence: false, ...NO_EFFECT } };
const YEAR = { ...BASE, kind: 'yearClose', id: 4, finance: { postings: [{ from: 'house:spread', to: 'house:retainedMyr', asset: 'MYR', amount: '900.00' }], date: '2025', reason: null, evidence: false, ...NO_EFFECT } };
const REOPEN = {
  ...BASE,
  kind: 'dayReopen',
  id: 5,
  finance: { postings: [], date: '2026-10-30', reason: 'late bank statement', evidence: false, reopensDays: ['2026-10-30', '2026-10-31'], reopensMonths: ['2026-10'], refusal: null },
};

let decided: FormData | null = null;

beforeEach(() => {
  decided = null;
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://console.test');
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.pathname.endsWith('/inbox')) return json({ items: [ADJUSTMENT, MONTH, YEAR, REOPEN], page: 1, limit: 50, total: 4, decidable: 4 });
    if (url.pathname.endsWith('/inbox/decide')) {
      decided = (input instanceof Request ? await input.formData() : (init?.body as FormData)) ?? null;
      return json({ results: [{ kind: 'adjustment', id: 12, ok: true }] });
    }
    return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.restoreAllMocks());

const row = (key: string) => screen.findByTestId(`inbox-row-receipt.${key}`);

describe('the finance items in the inbox', () => {
  it('show a title, the lines with their debit, credit and unit, and no customer', async () => {
    renderKit(<InboxPage />, { route: '/inbox' });
    const adjustment = await row('adjustment.12');
    const cells = within(adjustment).getAllByRole('cell');
    expect(within(adjustment).getByText('Ledger adjustment dated 20/11/2026')).toBeInTheDocument();
    expect(within(adjustment).getByText('bank charge refunded')).toBeInTheDocument();
    // the user column is empty: house books, no customer
    expect(cells[3]).toHaveTextContent(/^$/);
    const lines = within(adjustment).getByRole('table', { name: 'Lines of item #12' });
    expect(within(lines).getAllByRole('row')[1]).toHaveTextContent(/^Trading desk, ringgitBank1,250.50MYR$/);

    expect(within(await row('monthClose.3')).getByText('Close of month 10/2026')).toBeInTheDocument();
    expect(within(await row('yearClose.4')).getByText('Close of year 2025')).toBeInTheDocument();
    const reopen = await row('dayReopen.5');
    expect(within(reopen).getByText('Reopening from 30/10/2026')).toBeInTheDocument();
    expect(within(reopen).getByText('Reopens 30/10/2026, 31/10/2026; months 10/2026')).toBeInTheDocument();
  });

  it('approve, by the key a, only after a confirmation that shows what posts and on which day', async () => {
    const { user } = renderKit(<InboxPage />, { route: '/inbox' });
    await user.click(await screen.findByRole('checkbox', { name: /Ledger adjustment #12/ }));
    await user.keyboard('a');
    const dialog = await screen.findByTestId('inbox-confirm');
    // no payment request chosen: the kind and its count, no MYR and XAU columns of zeros
    const totals = within(dialog).getByRole('table', { name: 'Totals of the selection' });
    expect(within(totals).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Kind', 'Items']);
    const effect = within(dialog).getByRole('article', { name: 'Ledger adjustment dated 20/11/2026 #12' });
    expect(within(effect).getByText('Approving posts these lines, dated 20/11/2026:')).toBeInTheDocument();
    const lines = within(effect).getByRole('table', { name: 'Lines of item #12' });
    expect(within(lines).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Debit', 'Credit', 'Amount', 'Unit']);
    expect(within(lines).getAllByRole('row')[1]).toHaveTextContent(/^Trading desk, ringgitBank1,250.50MYR$/);
    expect(within(effect).getByText('Reason: bank charge refunded')).toBeInTheDocument();
    expect(within(effect).getByRole('button', { name: 'Evidence of #12' })).toBeInTheDocument();
    expect(decided).toBeNull();

    await user.click(within(dialog).getByTestId('inbox-confirm-submit'));
    await vi.waitFor(() => expect(decided).not.toBeNull());
    expect(decided!.get('decision')).toBe('approve');
    expect(JSON.parse(String(decided!.get('items')))).toEqual([{ kind: 'adjustment', id: 12 }]);
  });

  it("confirm a reopening with the days and months it reopens, and a year's close with its closing entry", async () => {
    const { user } = renderKit(<InboxPage />, { route: '/inbox' });
    await user.click(await screen.findByRole('checkbox', { name: /Reopening of a day #5/ }));
    await user.click(screen.getByRole('checkbox', { name: /Year close #4/ }));
    await user.click(screen.getByTestId('inbox-approve'));
    const dialog = await screen.findByTestId('inbox-confirm');
    const reopen = within(dialog).getByRole('article', { name: 'Reopening from 30/10/2026 #5' });
    expect(reopen).toHaveTextContent('Approving reopens 30/10/2026 and the closed days after it');
    expect(reopen).toHaveTextContent('Days reopened30/10/2026, 31/10/2026Months reopened10/2026');
    const year = within(dialog).getByRole('article', { name: 'Close of year 2025 #4' });
    expect(year).toHaveTextContent('Approving closes the year 2025 and posts its closing entry');
    expect(within(year).getAllByRole('row')[1]).toHaveTextContent(/^Spread earnedRetained earnings, ringgit900.00MYR$/);
  });

  it('decline a finance item only with a reason, and say that nothing posts', async () => {
    const { user } = renderKit(<InboxPage />, { route: '/inbox' });
    await user.click(await screen.findByRole('checkbox', { name: /Month close #3/ }));
    await user.keyboard('d');
    const dialog = await screen.findByTestId('inbox-confirm');
    expect(within(dialog).getByRole('article', { name: 'Close of month 10/2026 #3' })).toHaveTextContent('Declining posts nothing');
    const submit = within(dialog).getByTestId('inbox-confirm-submit');
    expect(submit).toBeDisabled();
    expect(within(dialog).getByText('A reason is needed to decline a finance item.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason (for every item)'), 'not yet reconciled');
    expect(submit).toBeEnabled();
    await user.click(submit);
    await vi.waitFor(() => expect(decided).not.toBeNull());
    expect(decided!.get('reason')).toBe('not yet reconciled');
  });

  it('read in Traditional Chinese: the title, the debit and credit books and what approving posts', async () => {
    await i18next.changeLanguage('zh-Hant');
    try {
      const { user } = renderKit(<InboxPage />, { route: '/inbox' });
      const adjustment = await row('adjustment.12');
      expect(within(adjustment).getByText('帳務調整，起息日 20/11/2026')).toBeInTheDocument();
      await user.click(within(adjustment).getByRole('checkbox'));
      await user.keyboard('a');
      const effect = within(await screen.findByTestId('inbox-confirm')).getByRole('article', { name: '帳務調整，起息日 20/11/2026 #12' });
      expect(effect).toHaveTextContent('核准後記入以下分錄，起息日 20/11/2026：');
      const lines = within(effect).getByRole('table', { name: '項目 #12 的分錄' });
      expect(within(lines).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['借方', '貸方', '金額', '單位']);
      expect(within(lines).getAllByRole('row')[1]).toHaveTextContent(/^交易部門（令吉）銀行存款1,250.50MYR$/);
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
