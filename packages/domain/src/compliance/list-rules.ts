/**
 * What a proposed version of a list changes against the one in force (decision 1103): entries
 * matched by their reference, changed when their content hash differs. A version dropping more
 * than a fifth of the active entries is most likely a truncated or wrong file, so the second
 * officer must confirm it explicitly.
 */
export const LARGE_DROP_SHARE = 0.2;

export interface EntryFingerprint {
  reference: string;
  contentHash: string;
}

export interface ListDiffCounts {
  added: number;
  removed: number;
  changed: number;
}

export const LIST_CHANGES = ['added', 'removed', 'changed'] as const;
export type ListChange = (typeof LIST_CHANGES)[number];

export function diffCounts(active: readonly EntryFingerprint[], proposed: readonly EntryFingerprint[]): ListDiffCounts {
  const before = new Map(active.map((e) => [e.reference, e.contentHash]));
  let added = 0;
  let changed = 0;
  for (const e of proposed) {
    const hash = before.get(e.reference);
    if (hash === undefined) added += 1;
    else if (hash !== e.contentHash) changed += 1;
  }
  const after = new Set(proposed.map((e) => e.reference));
  const removed = active.filter((e) => !after.has(e.reference)).length;
  return { added, removed, changed };
}

/** More than LARGE_DROP_SHARE of the active entries removed (none active: nothing can drop). */
export function isLargeDrop(activeCount: number, removed: number): boolean {
  return activeCount > 0 && removed > activeCount * LARGE_DROP_SHARE;
}
