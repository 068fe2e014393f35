/**
 * Renders a piece of the console for a component test: a fresh query client (no retries, as the
 * console's), a memory router at `route` and a user-event session. `location()` is the router's
 * current search, as the address bar would show it.
 */
import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';

export interface KitRender extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
  /** The router's current search ('?status=Pending'), '' when none. */
  location: () => string;
}

export function renderKit(ui: ReactElement, { route = '/' }: { route?: string } = {}): KitRender {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  const seen = { search: '' };
  function LocationProbe() {
    seen.search = useLocation().search;
    return null;
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        {children}
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>
  );
  // no pause between keys: typing is a loop of events, not a timer
  const user = userEvent.setup({ delay: null });
  const result = render(ui, { wrapper });
  return { ...result, user, queryClient, location: () => seen.search };
}
