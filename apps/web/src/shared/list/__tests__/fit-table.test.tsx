import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderKit } from '#testing/render-kit.tsx';
import { CARDS_QUERY, FitTable, RowCards, WIDE_QUERY, type FitColumn } from '../fit-table.tsx';

interface Row {
  code: string;
  debit: string;
  grams: string;
}
const rows: Row[] = [
  { code: '1000', debit: '10.00', grams: '1.0000' },
  { code: '2000', debit: '20.00', grams: '2.0000' },
];
const columns: FitColumn<Row>[] = [
  { key: 'code', header: 'Code', cell: (r) => r.code },
  { key: 'debit', header: 'Debit', cell: (r) => r.debit },
  { key: 'grams', header: 'Grams', optional: true, cell: (r) => r.grams },
];

/** The screen as a media query sees it: a phone, a laptop or a wide screen. */
function screenOf(kind: 'phone' | 'laptop' | 'wide') {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: (query === CARDS_QUERY && kind === 'phone') || (query === WIDE_QUERY && kind === 'wide'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

const headers = () => within(screen.getByRole('table', { name: 'Figures' })).getAllByRole('columnheader').map((h) => h.textContent);

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('FitTable (the finance tables at any width)', () => {
  it('shows every column on a wide screen', () => {
    screenOf('wide');
    renderKit(<FitTable label="Figures" chooserId="t" columns={columns} rows={rows} rowKey={(r) => r.code} />);
    expect(headers()).toEqual(['Code', 'Debit', 'Grams']);
  });

  it('hides the optional columns on a laptop until the reader shows them, and remembers the choice', async () => {
    screenOf('laptop');
    const { user, unmount } = renderKit(<FitTable label="Figures" chooserId="t" columns={columns} rows={rows} rowKey={(r) => r.code} />);
    expect(headers()).toEqual(['Code', 'Debit']);
    await user.click(screen.getByRole('button', { name: 'Columns (1 hidden) of Figures' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Grams' }));
    await user.keyboard('{Escape}');
    expect(headers()).toEqual(['Code', 'Debit', 'Grams']);
    expect(screen.getByRole('table', { name: 'Figures' })).toHaveTextContent('2.0000');
    unmount();
    renderKit(<FitTable label="Figures" chooserId="t" columns={columns} rows={rows} rowKey={(r) => r.code} />);
    expect(headers()).toEqual(['Code', 'Debit', 'Grams']);
  });

  it('shows each row as a card of every column on a phone', () => {
    screenOf('phone');
    renderKit(<FitTable label="Figures" chooserId="t" columns={columns} rows={rows} rowKey={(r) => r.code} />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Figures' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[1]!).getAllByRole('term').map((d) => d.textContent)).toEqual(['Code', 'Debit', 'Grams']);
    expect(within(cards[1]!).getAllByRole('definition').map((d) => d.textContent)).toEqual(['2000', '20.00', '2.0000']);
  });

  it('leaves out of the cards the columns that do not belong on one', () => {
    screenOf('phone');
    const lean: FitColumn<Row>[] = [...columns.slice(0, 2), { ...columns[2]!, inCards: false }];
    renderKit(<FitTable label="Figures" chooserId="t" columns={lean} rows={rows} rowKey={(r) => r.code} />);
    const cards = within(screen.getByRole('list', { name: 'Figures' })).getAllByRole('listitem');
    expect(within(cards[0]!).getAllByRole('term').map((d) => d.textContent)).toEqual(['Code', 'Debit']);
  });

  it('keeps the choice in the address when told to: a saved view or a shared link shows the same columns', async () => {
    screenOf('laptop');
    const { user, location } = renderKit(<FitTable label="Figures" chooserId="t" addressParam="hide" hideOptionalBelowWide={false} columns={columns} rows={rows} rowKey={(r) => r.code} />, {
      route: '/orders?status=overdue',
    });
    // shown at first at this width (hideOptionalBelowWide false), until hidden
    expect(headers()).toEqual(['Code', 'Debit', 'Grams']);
    await user.click(screen.getByRole('button', { name: 'Columns (0 hidden) of Figures' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Grams' }));
    await user.keyboard('{Escape}');
    expect(headers()).toEqual(['Code', 'Debit']);
    expect(new URLSearchParams(location()).get('hide')).toBe('grams');
    expect(new URLSearchParams(location()).get('status')).toBe('overdue');
  });

  it('reads the columns from the address before this browser’s own choice', () => {
    screenOf('laptop');
    window.localStorage.setItem('aurum.columns.t', JSON.stringify([]));
    renderKit(<FitTable label="Figures" chooserId="t" addressParam="hide" columns={columns} rows={rows} rowKey={(r) => r.code} />, { route: '/orders?hide=grams' });
    expect(headers()).toEqual(['Code', 'Debit']);
  });

  it('marks a card as its row is marked (a test id, a selected row’s tint) and says the list’s own words when empty', () => {
    const { unmount } = renderKit(
      <RowCards label="Figures" columns={columns} rows={rows} rowKey={(r) => r.code} stale={false} rowTestId={(r) => `row-${r.code}`} rowClassName={(r) => (r.code === '2000' ? 'bg-amber-50' : '')} />,
    );
    expect(screen.getByTestId('row-2000').className).toContain('bg-amber-50');
    // an unmarked card keeps the cards' white
    expect(screen.getByTestId('row-1000').className).toContain('bg-white');
    unmount();
    renderKit(<RowCards label="Figures" columns={columns} rows={[]} rowKey={(r) => r.code} stale={false} empty="Nothing awaits your decision." />);
    expect(screen.getByText('Nothing awaits your decision.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
