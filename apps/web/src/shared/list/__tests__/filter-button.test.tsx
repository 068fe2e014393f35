import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderKit } from '#testing/render-kit.tsx';
import { FilterButton } from '../filter-button.tsx';
import type { FilterField } from '../filter-field.ts';

/** A list's filters as the screens declare them: a qualifier, selects with 'All' and a default, a checked text, a date. */
const FIELDS: FilterField[] = [
  { name: 'userCondition', label: 'Search user by', kind: 'select', qualifier: true, options: [{ value: 'UserName', label: 'User name' }, { value: 'UserId', label: 'User ID' }] },
  { name: 'userInput', label: 'User' },
  { name: 'orderId', label: 'Order ID', validate: (v) => (v.trim() === '' || /^\d{1,15}$/.test(v.trim()) ? undefined : 'invalidNumber') },
  { name: 'status', label: 'Status', kind: 'select', options: [{ value: '', label: 'All' }, { value: 'Pending', label: 'Pending' }, { value: 'Filled', label: 'Filled' }] },
  { name: 'category', label: 'Category', kind: 'select', defaultValue: 'all', options: [{ value: 'all', label: 'All categories' }, { value: 'VIP', label: 'VIP' }] },
  { name: 'createdAfter', label: 'Created after', kind: 'date' },
  { name: 'side', label: 'Side', kind: 'multi', options: [{ value: 'buy', label: 'Buy' }, { value: 'sell', label: 'Sell' }, { value: 'swap', label: 'Swap' }] },
];

const badge = () => screen.queryByTestId('filter-count')?.textContent ?? null;
const openFilter = async (user: ReturnType<typeof renderKit>['user']) => {
  await user.click(screen.getByRole('button', { name: /^Filter/ }));
  return screen.findByRole('dialog', { name: 'Filter' });
};
const params = (search: string) => Object.fromEntries(new URLSearchParams(search));
// the router moves in a transition: the address may change a render after the modal closed, so it is waited for

describe('FilterButton and its modal', () => {
  it('counts the filters the address applies: not a default value, not a qualifier, not an empty one', () => {
    renderKit(<FilterButton fields={FIELDS} />, { route: '/orders?status=Filled&category=all&userCondition=UserId&orderId=%20&limit=20' });
    expect(badge()).toBe('1');
  });

  it('shows no badge when nothing filters', () => {
    renderKit(<FilterButton fields={FIELDS} />, { route: '/orders?category=all' });
    expect(badge()).toBeNull();
  });

  it('opens with the values of the address', async () => {
    const { user } = renderKit(<FilterButton fields={FIELDS} />, { route: '/orders?status=Filled&orderId=42&createdAfter=2026-01-05' });
    const dialog = await openFilter(user);
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Filled');
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveTextContent('All categories');
    expect(within(dialog).getByLabelText('Order ID')).toHaveValue('42');
    expect(within(dialog).getByLabelText('Created after')).toHaveValue('05/01/2026');
  });

  it('applies what was chosen: into the address (page 1, limit kept), the modal closed, the badge counting them', async () => {
    const { user, location } = renderKit(<FilterButton fields={FIELDS} />, { route: '/orders?page=3&limit=20&sort=id' });
    const dialog = await openFilter(user);
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));
    await user.type(within(dialog).getByLabelText('Order ID'), '42');
    await user.type(within(dialog).getByLabelText('Created after'), '5/1/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByTestId('filter-count')).toHaveTextContent('3');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // a default is written as it is ('all' filters nothing)
    await waitFor(() => expect(params(location())).toEqual({ page: '1', limit: '20', sort: 'id', status: 'Pending', category: 'all', orderId: '42', createdAfter: '2026-01-05' }));
  });

  it("shows 'All' once All is chosen, and All filters nothing", async () => {
    const { user, location } = renderKit(<FilterButton fields={FIELDS} />, { route: '/orders?status=Pending' });
    const dialog = await openFilter(user);
    const status = within(dialog).getByRole('combobox', { name: 'Status' });
    await user.click(status);
    await user.click(await screen.findByRole('option', { name: 'All' }));
    expect(status).toHaveTextContent('All');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(params(location()).status).toBeUndefined());
    expect(badge()).toBeNull();
  });

  it('refuses a bad value with its message on blur and keeps the modal open on Apply', async () => {
    const { user, location } = renderKit(<FilterButton fields={FIELDS} />, { route: '/orders' });
    const dialog = await openFilter(user);
    const orderId = within(dialog).getByLabelText('Order ID');
    await user.type(orderId, '4x');
    await user.tab();
    expect(orderId).toHaveAccessibleDescription('Invalid number');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('dialog', { name: 'Filter' })).toBeInTheDocument();
    expect(location()).toBe('');
    // put right, the message goes at once
    await user.type(orderId, '{Backspace}');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('resets every field to its default; applied, the filters leave the address and the badge goes', async () => {
    const { user, location } = renderKit(<FilterButton fields={FIELDS} />, { route: '/orders?status=Filled&category=VIP&orderId=42&createdAfter=2026-01-05&limit=20' });
    expect(badge()).toBe('4');
    const dialog = await openFilter(user);
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveTextContent('All categories');
    expect(within(dialog).getByLabelText('Order ID')).toHaveValue('');
    expect(within(dialog).getByLabelText('Created after')).toHaveValue('');
    // Reset does not apply by itself
    expect(badge()).toBe('4');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(params(location())).toEqual({ page: '1', limit: '20', category: 'all' }));
    expect(badge()).toBeNull();
  });

  it('leaves the address as it was when closed with Escape', async () => {
    const { user, location } = renderKit(<FilterButton fields={FIELDS} />, { route: '/orders?status=Filled' });
    const dialog = await openFilter(user);
    await user.type(within(dialog).getByLabelText('Order ID'), '7');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()).toBe('?status=Filled');
    expect(badge()).toBe('1');
  });

  it('starts a cursor list again at its newest page: cursors and the oldest-page marker go, no page number', async () => {
    const { user, location } = renderKit(<FilterButton fields={FIELDS} page="empty" />, { route: '/orders?oldest=1&tail=3&limit=10' });
    const dialog = await openFilter(user);
    await user.type(within(dialog).getByLabelText('Order ID'), '42');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByTestId('filter-count')).toHaveTextContent('1');
    await waitFor(() => expect(params(location())).toEqual({ limit: '10', orderId: '42', category: 'all' }));
  });

  it('takes several values of a multi filter: checked in the options order into one address value, shown as one chip, unchecked to none', async () => {
    const { user, location } = renderKit(<FilterButton fields={FIELDS} />, { route: '/orders?side=sell' });
    let dialog = await openFilter(user);
    const group = within(dialog).getByRole('group', { name: 'Side' });
    expect(within(group).getByRole('checkbox', { name: 'Sell' })).toBeChecked();
    await user.click(within(group).getByRole('checkbox', { name: 'Swap' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Buy' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(params(location()).side).toBe('buy,sell,swap'));
    expect(within(screen.getByTestId('filter-chips')).getByText(/Buy, Sell, Swap/)).toBeInTheDocument();
    dialog = await openFilter(user);
    for (const name of ['Buy', 'Sell', 'Swap']) await user.click(within(dialog).getByRole('checkbox', { name }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(params(location()).side).toBeUndefined());
    expect(badge()).toBeNull();
  });
});
