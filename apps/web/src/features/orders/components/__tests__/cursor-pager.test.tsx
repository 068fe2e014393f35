import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderKit } from '#testing/render-kit.tsx';
// eslint-disable-next-line no-restricted-imports -- the orders feature's own paging (the feature rule's '../../*' cannot tell it from another feature)
import { forDisplay, pageRange, pageVariables, pagingAfter, type CursorState, type PageInfo, type PageVariables, type PagingMove } from '../../model/order-paging.ts';
import { CursorPager } from '../cursor-pager.tsx';

/**
 * The orders connection as the server answers it (order-read-service.ts ordersConnection): ids 1..n
 * ascending; backward pages (last, before) and forward pages (first, after); whether there is more
 * on each side; a total that is a lower bound past `bound`.
 */
function connection(n: number, v: PageVariables, bound = Infinity) {
  const ids = Array.from({ length: n }, (_, i) => i + 1);
  let page: number[];
  let hasNextPage: boolean;
  let hasPreviousPage: boolean;
  if (v.last !== undefined) {
    const before = v.before ? Number(v.before) : Infinity;
    const pool = ids.filter((id) => id < before);
    page = pool.slice(-v.last);
    hasPreviousPage = pool.length > page.length;
    hasNextPage = v.before !== undefined && ids.some((id) => id >= before);
  } else {
    const after = v.after ? Number(v.after) : 0;
    const pool = ids.filter((id) => id > after);
    page = pool.slice(0, v.first);
    hasNextPage = pool.length > page.length;
    hasPreviousPage = v.after !== undefined && ids.some((id) => id <= after);
  }
  const edges = page.map((id) => ({ cursor: String(id), node: { id } }));
  const pageInfo: PageInfo = { startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null, hasNextPage, hasPreviousPage };
  return { edges, pageInfo, totalCount: Math.min(n, bound), totalIsLowerBound: n > bound };
}

/** A cursor list as the user's offline-orders tab holds it (user-order-tabs.tsx): paging in state, newest first. */
function CursorList({ n, limit = 10, bound, stale = false }: { n: number; limit?: number; bound?: number; stale?: boolean }) {
  const [paging, setPaging] = useState<CursorState & { offset: number | null }>({ after: null, before: null, oldest: false, limit, offset: 0 });
  const data = connection(n, pageVariables(paging), bound);
  const rows = forDisplay(data.edges);
  // the tab's own move (order-paging.ts pagingAfter)
  const move = (to: PagingMove) => {
    const next = pagingAfter(to, paging, data);
    if (next) setPaging(next);
  };
  return (
    <>
      <ol aria-label="Orders">
        {rows.map((row) => (
          <li key={row.id}>{row.id}</li>
        ))}
      </ol>
      <CursorPager
        info={data.pageInfo}
        limit={paging.limit}
        rows={rows.length}
        total={data.totalCount}
        totalIsLowerBound={data.totalIsLowerBound}
        range={pageRange(paging, paging.offset, rows.length, data.totalCount, data.totalIsLowerBound)}
        onMove={move}
        stale={stale}
        onLimit={(next) => setPaging({ after: null, before: null, oldest: false, limit: next, offset: 0 })}
      />
    </>
  );
}

const label = () => screen.getByTestId('page-range').textContent;
const move = (name: 'First page' | 'Previous page' | 'Next page' | 'Last page') => within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name });
const shownIds = () => within(screen.getByRole('list', { name: 'Orders' })).queryAllByRole('listitem').map((li) => Number(li.textContent));

describe('CursorPager (the orders connection)', () => {
  it("starts on the newest page: '1-10 of 11', newest first, nothing newer", () => {
    renderKit(<CursorList n={11} />);
    expect(label()).toBe('1-10 of 11');
    expect(shownIds()).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(move('First page')).toBeDisabled();
    expect(move('Previous page')).toBeDisabled();
    expect(move('Next page')).toBeEnabled();
    expect(move('Last page')).toBeEnabled();
  });

  it("shows the last page as '11-11 of 11' with its own row only (never '2-11 of 11')", async () => {
    const { user } = renderKit(<CursorList n={11} />);
    await user.click(move('Last page'));
    expect(label()).toBe('11-11 of 11');
    expect(shownIds()).toEqual([1]);
    expect(move('Next page')).toBeDisabled();
    expect(move('Last page')).toBeDisabled();
    expect(move('Previous page')).toBeEnabled();
    await user.click(move('Previous page'));
    expect(label()).toBe('1-10 of 11');
    expect(shownIds()).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  });

  it('walks older pages to the end and back to the newest', async () => {
    const { user } = renderKit(<CursorList n={25} />);
    await user.click(move('Next page'));
    expect(label()).toBe('11-20 of 25');
    expect(shownIds()).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6]);
    await user.click(move('Next page'));
    expect(label()).toBe('21-25 of 25');
    expect(shownIds()).toEqual([5, 4, 3, 2, 1]);
    expect(move('Next page')).toBeDisabled();
    await user.click(move('First page'));
    expect(label()).toBe('1-10 of 25');
    expect(move('First page')).toBeDisabled();
  });

  it("reads '1-20 of 10,000+' when the total is a lower bound, and counts rows where the start is unknown", async () => {
    const { user } = renderKit(<CursorList n={10_050} bound={10_000} limit={20} />);
    expect(label()).toBe('1-20 of 10,000+');
    await user.click(move('Next page'));
    expect(label()).toBe('21-40 of 10,000+');
    // the oldest page's start is unknown past the bound
    await user.click(move('Last page'));
    expect(label()).toBe('20 rows of 10,000+');
    expect(shownIds()).toEqual(Array.from({ length: 20 }, (_, i) => 20 - i));
  });

  it("says 'Loading' with every move disabled while the next page loads", () => {
    renderKit(<CursorList n={25} stale />);
    expect(label()).toBe('Loading');
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page'] as const) expect(move(name)).toBeDisabled();
  });

  it('goes back to the newest page when the page size changes', async () => {
    const { user } = renderKit(<CursorList n={25} />);
    await user.click(move('Next page'));
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await user.click(await screen.findByRole('option', { name: '20' }));
    expect(label()).toBe('1-20 of 25');
    expect(shownIds()[0]).toBe(25);
  });
});
