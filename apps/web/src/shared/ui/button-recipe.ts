/**
 * The one button look, as data (no library here: the sign-in route imports it, see
 * features/auth/components/auth-button.tsx): variants primary, secondary, danger, ghost; sizes
 * sm, md, icon. Disabled is visibly so: reduced contrast and a not-allowed cursor.
 * `Button` (button.tsx) turns it into class-variance-authority variants.
 */
export const BUTTON_RECIPE = {
  base: 'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
  variants: {
    variant: {
      primary: 'bg-primary text-primary-foreground hover:bg-primary-hover focus-visible:outline-ring disabled:hover:bg-primary',
      secondary: 'border border-input bg-surface text-foreground hover:bg-surface-hover focus-visible:outline-slate-500 disabled:hover:bg-surface',
      danger: 'bg-danger text-danger-foreground hover:bg-danger-hover focus-visible:outline-danger disabled:hover:bg-danger',
      ghost: 'text-subtle-foreground hover:bg-muted focus-visible:outline-slate-500 disabled:hover:bg-transparent',
    },
    size: {
      sm: 'px-3 py-1.5 text-sm',
      md: 'px-4 py-2 text-sm',
      icon: 'p-2',
    },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
} as const;

export type ButtonVariant = keyof typeof BUTTON_RECIPE.variants.variant;
export type ButtonSize = keyof typeof BUTTON_RECIPE.variants.size;

/**
 * The classes of a variant and size joined without a library, for what the first load shows (the
 * auth pages, the error and not-found pages): `buttonVariants` everywhere else.
 */
export function plainButtonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return `${BUTTON_RECIPE.base} ${BUTTON_RECIPE.variants.variant[variant]} ${BUTTON_RECIPE.variants.size[size]}`;
}
