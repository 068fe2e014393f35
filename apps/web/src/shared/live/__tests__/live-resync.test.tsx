import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { liveStore, useLiveResync } from '../live.ts';

/** A screen showing a server figure that no live message updates (say, a list). */
function Shown({ read }: { read: () => Promise<number> }) {
  useLiveResync();
  const { data } = useQuery({ queryKey: ['figure'], queryFn: read, staleTime: Infinity });
  return <p>figure {data ?? '...'}</p>;
}

describe('a Resync from the live socket', () => {
  it('fetches again what the screen shows; other messages do not', async () => {
    let server = 1;
    let reads = 0;
    const read = async () => {
      reads += 1;
      return server;
    };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Shown read={read} />
      </QueryClientProvider>,
    );
    await screen.findByText('figure 1');
    // changed on the server while the socket was away: nothing pushed it
    server = 2;
    liveStore.apply({ type: 'InboxChanged', data: {} });
    expect(reads).toBe(1);
    expect(screen.getByText('figure 1')).toBeTruthy();
    liveStore.apply({ type: 'Resync', data: {} });
    await waitFor(() => expect(screen.getByText('figure 2')).toBeTruthy());
    expect(reads).toBe(2);
  });
});
