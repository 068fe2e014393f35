import { useMemo, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@aurum/domain/users/user-views';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { userQueries } from '../queries/user-queries.ts';
import { Combobox, MultiCombobox, type ComboboxProps, type MultiComboboxProps } from '../ui/combobox.tsx';
import type { SelectOption } from '../ui/select.tsx';

/** How long typing must pause before a picker asks the server. */
export const USER_SEARCH_DEBOUNCE_MS = 250;

/** What a picker shows of a user (each screen keeps its own wording). */
export type UserLabel = (user: Pick<UserProfile, 'id' | 'username' | 'email' | 'firstName' | 'lastName'>) => string;

/** The users a picker offers: searched on the server as typed (debounced), 20 at a time, ids in `exclude` left out. */
const NONE: readonly string[] = [];

function useUserOptions(optionLabel: UserLabel, exclude: readonly string[] = NONE) {
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text, USER_SEARCH_DEBOUNCE_MS);
  const search = useInfiniteQuery(userQueries.search(settled));
  const options = useMemo<SelectOption[]>(
    () => (search.data?.pages ?? []).flatMap((page) => page.items).filter((u) => !exclude.includes(String(u.id))).map((u) => ({ value: String(u.id), label: optionLabel(u) })),
    [search.data, exclude, optionLabel],
  );
  return {
    options,
    loading: search.isPending || text !== settled,
    onSearchChange: setText,
    hasMore: search.hasNextPage,
    loadingMore: search.isFetchingNextPage,
    onLoadMore: () => void search.fetchNextPage(),
  };
}

/** The label of a chosen user the search has not listed (e.g. given as ?userId=): from the user's own record. */
function usePresetLabel(value: string | null, optionLabel: UserLabel) {
  const userId = value && /^\d+$/.test(value) ? Number(value) : 0;
  const user = useQuery(userQueries.detail(userId));
  return (v: string) => (user.data && String(user.data.profile.id) === v ? optionLabel(user.data.profile) : undefined);
}

type PickerProps<P> = Omit<P, 'options' | 'onSearchChange' | 'hasMore' | 'loadingMore' | 'onLoadMore' | 'labelOf' | 'loading'> & { optionLabel: UserLabel; exclude?: readonly string[] };

/** A user picker (value: the user id as text) that searches the server as typed. */
export function UserPicker({ optionLabel, exclude, ...rest }: PickerProps<ComboboxProps>) {
  const source = useUserOptions(optionLabel, exclude);
  const labelOf = usePresetLabel(rest.value, optionLabel);
  return <Combobox {...rest} {...source} labelOf={labelOf} />;
}

/** Several users (values: user ids as text), searched on the server as typed. */
export function UserMultiPicker({ optionLabel, exclude, ...rest }: PickerProps<MultiComboboxProps>) {
  const source = useUserOptions(optionLabel, exclude);
  return <MultiCombobox {...rest} {...source} />;
}
