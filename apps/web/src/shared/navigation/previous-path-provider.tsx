import { createContext, useContext, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { nextPreviousPath } from './previous-path.ts';

const PreviousPathContext = createContext<string | null>(null);

/** Tracks the path before the current one (SPEC.md §2) for usePreviousPath. */
export function PreviousPathProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const current = `${location.pathname}${location.search}`;
  const [track, setTrack] = useState<{ current: string; from: string | null }>({ current, from: null });
  if (track.current !== current) {
    // adjusting state while rendering on a location change (React re-renders before committing)
    setTrack({ current, from: nextPreviousPath(track.from, track.current, current) });
  }
  return <PreviousPathContext.Provider value={track.from}>{children}</PreviousPathContext.Provider>;
}

/** The remembered previous path ('from'), e.g. for a back link; null on the first page. */
export function usePreviousPath(): string | null {
  return useContext(PreviousPathContext);
}
