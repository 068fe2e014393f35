import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserListItem } from '@aurum/domain/users/user-views';
import { renderKit } from '#testing/render-kit.tsx';
import { UserPicker } from '../user-picker.tsx';

const USERS = ['alice', 'albert', 'bob', 'carol'].map(
  (username, i): UserListItem => ({
    id: i + 1,
    username,
    email: `${username}@example.com`,
    firstName: username,
    lastName: 'Tan',
    phone: null,
    category: 'individual',
    companyName: null,
    companyRegistrationNumber: null,
    companyPhoneNumber: null,
    internal: false,
    preferredLanguage: 'en',
    acceptedTermsVersion: null,
    createdAt: '2026-01-05T02:00:00.000Z',
    createdBy: null,
    bankStatus: null,
  }),
);

/** The server's user list (GET user/list): `q` matched against the username; every search asked is kept. */
let searches: (string | null)[] = [];
beforeEach(() => {
  searches = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://console.test');
    // a chosen user's own record (the label of a preset value): not needed here
    if (!url.pathname.endsWith('/user/list')) return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
    const q = url.searchParams.get('q');
    searches.push(q);
    const items = USERS.filter((u) => q === null || u.username.includes(q));
    return new Response(JSON.stringify({ items, page: 1, limit: 20, total: items.length }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function Picker({ onChange }: { onChange: (v: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <UserPicker
      label="User"
      optionLabel={(u) => `${u.username} (${u.id})`}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('UserPicker (searched on the server)', () => {
  it('asks the server once typing pauses, not at each key, and picks from its answer', async () => {
    const onChange = vi.fn();
    const { user } = renderKit(<Picker onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'User' }));
    // the first page with no text
    await waitFor(() => expect(screen.getByRole('option', { name: 'carol (4)' })).toBeInTheDocument());
    expect(searches).toEqual([null]);
    await user.keyboard('al');
    // while typing is not settled the list says it is loading
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['alice (1)', 'albert (2)']));
    // one search for 'al': none for 'a'
    expect(searches).toEqual([null, 'al']);
    await user.click(screen.getByRole('option', { name: 'albert (2)' }));
    expect(onChange).toHaveBeenCalledWith('2');
    expect(screen.getByRole('combobox', { name: 'User' })).toHaveTextContent('albert (2)');
  });
});
