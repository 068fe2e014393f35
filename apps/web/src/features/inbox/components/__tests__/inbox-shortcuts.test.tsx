import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shortcutsStore } from '#shared/preferences/shortcuts.ts';
import { renderKit } from '#testing/render-kit.tsx';
import { InboxPage } from '../inbox-page.tsx';

/** One withdrawal awaiting this admin's decision (no receipt needed to decline it). */
const ITEM = {
  kind: 'withdrawal',
  id: 7,
  createdAt: '2026-01-05T02:00:00.000Z',
  submittedBy: 'maker',
  submittedById: 2,
  user: { id: 11, username: 'aminah' },
  receiver: null,
  type: 'MYR',
  amount: '100.00',
  quantity: null,
  note: null,
  bank: null,
  finance: null,
  mayDecide: true,
};

beforeEach(() => {
  vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://console.test');
    if (!url.pathname.endsWith('/inbox')) return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
    return new Response(JSON.stringify({ items: [ITEM], page: 1, limit: 50, total: 1, decidable: 1 }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  shortcutsStore.set('on');
  vi.restoreAllMocks();
});

/** The inbox with its one item selected, the focus on the item's checkbox. */
async function selectedInbox() {
  const kit = renderKit(<InboxPage />, { route: '/inbox' });
  const box = await screen.findByRole('checkbox', { name: /withdrawal #7/i });
  await kit.user.click(box);
  expect(box).toBeChecked();
  return kit;
}

describe('the inbox keys a and d', () => {
  it('open approve and decline for the selection while single-key shortcuts are on', async () => {
    const { user } = await selectedInbox();
    await user.keyboard('d');
    const dialog = await screen.findByTestId('inbox-confirm');
    expect(within(dialog).getByRole('heading', { name: 'Decline 1 item' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('inbox-confirm')).toBeNull();
    await user.keyboard('a');
    expect(within(await screen.findByTestId('inbox-confirm')).getByRole('heading', { name: 'Approve 1 item' })).toBeInTheDocument();
  });

  it('do nothing once single-key shortcuts are switched off in the admin menu; the buttons still work', async () => {
    shortcutsStore.set('off');
    const { user } = await selectedInbox();
    await user.keyboard('a');
    await user.keyboard('d');
    expect(screen.queryByTestId('inbox-confirm')).toBeNull();
    await user.click(screen.getByTestId('inbox-decline'));
    expect(await screen.findByTestId('inbox-confirm')).toBeInTheDocument();
  });
});
