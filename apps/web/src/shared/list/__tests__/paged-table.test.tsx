import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderKit } from '#testing/render-kit.tsx';
import { CARDS_QUERY } from '../fit-table.tsx';
import type { PagedColumn } from '../paged-table.tsx';
import { PagedTable } from '../paged-table.tsx';
import { useListQuery } from '../use-list-query.ts';

interface Request {
  id: number;
  user: string;
  amount: string;
  status: string;
  maker: string;
}
const rows: Request[] = [
  { id: 17, user: 'aminah', amount: '2,000.00', status: 'Pending', maker: 'financemaker' },
  { id: 18, user: 'kumar', amount: '100.00', status: 'Approved', maker: 'financemaker' },
];
const columns: PagedColumn<Request>[] = [
  { key: 'id', header: 'ID', sortField: 'id', cell: (r) => r.id },
  { key: 'user', header: 'User', cell: (r) => r.user },
  { key: 'amount', header: 'Amount', sortField: 'amount', cell: (r) => r.amount },
  { key: 'status', header: 'Status', cell: (r) => r.status },
  { key: 'maker', header: 'Submitted by', inCards: false, cell: (r) => r.maker },
];

function phone(yes: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: query === CARDS_QUERY && yes, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
  );
}

function Requests() {
  const list = useListQuery({ sort: 'id', order: 'desc' });
  const query = { data: { items: rows, total: rows.length }, isPending: false, isError: false, isPlaceholderData: false, error: null };
  return <PagedTable query={query} list={list} columns={columns} rowKey={(r) => r.id} label="Requests" testId="requests" skeleton={{ columns: 5 }} />;
}

afterEach(() => vi.restoreAllMocks());

describe('PagedTable at any width', () => {
  it('is a table with sortable headers from 640 px', () => {
    phone(false);
    renderKit(<Requests />);
    const table = screen.getByRole('table', { name: 'Requests' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['ID', 'User', 'Amount', 'Status', 'Submitted by']);
    expect(screen.queryByTestId('card-sort')).toBeNull();
  });

  it('on a phone each row is a card of the columns that matter, and the sort sits above the cards', async () => {
    phone(true);
    const { user, location } = renderKit(<Requests />, { route: '/requests' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Requests' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('Amount').nextSibling?.textContent).toBe('2,000.00');
    expect(first.getByText('Status').nextSibling?.textContent).toBe('Pending');
    expect(first.queryByText('Submitted by')).toBeNull();

    const sort = screen.getByTestId('card-sort');
    await user.selectOptions(within(sort).getByRole('combobox'), 'Amount');
    expect(location()).toContain('sort=amount');
    const order = new URLSearchParams(location()).get('order');
    await user.click(within(sort).getByRole('button'));
    expect(new URLSearchParams(location()).get('order')).not.toBe(order);
  });
});
