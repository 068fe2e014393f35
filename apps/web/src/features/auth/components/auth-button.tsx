import { plainButtonClasses } from '#shared/ui/button-recipe.ts';
import { ButtonBase, type ButtonBaseProps } from '#shared/ui/button-base.tsx';

/**
 * The auth pages' full-width primary button. It takes the console's button recipe as plain
 * strings rather than through `Button`: class-variance-authority and tailwind-merge would add
 * about 9 KB to the sign-in route (budget 150 KB, README "First-load budget").
 */
export const AUTH_BUTTON_CLASSES = `${plainButtonClasses('primary', 'md')} w-full`;

export function AuthButton(props: Omit<ButtonBaseProps, 'className'>) {
  return <ButtonBase type="submit" className={AUTH_BUTTON_CLASSES} {...props} />;
}
