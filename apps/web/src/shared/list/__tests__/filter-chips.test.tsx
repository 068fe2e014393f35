import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderKit } from '#testing/render-kit.tsx';
import { FilterButton } from '../filter-button.tsx';
import type { FilterField } from '../filter-field.ts';

/** A list's filters: a qualifier and the text it qualifies, a select with a default, a date range. */
const FIELDS: FilterField[] = [
  { name: 'userCondition', label: 'Search user by', kind: 'select', qualifier: true, options: [{ value: 'UserName', label: 'User name' }, { value: 'UserId', label: 'User ID' }] },
  { name: 'userInput', label: 'User' },
  { name: 'status', label: 'Status', kind: 'select', options: [{ value: '', label: 'All' }, { value: 'Filled', label: 'Completed' }] },
  { name: 'category', label: 'Category', kind: 'select', defaultValue: 'all', options: [{ value: 'all', label: 'All categories' }, { value: 'VIP', label: 'VIP' }] },
  { name: 'createdAfter', label: 'Created after', kind: 'date' },
  { name: 'createdBefore', label: 'Created before', kind: 'date', notBefore: 'createdAfter' },
];
const params = (search: string) => Object.fromEntries(new URLSearchParams(search));
const chips = () => screen.queryAllByTestId('filter-chip').map((c) => c.textContent);

describe('FilterChips: the applied filters beside the button', () => {
  it('shows each applied filter as people read it: the option, the date, the qualifier; no default, no empty value', () => {
    renderKit(<FilterButton fields={FIELDS} />, { route: '/orders?status=Filled&category=all&userCondition=UserId&userInput=42&createdAfter=2026-01-05&limit=20' });
    expect(screen.getByRole('list', { name: 'Applied filters' })).toBeInTheDocument();
    expect(chips()).toEqual(['User ID: 42', 'Status: Completed', 'Created after: 05/01/2026']);
    expect(screen.getByTestId('filter-count')).toHaveTextContent('3');
  });

  it('removes one filter with its chip (with its qualifier), keeping the others and the page size', async () => {
    const { user, location } = renderKit(<FilterButton fields={FIELDS} page="empty" />, { route: '/orders?status=Filled&userCondition=UserId&userInput=42&limit=20&after=c1' });
    await user.click(screen.getByRole('button', { name: 'Remove filter User ID: 42' }));
    await waitFor(() => expect(params(location())).toEqual({ status: 'Filled', limit: '20' }));
    expect(chips()).toEqual(['Status: Completed']);
    // one filter left: no "clear all"
    expect(screen.queryByRole('button', { name: 'Clear all filters' })).toBeNull();
  });

  it('clears them all at once, and shows nothing when nothing filters', async () => {
    const { user, location } = renderKit(<FilterButton fields={FIELDS} />, { route: '/orders?status=Filled&category=VIP&limit=10' });
    expect(chips()).toEqual(['Status: Completed', 'Category: VIP']);
    await user.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(params(location())).toEqual({ page: '1', limit: '10' }));
    expect(screen.queryByTestId('filter-chips')).toBeNull();
  });
});

describe('a date range in the filter', () => {
  it('refuses an end before the start, names the start, and applies nothing until put right', async () => {
    const { user, location } = renderKit(<FilterButton fields={FIELDS} />, { route: '/orders' });
    await user.click(screen.getByRole('button', { name: /^Filter/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter' });
    await user.type(within(dialog).getByLabelText('Created after'), '10/01/2026');
    const end = within(dialog).getByLabelText('Created before');
    await user.type(end, '05/01/2026');
    await user.tab();
    await waitFor(() => expect(end).toHaveAccessibleDescription('Must not be before Created after.'));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('dialog', { name: 'Filter' })).toBeInTheDocument();
    expect(location()).toBe('');
    // the start moved back: the end is right again without touching it
    const start = within(dialog).getByLabelText('Created after');
    await user.clear(start);
    await user.type(start, '01/01/2026');
    await user.tab();
    await waitFor(() => expect(within(dialog).queryByText('Must not be before Created after.')).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(params(location())).toMatchObject({ createdAfter: '2026-01-01', createdBefore: '2026-01-05' }));
  });
});
