import { cva, type VariantProps } from 'class-variance-authority';
import { BUTTON_RECIPE } from './button-recipe.ts';
import { ButtonBase, type ButtonBaseProps } from './button-base.tsx';
import { cn } from './cn.ts';

/** The button classes of a variant and size, for a button or for a link that looks like one. */
export const buttonVariants = cva(BUTTON_RECIPE.base, { variants: BUTTON_RECIPE.variants, defaultVariants: BUTTON_RECIPE.defaultVariants });

export interface ButtonProps extends ButtonBaseProps, VariantProps<typeof buttonVariants> {}

/** The console's button: a variant (primary, secondary, danger, ghost) and a size; `className` may override any part. */
export function Button({ variant, size, className, ...rest }: ButtonProps) {
  return <ButtonBase className={cn(buttonVariants({ variant, size }), className)} {...rest} />;
}
