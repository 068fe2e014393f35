import { useEffect, useState } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

type Load<T extends FieldValues> = () => Promise<z.ZodType<T, T>>;

/**
 * A react-hook-form resolver for a domain zod schema that loads the schema (and the zod
 * resolver) on first use. The auth pages are part of the first load; with this the schema
 * library arrives after the first paint instead of in front of it, and the rules stay the
 * domain's.
 */
export function lazyZodResolver<T extends FieldValues>(load: Load<T>): { resolver: Resolver<T>; warmUp: () => void } {
  let ready: Promise<Resolver<T>> | null = null;
  const get = () => {
    ready ??= Promise.all([import('@hookform/resolvers/zod'), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<T>,
      (error: unknown) => {
        ready = null;
        throw error;
      },
    );
    return ready;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    warmUp: () => {
      get().catch((error: unknown) => console.error('form rules failed to load', error));
    },
  };
}

/** What starts loading the rules: the admin's first key or click anywhere on the page. */
const FIRST_ACTIONS = ['keydown', 'pointerdown'] as const;

/**
 * lazyZodResolver for a component: one resolver per mount, warmed up at the admin's first key or
 * click, so nothing but the form itself is fetched before it takes input (the sign-in page's
 * budget, decision 0932); a submit before the rules arrived waits for them.
 */
export function useLazyZodResolver<T extends FieldValues>(load: Load<T>): Resolver<T> {
  const [lazy] = useState(() => lazyZodResolver(load));
  useEffect(() => {
    const listening = new AbortController();
    const warmUp = () => {
      listening.abort();
      lazy.warmUp();
    };
    for (const name of FIRST_ACTIONS) window.addEventListener(name, warmUp, { capture: true, signal: listening.signal });
    return () => listening.abort();
  }, [lazy]);
  return lazy.resolver;
}
