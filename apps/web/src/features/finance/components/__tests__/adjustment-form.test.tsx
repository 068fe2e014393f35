import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdjustmentView } from '@aurum/domain/finance/ledger-adjustment-schemas';
import { renderKit } from '#testing/render-kit.tsx';
import { AdjustmentProposal } from '../adjustment-form.tsx';
import { AdjustmentsTable } from '../adjustments-table.tsx';

const CLOSES = { lastClosed: '2026-11-18', firstOpenDay: '2026-11-19', today: '2026-11-27' };

const APPROVED: AdjustmentView = {
  id: 8,
  status: 'approved',
  postings: [{ from: 'tradingMyr', to: 'bank', asset: 'MYR', amount: '40.00' }],
  reason: 'bank charge',
  declineReason: null,
  submittedBy: 'maker',
  submittedAt: '2026-11-20T02:00:00.000Z',
  decidedBy: 'checker',
  decidedAt: '2026-11-20T03:00:00.000Z',
  valueDate: '2026-11-20',
  reverses: null,
  reversedBy: null,
  evidence: true,
  entryId: 31,
  postedAt: '2026-11-20T15:59:59.999Z',
};

interface Call {
  path: string;
  body: unknown;
}
let calls: Call[] = [];
/** What POST ledger/adjustments answers: the created adjustment, or a refusal. */
let proposeAnswer: { status: number; body: unknown } = { status: 200, body: { ...APPROVED, id: 9, status: 'pending', evidence: false } };

beforeEach(() => {
  calls = [];
  proposeAnswer = { status: 200, body: { ...APPROVED, id: 9, status: 'pending', evidence: false } };
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://console.test');
    const body = init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : null;
    calls.push({ path: url.pathname, body });
    const json = (status: number, answer: unknown) => new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname.endsWith('/ledger/adjustments')) return json(proposeAnswer.status, proposeAnswer.body);
    if (url.pathname.endsWith('/evidence')) return json(200, { ...APPROVED, id: 9, status: 'pending', evidence: true });
    return json(404, {});
  });
});
afterEach(() => vi.restoreAllMocks());

const proposals = () => calls.filter((c) => c.path.endsWith('/ledger/adjustments'));

describe('the adjustment form', () => {
  it('dates a proposal in the first open day unless another open day is chosen, then uploads its evidence to the new adjustment', async () => {
    const { user } = renderKit(<AdjustmentProposal closes={CLOSES} reversing={null} onReversalDone={() => {}} />);
    const date = screen.getByLabelText(/Value date/);
    expect(date).toHaveValue('19/11/2026');
    expect(screen.getByText('An open day up to today; the first open day is 19/11/2026.')).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, '25/11/2026');
    await user.type(screen.getByLabelText(/Amount \(MYR\)/), '12.50');
    await user.type(screen.getByLabelText(/^Reason/), 'custody fee');
    await user.upload(screen.getByLabelText(/^Evidence/), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'slip.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Propose' }));

    await vi.waitFor(() => expect(calls.some((c) => c.path.endsWith('/ledger/adjustments/9/evidence'))).toBe(true));
    expect(proposals()[0]!.body).toEqual({ postings: [{ from: 'tradingMyr', to: 'bank', amount: '12.50' }], reason: 'custody fee', valueDate: '2026-11-25' });
    const upload = calls.find((c) => c.path.endsWith('/evidence'))!.body as FormData;
    expect((upload.get('evidence') as File).name).toBe('slip.png');
  });

  it("shows the server's refusal of a closed value date under the field", async () => {
    proposeAnswer = { status: 409, body: { code: 3230, context: 'The adjustment is dated 19/11/2026; the last closed day is 19/11/2026.' } };
    const { user } = renderKit(<AdjustmentProposal closes={CLOSES} reversing={null} onReversalDone={() => {}} />);
    await user.type(screen.getByLabelText(/Amount \(MYR\)/), '1');
    await user.type(screen.getByLabelText(/^Reason/), 'fix');
    await user.click(screen.getByRole('button', { name: 'Propose' }));
    const date = screen.getByLabelText(/Value date/);
    await vi.waitFor(() => expect(date).toHaveAttribute('aria-invalid', 'true'));
    expect(date).toHaveAccessibleDescription(/This business day is closed.*the last closed day is 19\/11\/2026/);
    // nothing is uploaded for a proposal that does not exist
    expect(calls.filter((c) => c.path.endsWith('/evidence'))).toEqual([]);
  });

  it('proposes the reversal of an approved adjustment by its id, the movement turned round on screen', async () => {
    const done = vi.fn();
    const { user } = renderKit(<AdjustmentProposal closes={CLOSES} reversing={APPROVED} onReversalDone={done} />);
    const reversal = screen.getByTestId('adjustment-reversal');
    expect(reversal).toHaveTextContent('Reverse adjustment #8');
    expect(reversal).toHaveTextContent('Bank → Trading desk, ringgit 40.00 MYR');
    expect(screen.queryByLabelText(/Amount \(MYR\)/)).toBeNull();
    expect(screen.getByLabelText(/^Reason/)).toHaveValue('Reversal of adjustment #8');
    await user.click(screen.getByRole('button', { name: 'Propose the reversal' }));
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(proposals()[0]!.body).toEqual({ reverses: 8, reason: 'Reversal of adjustment #8', valueDate: '2026-11-19' });
  });
});

describe('the adjustments table', () => {
  it('shows the value date, the evidence and the reversal reference, and offers the reversal of an approved one', async () => {
    const onReverse = vi.fn();
    const reversal: AdjustmentView = { ...APPROVED, id: 10, status: 'pending', reverses: 8, evidence: false, valueDate: '2026-11-21', entryId: null, postedAt: null, decidedAt: null, decidedBy: null };
    const { user } = renderKit(<AdjustmentsTable items={[reversal, APPROVED]} onReverse={onReverse} />);
    const table = screen.getByRole('table', { name: 'Adjustments' });
    const [, pending, approved] = within(table).getAllByRole('row');
    expect(pending).toHaveTextContent('21/11/2026');
    expect(pending).toHaveTextContent('Reverses #8');
    expect(within(approved!).getByRole('button', { name: 'Evidence of #8' })).toBeInTheDocument();
    await user.click(within(approved!).getByRole('button', { name: 'Reverse adjustment #8' }));
    expect(onReverse).toHaveBeenCalledWith(APPROVED);
  });
});
