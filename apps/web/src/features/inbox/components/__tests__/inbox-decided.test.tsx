import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorCode, messageFor } from '@aurum/domain/errors/catalogue';
import type { InboxItem } from '@aurum/domain/inbox/inbox-schemas';
import { renderKit } from '#testing/render-kit.tsx';
import { InboxDecided } from '../inbox-decided.tsx';

const BASE = {
  createdAt: '2026-01-05T02:00:00.000Z',
  submittedBy: 'maker',
  submittedById: 2,
  receiver: null,
  type: 'MYR',
  quantity: null,
  note: null,
  bank: null,
  finance: null,
  mayDecide: true,
};
const deposit = { ...BASE, kind: 'deposit', id: 17, user: { id: 5, username: 'aminah' }, amount: '2000.00' } as unknown as InboxItem;
const transfer = { ...BASE, kind: 'transfer', id: 19, user: { id: 5, username: 'aminah' }, receiver: { id: 6, username: 'kumar' }, amount: '50.00' } as unknown as InboxItem;

describe('InboxDecided (what a bulk decision did)', () => {
  it('lists each item with its value and outcome, a refusal with its reason, each linked to its record; Hide removes it', async () => {
    const { user } = renderKit(
      <InboxDecided
        decided={{
          decision: 'approve',
          outcomes: [
            { item: deposit, result: { kind: 'deposit', id: 17, ok: true } },
            { item: transfer, result: { kind: 'transfer', id: 19, ok: false, code: ErrorCode.RequestNotPending, context: null } },
          ],
        }}
      />,
    );
    const panel = screen.getByRole('region', { name: 'Decided just now' });
    const [first, second] = within(panel).getAllByRole('listitem');
    expect(first!.textContent).toContain('aminah');
    expect(first!.textContent).toContain('2,000.00 MYR');
    expect(first!.textContent).toContain('Approved');
    expect(within(first!).getByRole('link').getAttribute('href')).toBe('/asset/17');
    expect(second!.textContent).toContain('aminah → kumar');
    expect(second!.textContent).toContain(`Refused: ${messageFor(ErrorCode.RequestNotPending, null)}`);
    expect(second!.textContent).not.toContain('Approved');
    await user.click(within(panel).getByRole('button', { name: 'Hide' }));
    expect(screen.queryByRole('region', { name: 'Decided just now' })).toBeNull();
  });

  it('shows nothing before any decision', () => {
    renderKit(<InboxDecided decided={null} />);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
