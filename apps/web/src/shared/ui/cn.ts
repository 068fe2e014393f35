import { cx } from 'class-variance-authority';
import { twMerge } from 'tailwind-merge';

/** Joins class names (falsy parts dropped) and lets a later Tailwind class win over an earlier one of its kind. */
export function cn(...parts: Parameters<typeof cx>): string {
  return twMerge(cx(...parts));
}
