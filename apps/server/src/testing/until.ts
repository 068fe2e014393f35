/**
 * Waits for a condition (checked every `every` ms, a throw counting as not yet) and answers the
 * moment it held; fails naming `what` once `ms` have passed. Tests wait on conditions, never on a
 * fixed sleep.
 */
export async function until(what: string, check: () => Promise<boolean> | boolean, ms: number, every = 50): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await Promise.resolve().then(check).catch(() => false)) return Date.now();
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, every));
  }
}
