import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProposalView } from '@aurum/domain/finance/period-schemas';
import { authController } from '#shared/http/client.ts';
import { renderKit } from '#testing/render-kit.tsx';
import { ProposalsCard } from '../proposals-card.tsx';

const signInAs = (id: number, role: string) =>
  authController.signIn({ jwt: 'j', refreshToken: 'r', user: { id, username: `admin${id}`, firstName: 'A', lastName: 'B', email: 'a@b.c', role, updatedAt: '2026-01-01T00:00:00Z', creator: null } });

const reopen: ProposalView = {
  id: 7,
  kind: 'dayReopen',
  target: '2026-10-30',
  reason: 'a late bank statement',
  status: 'pending',
  proposedBy: 'admin1',
  proposedById: 1,
  // 16:05 UTC is 00:05 the next day in Kuala Lumpur
  proposedAt: '2026-11-27T16:05:00.000Z',
  decidedBy: null,
  decidedAt: null,
  declineReason: null,
  effect: { reopensDays: ['2026-10-30', '2026-10-31'], reopensMonths: ['2026-10'], posts: [], refusal: null },
};

afterEach(() => authController.signOut());

describe('ProposalsCard (the pending proposals of the day close)', () => {
  it('tells its proposer why it cannot decide it, with every date in dd/MM/yyyy and the moment in MYT', () => {
    signInAs(1, 'superAdmin');
    renderKit(<ProposalsCard items={[reopen]} />);
    const item = screen.getByRole('listitem', { name: 'Reopen 30/10/2026' });
    expect(within(item).getByText('Proposed by admin1 at 28/11/2026 00:05 MYT')).toBeInTheDocument();
    expect(within(item).getByText('Approving reopens these closed days: 30/10/2026, 31/10/2026.')).toBeInTheDocument();
    expect(within(item).getByText('and these closed months: 10/2026.')).toBeInTheDocument();
    expect(within(item).getByTestId('own-proposal')).toHaveTextContent('You proposed this: a different admin must approve or decline it.');
    expect(within(item).getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(within(item).getByRole('button', { name: 'Decline' })).toBeDisabled();
  });

  it('lets a second superAdmin approve it after a confirmation saying which days open again', async () => {
    signInAs(2, 'superAdmin');
    const { user } = renderKit(<ProposalsCard items={[reopen]} />);
    await user.click(within(screen.getByRole('listitem', { name: 'Reopen 30/10/2026' })).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('Approve: Reopen 30/10/2026?');
    expect(dialog).toHaveTextContent('These days open again now, with their months: 30/10/2026, 31/10/2026.');
  });

  it('tells an admin who may not reopen days that only a superAdmin decides it', () => {
    signInAs(3, 'financeApprover');
    renderKit(<ProposalsCard items={[reopen]} />);
    const item = screen.getByRole('listitem', { name: 'Reopen 30/10/2026' });
    expect(item).toHaveTextContent('Only a superAdmin other than the proposer can decide a reopening.');
    expect(within(item).getByRole('button', { name: 'Approve' })).toBeDisabled();
  });
});
