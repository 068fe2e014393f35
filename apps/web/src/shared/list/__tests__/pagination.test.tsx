import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderKit } from '#testing/render-kit.tsx';
import { Pagination } from '../pagination.tsx';

/** A list's pager as a screen holds it: page and limit in state, the total from the server. */
function PagedList({ total, page: initialPage = 1, limit: initialLimit = 20 }: { total: number; page?: number; limit?: number }) {
  const [page, setPage] = useState(initialPage);
  const [limit, setLimit] = useState(initialLimit);
  return (
    <Pagination
      page={page}
      limit={limit}
      total={total}
      onPage={setPage}
      onLimit={(next) => {
        // SPEC.md §2: a new page size goes back to page 1
        setLimit(next);
        setPage(1);
      }}
    />
  );
}

const pager = () => screen.getByRole('navigation', { name: 'Pagination' });
const label = () => within(pager()).getByTestId('page-range').textContent;
const move = (name: 'First page' | 'Previous page' | 'Next page' | 'Last page') => within(pager()).getByRole('button', { name });

describe('Pagination (numbered pages)', () => {
  it("reads '1-20 of 57' on the first page, first and previous disabled", () => {
    renderKit(<PagedList total={57} />);
    expect(label()).toBe('1-20 of 57');
    expect(move('First page')).toBeDisabled();
    expect(move('Previous page')).toBeDisabled();
    expect(move('Next page')).toBeEnabled();
    expect(move('Last page')).toBeEnabled();
  });

  it('walks next, last, previous and first, the label following', async () => {
    const { user } = renderKit(<PagedList total={57} />);
    await user.click(move('Next page'));
    expect(label()).toBe('21-40 of 57');
    expect(move('Previous page')).toBeEnabled();
    await user.click(move('Last page'));
    // the last page holds what is left: 17 rows
    expect(label()).toBe('41-57 of 57');
    expect(move('Next page')).toBeDisabled();
    expect(move('Last page')).toBeDisabled();
    await user.click(move('Previous page'));
    expect(label()).toBe('21-40 of 57');
    await user.click(move('First page'));
    expect(label()).toBe('1-20 of 57');
  });

  it("reads '0-0 of 0' with every move disabled when the list is empty", () => {
    renderKit(<PagedList total={0} />);
    expect(label()).toBe('0-0 of 0');
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page'] as const) expect(move(name)).toBeDisabled();
  });

  it('holds a page past the end to the last page (a stale ?page= after rows went away)', () => {
    renderKit(<PagedList total={57} page={9} />);
    expect(label()).toBe('41-57 of 57');
    expect(move('Next page')).toBeDisabled();
  });

  it('writes large totals with en-US grouping (SPEC.md §9)', () => {
    renderKit(<PagedList total={12_345} page={618} />);
    expect(label()).toBe('12,341-12,345 of 12,345');
  });

  it('changes the page size from its list, back to page 1', async () => {
    const { user } = renderKit(<PagedList total={57} page={2} />);
    expect(label()).toBe('21-40 of 57');
    const size = within(pager()).getByRole('combobox', { name: 'Rows per page' });
    expect(size).toHaveTextContent('20');
    await user.click(size);
    await user.click(await screen.findByRole('option', { name: '50' }));
    expect(label()).toBe('1-50 of 57');
    expect(within(pager()).getByRole('combobox', { name: 'Rows per page' })).toHaveTextContent('50');
  });
});
